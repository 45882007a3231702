import '../../test-support/setup';
import type { BookingInput, LocationItem } from '@freight/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { bookingDetail } from '../../test-support/booking-fixture';
import { choose, openEditor, submitAndConfirm, type User } from '../../test-support/booking-editor-render';
import { completeBooking } from '../../test-support/booking-form-fixture';
import { toFormValues } from './booking-form-values';
import { createBooking } from './bookings-api';
import { searchLocations } from './locations-api';

// The editor saves through these; the test reads what it would send.
vi.mock(import('./bookings-api'), async (original) => ({
  ...(await original()),
  createBooking: vi.fn(async () => bookingDetail({ id: 77, status: 0 })),
}));
const DUISBURG: LocationItem = {
  kind: 'inland',
  port_id: null,
  code: 'DEDUI',
  name: 'Duisburg',
  name_en: 'Duisburg',
  name_zh: '杜伊斯堡',
  country: 'DE',
  country_name: 'Germany',
};
// The search the name boxes ask, answered with Duisburg; the query calls the mock, not the network.
vi.mock(import('./locations-api'), async (original) => {
  const actual = await original();
  const searchLocations = vi.fn(async (_keyword: string) => ({ lists: [DUISBURG], total: 1 }));
  return {
    ...actual,
    searchLocations,
    locationsQuery: (keyword: string, language: string) => ({
      ...actual.locationsQuery(keyword, language),
      queryFn: () => searchLocations(keyword),
    }),
  };
});
const sent = () => vi.mocked(createBooking).mock.calls.at(-1)?.[0] as BookingInput;

/** The completed booking's ports (10 → 11, to 12) and Singapore, for the transshipment dropdown. */
const PORTS = (locale: 'en-US' | 'zh-CN'): [readonly unknown[], unknown] => [
  queryKeys.reference.list('port', 1000, {}, locale),
  {
    lists: [
      { id: 10, code: 'CNSHA', name: 'Shanghai', name_en: 'Shanghai', name_zh: '上海' },
      { id: 11, code: 'NLRTM', name: 'Rotterdam', name_en: 'Rotterdam', name_zh: '鹿特丹' },
      { id: 13, code: 'SGSIN', name: 'Singapore', name_en: 'Singapore', name_zh: '新加坡' },
    ],
    total: 3,
  },
];

const WORDS = {
  'en-US': {
    section: 'Places and transshipment',
    delivery: 'Inland place of delivery',
    deliveryCountry: 'Inland place of delivery country',
    deliveryCode: 'Inland place of delivery UN/LOCODE',
    receipt: 'Place of receipt',
    receiptCode: 'Place of receipt UN/LOCODE',
    transshipment: 'Transshipment port',
    submit: 'Submit booking',
    codeCountry: 'is not in the country given (DE)',
    isPol: 'Transshipment port cannot be the port of loading',
    nameRequired: 'Place of receipt is required',
  },
  'zh-CN': {
    section: '收货地、交货地与中转',
    delivery: '内陆交货地',
    deliveryCountry: '内陆交货地国家',
    deliveryCode: '内陆交货地 UN/LOCODE',
    receipt: '收货地',
    receiptCode: '收货地 UN/LOCODE',
    transshipment: '中转港',
    submit: '提交订舱',
    codeCountry: '不属于所填国家 DE',
    isPol: '中转港不能是起运港',
    nameRequired: '请填写收货地',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** A country's choice as the dropdown shows it: "DE · Germany", "DE · 德国". */
const countryOption = (locale: string, code: string) =>
  `${code} · ${new Intl.DisplayNames([locale], { type: 'region' }).of(code)}`;

/** Chooses a port in the transshipment dropdown (the ports chosen above show the same title). */
async function choosePort(user: User, name: string, option: string, search: string) {
  const box = screen.getByRole('combobox', { name });
  await user.click(box);
  await user.type(box, search);
  await waitFor(() =>
    expect(
      screen.getAllByTitle(option).some((node) => node.classList.contains('ant-select-item-option')),
    ).toBe(true),
  );
  const choice = screen
    .getAllByTitle(option)
    .find((node) => node.classList.contains('ant-select-item-option'));
  if (choice) await user.click(choice);
}

async function openPlaces(user: User, words: Words) {
  const section = screen.getByRole('button', { name: words.section });
  expect(section.getAttribute('aria-expanded')).toBe('false');
  await user.click(section);
}

beforeEach(() => {
  vi.mocked(createBooking).mockClear();
  vi.mocked(searchLocations).mockClear();
});

describe('booking form: places beyond the ports', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'picks Duisburg from the search, fills its country and code, and sends them ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = WORDS[locale];
      await openEditor(locale, completeBooking(), [PORTS(locale)]);
      await openPlaces(user, words);
      await user.type(screen.getByRole('combobox', { name: words.delivery }), 'duis');
      await waitFor(() => expect(searchLocations).toHaveBeenCalledWith('DUIS'));
      await user.click(await screen.findByText(/DEDUI · Germany/));
      await waitFor(() =>
        expect((screen.getByRole('textbox', { name: words.deliveryCode }) as HTMLInputElement).value).toBe(
          'DEDUI',
        ),
      );
      await choosePort(
        user,
        words.transshipment,
        locale === 'zh-CN' ? '新加坡 Singapore · SGSIN' : 'Singapore · SGSIN',
        'SGSIN',
      );
      await submitAndConfirm(user, words.submit);
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(sent()).toMatchObject({
        place_of_receipt: '',
        place_of_receipt_country: null,
        place_of_delivery: 'DUISBURG',
        place_of_delivery_country: 'DE',
        place_of_delivery_code: 'DEDUI',
        transshipment_port_id: 13,
        to_id: 12,
      });
    },
  );

  it.each(['en-US', 'zh-CN'] as const)(
    'refuses a code of another country and a code without a name ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = WORDS[locale];
      await openEditor(locale, completeBooking(), [PORTS(locale)]);
      await openPlaces(user, words);
      await user.type(screen.getByRole('combobox', { name: words.delivery }), 'My depot');
      await choose(user, words.deliveryCountry, countryOption(locale, 'DE'), { search: 'DE ·' });
      await user.type(screen.getByRole('textbox', { name: words.deliveryCode }), 'NLDUI');
      await user.type(screen.getByRole('textbox', { name: words.receiptCode }), 'CNCKG');
      await user.click(screen.getByRole('button', { name: words.submit }));
      expect(await screen.findByText(new RegExp(words.codeCountry.replace(/[()]/g, '\\$&')))).toBeTruthy();
      expect(await screen.findByText(new RegExp(words.nameRequired))).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(createBooking).not.toHaveBeenCalled();
    },
  );

  it('refuses a transshipment at the port of loading, and opens by itself for a booking that has places', async () => {
    const user = userEvent.setup();
    const words = WORDS['en-US'];
    await openEditor(
      'en-US',
      {
        ...toFormValues(
          bookingDetail({
            place_of_delivery: 'DUISBURG',
            place_of_delivery_country: 'DE',
            place_of_delivery_code: 'DEDUI',
          }),
          false,
        ),
        ...completeBooking(),
        place_of_delivery: 'DUISBURG',
        place_of_delivery_country: 'DE',
        place_of_delivery_code: 'DEDUI',
      },
      [PORTS('en-US')],
    );
    expect(screen.getByRole('button', { name: words.section }).getAttribute('aria-expanded')).toBe('true');
    await choosePort(user, words.transshipment, 'Shanghai · CNSHA', 'CNSHA');
    await user.click(screen.getByRole('button', { name: words.submit }));
    expect(await screen.findByText(words.isPol)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
