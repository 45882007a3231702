import '../../test-support/setup';
import type { Locale } from '@freight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDetail } from '../../test-support/booking-fixture';
import { openEditor } from '../../test-support/booking-editor-render';
import { toFormValues, type BookingRequest } from './booking-form-values';
import { formField } from './booking-line-terms-rules';
import { createBooking } from './bookings-api';

// The editor saves through these; the test reads what it would send.
vi.mock(import('./bookings-api'), async (original) => ({
  ...(await original()),
  createBooking: vi.fn(async () => bookingDetail({ id: 78, status: 0 })),
}));

const sent = () => vi.mocked(createBooking).mock.calls.at(-1)?.[0] as BookingRequest;

const WORDS = {
  'en-US': {
    description: 'Commodity (line 1)',
    hsCode: 'HS code (line 1)',
    weight: 'Gross weight (KG) (line 1)',
    toggle: 'Cargo details (line 1)',
    section: 'Cargo details, line 1',
    add: 'Add a commodity to line 1',
    second: 'Commodity 2',
    descriptionField: 'Commodity',
    hsCodes: 'HS codes',
    grossWeight: 'Gross weight (KG)',
    netWeight: 'Net weight (KG)',
    netAboveGross: 'cannot be more than the gross weight',
    badHsCode: 'HS codes must have 6 to 10 digits',
    save: 'Save draft',
  },
  'zh-CN': {
    description: '第 1 行品名',
    hsCode: '第 1 行HS 编码',
    weight: '第 1 行毛重（KG）',
    toggle: '第 1 行货物明细',
    section: '第 1 行货物明细',
    add: '为第 1 行添加货物',
    second: '货物 2',
    descriptionField: '品名',
    hsCodes: 'HS 编码',
    grossWeight: '毛重（KG）',
    netWeight: '净重（KG）',
    netAboveGross: '不能大于毛重',
    badHsCode: 'HS 编码须为 6 到 10 位数字',
    save: '保存草稿',
  },
} as const;

beforeEach(() => vi.mocked(createBooking).mockClear());

describe.each(['en-US', 'zh-CN'] as const)(
  'booking form: a line of several commodities (%s)',
  (locale: Locale) => {
    const words = WORDS[locale];

    it('adds a second commodity in the line’s details, refuses its net weight above the gross, and sends both', async () => {
      const user = userEvent.setup();
      await openEditor(locale);
      await user.type(screen.getByRole('textbox', { name: words.description }), 'leather shoes');
      await user.type(screen.getByRole('textbox', { name: words.hsCode }), '6403.99, 6404.11');
      await user.type(screen.getByRole('spinbutton', { name: words.weight }), '1200');
      await user.click(screen.getByRole('button', { name: words.toggle }));
      const section = screen.getByRole('group', { name: words.section });
      await user.click(within(section).getByRole('button', { name: new RegExp(`${words.add}$`) }));
      const second = within(section).getByRole('group', { name: words.second });
      await user.type(within(second).getByRole('textbox', { name: words.descriptionField }), 't-shirts');
      await user.type(within(second).getByRole('textbox', { name: words.hsCodes }), '6109.10');
      await user.type(within(second).getByRole('spinbutton', { name: words.grossWeight }), '800');
      await user.type(within(second).getByRole('spinbutton', { name: words.netWeight }), '900');
      // The line's totals count both commodities as the member types.
      expect(screen.getByRole('status').textContent).toContain('2000.000 KG');

      await user.click(screen.getByRole('button', { name: words.save }));
      expect(await within(second).findByText(new RegExp(words.netAboveGross))).toBeTruthy();
      expect(createBooking).not.toHaveBeenCalled();

      await user.clear(within(second).getByRole('spinbutton', { name: words.netWeight }));
      await user.type(within(second).getByRole('spinbutton', { name: words.netWeight }), '750');
      await user.click(screen.getByRole('button', { name: words.save }));
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(sent().containers[0]?.commodities).toEqual([
        expect.objectContaining({
          description: 'LEATHER SHOES',
          hs_codes: '6403.99, 6404.11',
          weight: '1200',
        }),
        expect.objectContaining({
          description: 'T-SHIRTS',
          hs_codes: '6109.10',
          weight: '800',
          net_weight: '750',
          dangerous_goods: [],
        }),
      ]);
    });

    it('refuses a short HS code among several by the field, not as a row of its own', async () => {
      const user = userEvent.setup();
      await openEditor(locale);
      await user.type(screen.getByRole('textbox', { name: words.hsCode }), '6403.99, 6404');
      await user.click(screen.getByRole('button', { name: words.save }));
      // The second code is refused; the message names the field, not a "row 2" the line does not have.
      expect(await screen.findByText(words.badHsCode)).toBeTruthy();
      expect(createBooking).not.toHaveBeenCalled();
    });

    it('opens a saved line’s further commodities for editing and sends them all back', async () => {
      const user = userEvent.setup();
      const saved = bookingDetail();
      const line = saved.containers[0];
      const first = line?.commodities[0];
      if (!line || !first) throw new Error('no line');
      const shirts = { ...first, description: 'T-SHIRTS', hs_codes: ['610910', '610990'], weight: '800.000' };
      const booking = { ...saved, containers: [{ ...line, commodities: [first, shirts] }] };
      await openEditor(locale, toFormValues(booking, false));
      // A line that holds more than its cells shows them without being asked.
      const section = screen.getByRole('group', { name: words.section });
      const second = within(section).getByRole('group', { name: words.second });
      expect(within(second).getByRole('textbox', { name: words.hsCodes })).toHaveProperty(
        'value',
        '610910, 610990',
      );
      await user.click(screen.getByRole('button', { name: words.save }));
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(sent().containers[0]?.commodities.map((c) => [c.description, c.hs_codes, c.weight])).toEqual([
        ['LED LAMPS', '851310', '1200.5'],
        ['T-SHIRTS', '610910, 610990', '800'],
      ]);
    });
  },
);

describe('where the form holds a commodity’s field', () => {
  it('puts the first commodity in the line’s cells and the others in its details', () => {
    expect(formField('containers.2.commodities.0.weight')).toBe('containers.2.weight');
    expect(formField('containers.2.commodities.0.hs_codes.1')).toBe('containers.2.hs_code');
    expect(formField('containers.2.commodities.3.dangerous_goods.0.un_number')).toBe(
      'containers.2.more_commodities.2.dangerous_goods.0.un_number',
    );
    expect(formField('containers.0.commodities')).toBe('containers.0.description');
    expect(formField('containers.0.quantity')).toBe('containers.0.quantity');
    expect(formField('cargo_items.0.weight')).toBe('cargo_items.0.weight');
  });
});
