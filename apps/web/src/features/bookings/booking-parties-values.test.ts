import { bookingInput, PARSE_OPTIONS } from '@freight/contract';
import { describe, expect, it } from 'vitest';
import { bookingDetail } from '../../test-support/booking-fixture';
import { completeBooking } from '../../test-support/booking-form-fixture';
import { toBookingInput, toFormValues } from './booking-form-values';
import { emptyParty, toParty } from './booking-parties-values';

const typed = toParty({ party_name: 'TO ORDER OF BANK OF CHINA' });

describe('the parties and commercial terms in the form', () => {
  it('reads a chosen contact as chosen, and a party kept without one as typed', () => {
    const detail = bookingDetail();
    // As the server keeps a chosen contact: its copy.
    const copy = toParty({
      party_name: 'NINGBO BRIGHT ELECTRONICS CO., LTD',
      street: 'NO. 1 HARBOUR ROAD',
      city: 'NINGBO',
      country_code: 'CN',
      contact_name: 'WANG FANG',
      phone: '+8657487000001',
      email: 'shipper@example.com',
    });
    const values = toFormValues(
      { ...detail, shipper_party: copy, consignee_id: null, consignee_party: typed },
      false,
    );
    expect(values).toMatchObject({ shipper_typed: false, consignee_typed: true, shipper_id: 1 });
    const input = toBookingInput(values, 'fcl');
    // The chosen contact is read anew on save; the typed party goes as typed.
    expect(input).toMatchObject({ shipper_id: 1, shipper_party: null, consignee_id: null });
    expect(input.consignee_party).toMatchObject({ party_name: 'TO ORDER OF BANK OF CHINA' });
  });

  it('sends a typed party without the contact chosen before, and no empty notify party', () => {
    const input = toBookingInput(
      {
        ...completeBooking(),
        shipper_id: 1,
        shipper_typed: true,
        shipper_party: { ...emptyParty(), party_name: 'ACME' },
        notify_parties: [emptyParty(), { ...emptyParty(), party_name: ' ACE ' }],
        booking_contact: { name: ' 李明 ', phone: '', email: 'li@example.com' },
      },
      'fcl',
    );
    expect(input).toMatchObject({
      shipper_id: null,
      shipper_party: { party_name: 'ACME' },
      notify_parties: [{ party_name: 'ACE' }],
      booking_contact: { name: '李明', phone: '', email: 'li@example.com' },
    });
    expect(bookingInput.safeParse(input, PARSE_OPTIONS).error?.issues).toBeUndefined();
  });

  it('keeps the commercial terms on a copy, but not the purchase order or the declaration', () => {
    const detail = bookingDetail({
      service_contract_reference: 'SC123',
      is_export_declaration_required: true,
      export_declaration_reference: '2026310012345',
      purchase_order_reference: 'PO-9',
      declared_value: '85000.50',
      declared_value_currency: 'CNY',
      customs_references: [{ type: 'ACID', country_code: 'EG', values: ['1'] }],
    });
    expect(toBookingInput(toFormValues(detail, false), 'fcl')).toMatchObject({
      service_contract_reference: 'SC123',
      export_declaration_reference: '2026310012345',
      purchase_order_reference: 'PO-9',
      declared_value: '85000.50',
      declared_value_currency: 'CNY',
      customs_references: [{ type: 'ACID', country_code: 'EG', values: ['1'] }],
    });
    expect(toBookingInput(toFormValues(detail, true), 'fcl')).toMatchObject({
      service_contract_reference: 'SC123',
      export_declaration_reference: '',
      purchase_order_reference: '',
    });
    // A declaration's reference goes only with a declaration required.
    const cleared = { ...toFormValues(detail, false), is_export_declaration_required: false };
    expect(toBookingInput(cleared, 'fcl').export_declaration_reference).toBe('');
  });
});
