import '../../test-support/setup';
import type { BookingDetail } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingDetail } from '../../test-support/booking-fixture';
import { showDetail } from '../../test-support/booking-detail-render';

const party = (party_name: string, more: Partial<NonNullable<BookingDetail['shipper_party']>> = {}) => ({
  party_name,
  street: '',
  city: '',
  post_code: '',
  state_region: '',
  country_code: '',
  contact_name: '',
  phone: '',
  email: '',
  bl_text: '',
  ...more,
});

const plain = bookingDetail();
/** Consigned TO ORDER OF a bank, typed: no contact, two notify parties, a declared value, a B/L. */
const toOrder = bookingDetail({
  consignee_id: null,
  consignee: { ...plain.consignee, company1: '' },
  consignee_party: party('TO ORDER OF BANK OF CHINA NINGBO BRANCH'),
  notify_parties: [
    party('PACIFIC HOME GOODS INC.', {
      street: '100 HARBOR BLVD',
      city: 'LONG BEACH',
      country_code: 'US',
      contact_name: 'JOHN SMITH',
      phone: '+1 562 555 0100',
    }),
    party('ACE CUSTOMS BROKERS LLC', { bl_text: 'ACE CUSTOMS BROKERS LLC\nLOS ANGELES CA' }),
  ],
  booking_contact: { name: '李明', phone: '+86 574 8700 0001', email: '' },
  declared_value: '85000.50',
  declared_value_currency: 'CNY',
  transport_document_type: 'BOL',
  number_of_originals: 3,
  customs_references: [{ type: 'ACID', country_code: 'EG', values: ['1234567890123456789'] }],
});

const WORDS = {
  'en-US': {
    shipper: 'Shipper',
    consignee: 'Consignee',
    notify: 'Notify parties',
    notifyParty: (index: number) => `Notify party ${index}`,
    contact: 'Booking contact',
    commercial: 'Commercial and B/L terms',
    value: 'Declared value',
    document: ['Transport document', 'Bill of lading'],
    later: 'To follow with the shipping instructions',
    same: 'Same as consignee',
  },
  'zh-CN': {
    shipper: '发货人',
    consignee: '收货人',
    notify: '通知人',
    notifyParty: (index: number) => `通知人 ${index}`,
    contact: '订舱联系人',
    commercial: '商务与提单条款',
    value: '申报价值',
    document: ['运输单据', '提单'],
    later: '随补料（SI）提供',
    same: '同收货人',
  },
} as const;

/** The text shown beside a label of a panel's descriptions (a label and its value share a row). */
const valueOf = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { exact: true }).parentElement?.textContent?.replace(label, '');

describe('booking detail: the parties and the commercial terms', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'shows a typed TO ORDER consignee, both notify parties and the declared value ($0)',
    async (locale) => {
      const words = WORDS[locale];
      for (const side of ['member', 'forwarder'] as const) {
        const page = await showDetail(side, toOrder, locale);
        // The shipper was chosen from the book before the parties: its contact as kept.
        expect(screen.getByRole('region', { name: words.shipper }).textContent).toContain(
          'NINGBO BRIGHT ELECTRONICS CO., LTD',
        );
        expect(screen.getByRole('region', { name: words.consignee }).textContent).toContain(
          'TO ORDER OF BANK OF CHINA',
        );
        const notify = screen.getByRole('region', { name: words.notify });
        const first = within(notify).getByRole('group', { name: words.notifyParty(1) });
        expect(first.textContent).toContain('PACIFIC HOME GOODS INC.');
        expect(first.textContent).toContain('LONG BEACH US');
        expect(first.textContent).toContain('JOHN SMITH · +1 562 555 0100');
        const second = within(notify).getByRole('group', { name: words.notifyParty(2) });
        expect(second.textContent).toContain('LOS ANGELES CA');
        expect(within(notify).queryByText(words.same)).toBeNull();
        expect(screen.getByRole('region', { name: words.contact }).textContent).toContain(
          '李明 · +86 574 8700 0001',
        );
        const commercial = screen.getByRole('region', { name: words.commercial });
        expect(valueOf(commercial, words.value)).toBe('CNY 85,000.50');
        expect(valueOf(commercial, words.document[0])).toBe(words.document[1]);
        expect(within(commercial).getByRole('listitem').textContent).toBe('ACID (EG): 1234567890123456789');
        page.unmount();
      }
    },
  );

  it.each(['en-US', 'zh-CN'] as const)(
    'says which parties follow with the SI, and a notify party same as consignee ($0)',
    async (locale) => {
      const words = WORDS[locale];
      const none = { ...plain.shipper, company1: '' };
      await showDetail(
        'member',
        bookingDetail({
          shipper_id: null,
          shipper: none,
          consignee_id: null,
          consignee: none,
          consignee_is_notify: true,
        }),
        locale,
      );
      for (const name of [words.shipper, words.consignee])
        expect(within(screen.getByRole('region', { name })).getByText(words.later)).toBeTruthy();
      expect(within(screen.getByRole('region', { name: words.notify })).getByText(words.same)).toBeTruthy();
      // A booking stating no commercial term has no such panel.
      expect(screen.queryByRole('region', { name: words.commercial })).toBeNull();
    },
  );
});
