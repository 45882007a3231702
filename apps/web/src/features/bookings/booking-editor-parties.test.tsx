import '../../test-support/setup';
import type { BookingInput, Contact } from '@freight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { bookingDetail } from '../../test-support/booking-fixture';
import { choose, openEditor, submitAndConfirm, type User } from '../../test-support/booking-editor-render';
import { completeBooking } from '../../test-support/booking-form-fixture';
import { createBooking } from './bookings-api';

// The editor saves through these; the test reads what it would send.
vi.mock(import('./bookings-api'), async (original) => ({
  ...(await original()),
  createBooking: vi.fn(async () => bookingDetail({ id: 77, status: 0 })),
}));
const sent = () => vi.mocked(createBooking).mock.calls.at(-1)?.[0] as BookingInput;

const WORDS = {
  'en-US': {
    consignee: 'Consignee: choose or type',
    typeParty: 'Type the party',
    toOrder: 'TO ORDER',
    name: 'Name',
    addNotify: 'Add notify party (at most 3)',
    notify: (index: number) => `Notify party ${index}`,
    sameAsConsignee: 'Notify party same as consignee',
    submit: 'Submit booking',
    needsNotify: 'Notify party is required when the consignee is TO ORDER',
    notNotify: 'Notify party same as consignee cannot be chosen for a TO ORDER consignee',
    shipperRequired: 'Shipper is required',
  },
  'zh-CN': {
    consignee: '收货人：选择或直接填写',
    typeParty: '直接填写',
    toOrder: '凭指示（TO ORDER）',
    name: '名称',
    addNotify: '添加通知人（最多 3 个）',
    notify: (index: number) => `通知人 ${index}`,
    sameAsConsignee: '通知人同收货人',
    submit: '提交订舱',
    needsNotify: '收货人为 TO ORDER 时须填写通知人',
    notNotify: '收货人为 TO ORDER 时不能选择通知人同收货人',
    shipperRequired: '请选择发货人',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const escape = (text: string) => text.replace(/[()]/g, '\\$&');

/** Makes the consignee TO ORDER OF the bank, typed on the booking. */
async function toOrderOfBank(user: User, words: Words) {
  const consignee = screen.getByRole('group', { name: words.consignee });
  await user.click(within(consignee).getByRole('button', { name: words.toOrder }));
  const name = await within(consignee).findByRole('textbox', { name: words.name });
  expect((name as HTMLInputElement).value).toBe('TO ORDER');
  // Pasted after the name (each typed key renders the form anew: slow on a busy machine).
  await user.click(name);
  await user.paste(' of bank of china ningbo branch');
}

/** Adds a notify party named `name`, as the `index`th. */
async function addNotify(user: User, words: Words, index: number, name: string) {
  // The button's name starts with its icon's.
  await user.click(screen.getByRole('button', { name: new RegExp(`${escape(words.addNotify)}$`) }));
  const party = await screen.findByRole('group', { name: words.notify(index) });
  await user.click(within(party).getByRole('textbox', { name: words.name }));
  await user.paste(name);
}

beforeEach(() => vi.mocked(createBooking).mockClear());

describe('booking form: a consignee TO ORDER', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'is refused without a notify party, and sent with two ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = WORDS[locale];
      await openEditor(locale, completeBooking());
      await toOrderOfBank(user, words);
      await user.click(screen.getByRole('button', { name: words.submit }));
      expect(await screen.findByText(words.needsNotify)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();

      await addNotify(user, words, 1, 'pacific home goods inc.');
      await addNotify(user, words, 2, 'ace customs brokers llc');
      await waitFor(() => expect(screen.queryByText(words.needsNotify)).toBeNull());
      await submitAndConfirm(user, words.submit);
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(vi.mocked(createBooking).mock.calls[0]?.[1]).toBe(true);
      expect(sent()).toMatchObject({
        consignee_id: null,
        consignee_party: { party_name: 'TO ORDER OF BANK OF CHINA NINGBO BRANCH', street: '' },
        consignee_is_notify: false,
        notify_parties: [
          { party_name: 'PACIFIC HOME GOODS INC.' },
          { party_name: 'ACE CUSTOMS BROKERS LLC' },
        ],
      });
      expect(sent().notify_parties).toHaveLength(2);
    },
    // Two notify parties typed key by key: on two busy cores this takes longer than the default.
    40_000,
  );

  it.each(['en-US', 'zh-CN'] as const)('cannot be its own notify party ($0)', async (locale) => {
    const user = userEvent.setup();
    const words = WORDS[locale];
    await openEditor(locale, completeBooking());
    await toOrderOfBank(user, words);
    await addNotify(user, words, 1, 'PACIFIC HOME GOODS INC.');
    await user.click(screen.getByRole('checkbox', { name: words.sameAsConsignee }));
    await user.click(screen.getByRole('button', { name: words.submit }));
    expect(await screen.findByText(words.notNotify)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(createBooking).not.toHaveBeenCalled();
  });
});

describe('booking form: shipper and consignee', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'may both be left for the shipping instructions ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = WORDS[locale];
      await openEditor(locale, completeBooking());
      await submitAndConfirm(user, words.submit);
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(screen.queryByText(words.shipperRequired)).toBeNull();
      expect(sent()).toMatchObject({
        shipper_id: null,
        consignee_id: null,
        shipper_party: null,
        consignee_party: null,
        notify_parties: [],
        booking_contact: null,
      });
    },
  );

  it('types the party from the contact chosen, and sends it in place of the contact', async () => {
    const user = userEvent.setup();
    const contact: Contact = {
      id: 5,
      type: 'consignee',
      company1: 'Pacific Home Goods Inc.',
      company2: '',
      linkman: 'John Smith',
      address1: '100 Harbor Blvd',
      address2: '',
      city: 'Long Beach',
      province: 'CA',
      country_id: 2,
      country_name: 'United States',
      zip_code: '90802',
      phone: '+1 562 555 0100',
      email: 'john@pacific.example',
    };
    const country = { id: 2, code: 'US', name: 'United States', name_en: 'United States', name_zh: '美国' };
    await openEditor('en-US', completeBooking(), [
      [queryKeys.contacts.pick('', 'consignee'), { lists: [contact], total: 1 }],
      [queryKeys.contacts.one(5), contact],
      [queryKeys.reference.list('country', 1000, {}, 'en-US'), { lists: [country], total: 1 }],
    ]);
    const consignee = screen.getByRole('group', { name: WORDS['en-US'].consignee });
    await choose(user, 'Consignee', 'Pacific Home Goods Inc.', { scope: consignee });
    await user.click(within(consignee).getByRole('switch', { name: 'Type the party' }));
    const name = await within(consignee).findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('PACIFIC HOME GOODS INC.'));
    expect((within(consignee).getByRole('textbox', { name: 'Country code' }) as HTMLInputElement).value).toBe(
      'US',
    );
    await submitAndConfirm(user, WORDS['en-US'].submit);
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      consignee_id: null,
      consignee_party: {
        party_name: 'PACIFIC HOME GOODS INC.',
        street: '100 HARBOR BLVD',
        city: 'LONG BEACH',
        country_code: 'US',
        contact_name: 'JOHN SMITH',
        phone: '+1 562 555 0100',
      },
    });
  });
});
