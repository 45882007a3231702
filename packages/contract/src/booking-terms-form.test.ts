import { describe, expect, it } from 'vitest';
import { bookingDraftInput, bookingInput } from './booking.js';
import { earliestReadyDate } from './booking-fields.js';
import { serviceTermText, serviceTypesOf } from './booking-terms.js';
import { PARSE_OPTIONS, toFieldErrors } from './validation.js';

/** A plain dry FCL booking, complete: what the form sent before the booking's terms existed. */
const plain = {
  container_mode: 1,
  forwarder_id: 7,
  shipper_id: 1,
  consignee_id: 2,
  ready_date: earliestReadyDate(new Date(Date.now() + 3 * 86_400_000)),
  incoterm: 'FOB',
  pol_id: 1,
  pod_id: 2,
  to_id: 2,
  containers: [
    {
      container_id: 1,
      description: 'SHOES',
      packages: 10,
      unit_id: 1,
      weight: '1000',
      volume: '10',
      quantity: 1,
    },
  ],
};
const door = {
  address: '上海市浦东新区川沙路 88 号 3 号仓库',
  contact_name: '李工',
  phone: '+86 21 5555 1234',
};

const errorsOf = (
  schema: typeof bookingInput | typeof bookingDraftInput,
  body: object,
  locale = 'en-US' as const,
) => {
  const result = schema.safeParse(body, PARSE_OPTIONS);
  return result.success ? [] : toFieldErrors(result.error, locale);
};

describe('the booking form with its terms', () => {
  it('takes a plain dry FCL booking as before, read as CY-CY, with nothing new asked', () => {
    const result = bookingInput.safeParse(plain, PARSE_OPTIONS);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({
      receipt_type: '',
      delivery_type: '',
      requested_etd: null,
      container_positionings: [],
      export_customs_by: '',
      requested_services: [],
    });
    const { receipt, delivery } = serviceTypesOf(result.data);
    expect(serviceTermText(receipt, delivery)).toBe('CY-CY');
    expect(serviceTermText(...(Object.values(serviceTypesOf({ container_mode: 2 })) as ['CFS', 'CFS']))).toBe(
      'CFS-CFS',
    );
  });

  it('asks a door receipt for its loading address on submit, in both languages, but lets a draft wait', () => {
    const body = { ...plain, receipt_type: 'SD' };
    expect(errorsOf(bookingInput, body)).toContainEqual({
      field: 'container_positionings',
      message: 'Loading address is required for a door receipt (SD)',
    });
    expect(errorsOf(bookingInput, body, 'zh-CN' as 'en-US')[0]?.message).toMatch(/装货地址/);
    expect(errorsOf(bookingDraftInput, body)).toEqual([]);
    const ok = bookingInput.safeParse({ ...body, container_positionings: [door] }, PARSE_OPTIONS);
    expect(
      ok.success && serviceTermText(serviceTypesOf(ok.data).receipt, serviceTypesOf(ok.data).delivery),
    ).toBe('DOOR-CY');
  });

  it('refuses loading stops on a yard receipt and a broken arrival window even in a draft', () => {
    expect(errorsOf(bookingDraftInput, { ...plain, container_positionings: [door] })).toEqual([
      { field: 'container_positionings', message: 'Loading address applies only to a door receipt (SD)' },
    ]);
    expect(
      errorsOf(bookingDraftInput, {
        ...plain,
        requested_arrival_from: '2027-02-10',
        requested_arrival_to: '2027-02-01',
      }),
    ).toEqual([
      {
        field: 'requested_arrival_to',
        message: 'Arrival window end cannot be before the arrival window start',
      },
    ]);
    expect(errorsOf(bookingDraftInput, { ...plain, requested_vessel_imo: '9074728' })).toContainEqual(
      expect.objectContaining({ field: 'requested_vessel_imo' }),
    );
  });

  it('keeps the sailing asked for, upper-cased for the documents, with a checked IMO number', () => {
    const result = bookingInput.safeParse(
      {
        ...plain,
        requested_etd: '2027-01-20',
        requested_vessel_name: 'ever given',
        requested_vessel_imo: '9811000',
        requested_voyage: '1234w',
      },
      PARSE_OPTIONS,
    );
    expect(result.success && result.data).toMatchObject({
      requested_vessel_name: 'EVER GIVEN',
      requested_vessel_imo: '9811000',
      requested_voyage: '1234W',
    });
  });

  it('keeps the services asked for once each, in one order, and refuses one it does not know', () => {
    const result = bookingInput.safeParse(
      {
        ...plain,
        requested_services: ['fumigation', 'insurance', 'fumigation'],
        export_customs_by: 'forwarder',
      },
      PARSE_OPTIONS,
    );
    expect(result.success && result.data.requested_services).toEqual(['insurance', 'fumigation']);
    expect(errorsOf(bookingInput, { ...plain, requested_services: ['trucking'] })[0]?.field).toBe(
      'requested_services.0',
    );
  });
});
