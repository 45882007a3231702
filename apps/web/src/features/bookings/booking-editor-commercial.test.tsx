import '../../test-support/setup';
import type { BookingInput } from '@freight/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDetail } from '../../test-support/booking-fixture';
import { choose, openEditor, submitAndConfirm, type User } from '../../test-support/booking-editor-render';
import { completeBooking } from '../../test-support/booking-form-fixture';
import { toFormValues } from './booking-form-values';
import { createBooking } from './bookings-api';

// The editor saves through these; the test reads what it would send.
vi.mock(import('./bookings-api'), async (original) => ({
  ...(await original()),
  createBooking: vi.fn(async () => bookingDetail({ id: 77, status: 0 })),
}));
const sent = () => vi.mocked(createBooking).mock.calls.at(-1)?.[0] as BookingInput;

const WORDS = {
  'en-US': {
    section: 'Commercial and B/L terms',
    value: 'Declared value',
    currency: 'Declared value currency',
    document: 'Transport document',
    waybill: 'Sea waybill',
    originals: 'Number of originals',
    contract: 'Service contract number',
    submit: 'Submit booking',
    currencyRequired: 'Declared value currency is required with a declared value',
    noOriginals: 'Number of originals must be 0 for a sea waybill, which has no originals',
  },
  'zh-CN': {
    section: '商务与提单条款',
    value: '申报价值',
    currency: '申报价值币种',
    document: '运输单据',
    waybill: '海运单',
    originals: '正本份数',
    contract: '运价合约号',
    submit: '提交订舱',
    currencyRequired: '填写申报价值时须填写申报价值币种',
    noOriginals: '海运单没有正本，正本份数须为 0',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** Opens the folded section and types a declared value. */
async function declare(user: User, words: Words, value: string) {
  await user.click(screen.getByRole('button', { name: words.section }));
  await user.click(await screen.findByRole('textbox', { name: words.value }));
  await user.paste(value);
}

beforeEach(() => vi.mocked(createBooking).mockClear());

describe('booking form: the commercial and B/L terms', () => {
  it.each(['en-US', 'zh-CN'] as const)('sends a declared value with its currency ($0)', async (locale) => {
    const user = userEvent.setup();
    const words = WORDS[locale];
    await openEditor(locale, completeBooking());
    expect(screen.getByRole('button', { name: words.section }).getAttribute('aria-expanded')).toBe('false');
    await declare(user, words, '85000.50');
    await choose(user, words.currency, 'CNY', { search: 'CNY' });
    await submitAndConfirm(user, words.submit);
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      declared_value: '85000.50',
      declared_value_currency: 'CNY',
      service_contract_reference: '',
      transport_document_type: '',
      number_of_originals: null,
      customs_references: [],
    });
  });

  it.each(['en-US', 'zh-CN'] as const)('refuses a value without its currency ($0)', async (locale) => {
    const user = userEvent.setup();
    const words = WORDS[locale];
    await openEditor(locale, completeBooking());
    await declare(user, words, '85000.50');
    await user.click(screen.getByRole('button', { name: words.submit }));
    expect(await screen.findByText(words.currencyRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['en-US', 'zh-CN'] as const)('refuses a sea waybill with originals ($0)', async (locale) => {
    const user = userEvent.setup();
    const words = WORDS[locale];
    await openEditor(locale, completeBooking());
    await user.click(screen.getByRole('button', { name: words.section }));
    await choose(user, words.document, words.waybill);
    // A sea waybill takes none: 0 is filled in.
    const originals = screen.getByRole('spinbutton', { name: words.originals });
    await waitFor(() => expect((originals as HTMLInputElement).value).toBe('0'));
    await user.clear(originals);
    await user.type(originals, '2');
    await user.click(screen.getByRole('button', { name: words.submit }));
    expect(await screen.findByText(words.noOriginals)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens by itself for a booking that states some, and offers no contract on a quote', async () => {
    await openEditor(
      'en-US',
      toFormValues(
        bookingDetail({ quote_id: 5, declared_value: '100.00', declared_value_currency: 'USD' }),
        false,
      ),
    );
    const words = WORDS['en-US'];
    expect(screen.getByRole('button', { name: words.section }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: words.contract }).hasAttribute('disabled')).toBe(true);
    cleanup();
    await openEditor('en-US', completeBooking());
    await userEvent.click(screen.getByRole('button', { name: words.section }));
    expect(screen.getByRole('textbox', { name: words.contract }).hasAttribute('disabled')).toBe(false);
  });
});
