import '../../test-support/setup';
import { type Locale } from '@freight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { bookingDetail } from '../../test-support/booking-fixture';
import { choose as chooseIn, openEditor, type User } from '../../test-support/booking-editor-render';
import type { BookingRequest } from './booking-form-values';
import { createBooking } from './bookings-api';

// The editor saves through these; the test reads what it would send.
vi.mock(import('./bookings-api'), async (original) => ({
  ...(await original()),
  createBooking: vi.fn(async () => bookingDetail({ id: 77, status: 0 })),
}));
const sent = () => vi.mocked(createBooking).mock.calls.at(-1)?.[0] as BookingRequest;

/** The container types of the reference list, by the portal's code. */
const CONTAINERS = [
  { id: 1, name: '20GP', code: '20GP' },
  { id: 3, name: '40HQ', code: '40HQ' },
  { id: 5, name: '40RF', code: '40RF' },
  { id: 9, name: '40FR', code: '40FR' },
];

const WORDS = {
  'en-US': {
    type: 'Container type (line 1)',
    toggle: 'Cargo details (line 1)',
    section: 'Cargo details, line 1',
    temperature: 'Set temperature',
    closed: 'Closed',
    temperatureRequired:
      'Set temperature (row 1) is required for a reefer, unless it is booked as a non-operating reefer',
    addDg: 'Add dangerous goods',
    dg: 'Dangerous goods 1',
    un: 'UN number',
    imoClass: 'IMO class',
    name: 'Proper shipping name',
    packingGroup: 'Packing group',
    packingGroupRequired: 'Packing group (row 1) is required for class 3 dangerous goods',
    contact: 'Emergency contact',
    phone: 'Emergency phone',
    overWidth: 'Over-width left (cm)',
    save: 'Save draft',
    submit: 'Submit booking',
  },
  'zh-CN': {
    type: '第 1 行箱型',
    toggle: '第 1 行货物明细',
    section: '第 1 行货物明细',
    temperature: '设定温度',
    closed: '关闭',
    temperatureRequired: '冷藏箱须填写第 1 行设定温度，或选择冷代干',
    addDg: '添加危险品',
    dg: '危险品 1',
    un: 'UN 编号',
    imoClass: '危险品类别',
    name: '正式运输名称',
    packingGroup: '包装类别',
    packingGroupRequired: '第 3 类危险品须填写第 1 行包装类别',
    contact: '应急联系人',
    phone: '应急电话',
    overWidth: '左超宽（cm）',
    save: '保存草稿',
    submit: '提交订舱',
  },
} as const;

/** The form of a new booking of `mode`, with the container types; the words of its language. */
async function openForm(locale: Locale, mode: 'fcl' | 'lcl' = 'fcl') {
  const containers = queryKeys.reference.list('container', 1000, {}, locale);
  await openEditor(locale, undefined, [[containers, { lists: CONTAINERS, total: CONTAINERS.length }]], mode);
  return WORDS[locale];
}

/** Chooses `option` in the select named `name` (within `scope`). */
const choose = (user: User, name: string, option: string, scope: HTMLElement = document.body) =>
  chooseIn(user, name, option, { scope });

const expanded = (words: (typeof WORDS)[Locale]) =>
  screen.getByRole('button', { name: words.toggle }).getAttribute('aria-expanded');

beforeEach(() => vi.mocked(createBooking).mockClear());

describe('booking form: a plain dry line', () => {
  it('keeps its special cargo closed and sends none', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US');
    await choose(user, words.type, '40HQ');
    expect(expanded(words)).toBe('false');
    expect(screen.queryByRole('group', { name: words.section })).toBeNull();
    await user.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent().containers?.[0]).toMatchObject({
      container_id: 3,
      is_shipper_owned: false,
      reefer: null,
      out_of_gauge: null,
      commodities: [expect.objectContaining({ dangerous_goods: [] })],
    });
  });
});

describe('booking form: a reefer line', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'shows its settings once 40RF is chosen and asks for the set temperature ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = await openForm(locale);
      expect(expanded(words)).toBe('false');
      await choose(user, words.type, '40RF');
      expect(expanded(words)).toBe('true');
      const section = screen.getByRole('group', { name: words.section });
      await user.click(screen.getByRole('button', { name: words.submit }));
      expect(await within(section).findByText(words.temperatureRequired)).toBeTruthy();
      expect(createBooking).not.toHaveBeenCalled();
      await user.type(within(section).getByRole('spinbutton', { name: words.temperature }), '-18');
      await user.click(within(section).getByRole('radio', { name: words.closed }));
      await user.click(screen.getByRole('button', { name: words.save }));
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(sent().containers?.[0]).toMatchObject({
        container_id: 5,
        is_non_operating_reefer: false,
        reefer: { temperature_setpoint: -18, temperature_unit: 'CEL', ventilation_open: false },
      });
    },
  );

  it('clears the settings when the type becomes a dry one', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US');
    await choose(user, words.type, '40RF');
    const section = screen.getByRole('group', { name: words.section });
    await user.type(within(section).getByRole('spinbutton', { name: words.temperature }), '5');
    await choose(user, words.type, '40HQ');
    await waitFor(() =>
      expect(within(section).queryByRole('spinbutton', { name: words.temperature })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent().containers?.[0]).toMatchObject({
      container_id: 3,
      reefer: null,
      is_non_operating_reefer: false,
    });
  });
});

describe('booking form: dangerous goods', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'refuses class 3 without a packing group, and sends the entry once complete ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = await openForm(locale);
      await user.click(screen.getByRole('button', { name: words.toggle }));
      const section = screen.getByRole('group', { name: words.section });
      // The button's name begins with its icon's ("plus").
      await user.click(within(section).getByRole('button', { name: new RegExp(`${words.addDg}$`) }));
      const entry = within(section).getByRole('group', { name: words.dg });
      await user.type(within(entry).getByRole('textbox', { name: words.un }), 'UN 1263');
      await user.type(within(entry).getByRole('combobox', { name: words.imoClass }), '3');
      await user.type(within(entry).getByRole('textbox', { name: words.name }), 'paint');
      await user.click(screen.getByRole('button', { name: words.submit }));
      expect(await within(entry).findByText(words.packingGroupRequired)).toBeTruthy();
      expect(createBooking).not.toHaveBeenCalled();
      await choose(user, words.packingGroup, 'III', entry);
      await user.type(within(entry).getByRole('textbox', { name: words.contact }), 'LI MING');
      await user.type(within(entry).getByRole('textbox', { name: words.phone }), '+86 21 5555 1234');
      await user.click(screen.getByRole('button', { name: words.save }));
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(sent().containers[0]?.commodities[0]?.dangerous_goods).toEqual([
        expect.objectContaining({
          un_number: 'UN 1263',
          na_number: null,
          imo_class: '3',
          packing_group: 3,
          proper_shipping_name: 'PAINT',
          emergency_contact_name: 'LI MING',
          emergency_contact_phone: '+86 21 5555 1234',
        }),
      ]);
    },
  );
});

describe('booking form: out of gauge', () => {
  it('asks a flat rack for its overhang and sends it', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US');
    await choose(user, words.type, '40FR');
    // Not a reefer: nothing is asked for, the details stay closed until opened.
    expect(expanded(words)).toBe('false');
    await user.click(screen.getByRole('button', { name: words.toggle }));
    const section = screen.getByRole('group', { name: words.section });
    await user.type(within(section).getByRole('spinbutton', { name: words.overWidth }), '20');
    await user.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent().containers?.[0]).toMatchObject({
      container_id: 9,
      out_of_gauge: { over_width_left: 20, over_width_right: null, over_height: null },
    });
  });

  it('has no overhang for a 40HQ, and clears what a flat rack had', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US');
    await choose(user, words.type, '40FR');
    await user.click(screen.getByRole('button', { name: words.toggle }));
    const section = screen.getByRole('group', { name: words.section });
    await user.type(within(section).getByRole('spinbutton', { name: words.overWidth }), '20');
    await choose(user, words.type, '40HQ');
    await waitFor(() =>
      expect(within(section).queryByRole('spinbutton', { name: words.overWidth })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent().containers?.[0]).toMatchObject({ container_id: 3, out_of_gauge: null });
  });
});

describe('booking form: an LCL cargo line', () => {
  it('has only dangerous goods among its special cargo', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US', 'lcl');
    // An LCL line is one commodity: its details are its special cargo only.
    await user.click(screen.getByRole('button', { name: 'Special cargo (line 1)' }));
    const section = screen.getByRole('group', { name: 'Special cargo, line 1' });
    expect(within(section).queryByRole('checkbox', { name: 'Shipper-owned container (SOC)' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: new RegExp(`${words.addDg}$`) }));
    expect(within(section).getByRole('group', { name: words.dg })).toBeTruthy();
  });
});
