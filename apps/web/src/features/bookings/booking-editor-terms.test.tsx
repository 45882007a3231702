import '../../test-support/setup';
import { type BookingInput, type Locale } from '@freight/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDetail } from '../../test-support/booking-fixture';
import { choose, openEditor } from '../../test-support/booking-editor-render';
import { toFormValues, type BookingFormValues } from './booking-form-values';
import { createBooking } from './bookings-api';

// The editor saves through these; the test reads what it would send.
vi.mock(import('./bookings-api'), async (original) => ({
  ...(await original()),
  createBooking: vi.fn(async () => bookingDetail({ id: 77, status: 0 })),
}));
const sent = () => vi.mocked(createBooking).mock.calls.at(-1)?.[0] as BookingInput;

const WORDS = {
  'en-US': {
    receipt: 'Receipt type at origin',
    fclDefault: 'Default: Container yard (CY)',
    door: 'Store door (DOOR)',
    yard: 'Container yard (CY)',
    stops: 'Loading address',
    stop: 'Loading stop 1',
    address: 'Address',
    save: 'Save draft',
    submit: 'Submit booking',
    addressRequired: 'Loading address is required for a door receipt (SD)',
    sailing: 'Requested sailing (optional)',
    imo: 'Vessel IMO number',
    vesselRequired: 'Requested vessel is required with a vessel IMO number',
  },
  'zh-CN': {
    receipt: '起运地交接方式',
    fclDefault: '默认：堆场（CY）',
    door: '门点（DOOR）',
    yard: '堆场（CY）',
    stops: '装货地址',
    stop: '装货点 1',
    address: '地址',
    save: '保存草稿',
    submit: '提交订舱',
    addressRequired: '门点收货（SD）须填写装货地址',
    sailing: '要求船期（选填）',
    imo: '船舶 IMO 编号',
    vesselRequired: '填写船舶 IMO 编号时须填写要求船名',
  },
} as const;

const ADDRESS = '上海市浦东新区川沙路 88 号 3 号仓库';

/** The FCL form of a new booking (or of `initialValues`), and the words of its language. */
async function openForm(locale: Locale, initialValues?: BookingFormValues) {
  await openEditor(locale, initialValues);
  return WORDS[locale];
}

beforeEach(() => vi.mocked(createBooking).mockClear());

describe('booking form: the loading stops of a door receipt', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'asks for the loading address only once SD is chosen, and sends it ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = await openForm(locale);
      // The mode's service is the placeholder of both ends: nothing to choose for a plain FCL booking.
      expect(screen.getAllByText(words.fclDefault)).toHaveLength(2);
      expect(screen.queryByRole('group', { name: words.stops })).toBeNull();
      expect(screen.queryByRole('textbox', { name: words.address })).toBeNull();
      await choose(user, words.receipt, words.door);
      expect(await screen.findByRole('group', { name: words.stops })).toBeTruthy();
      const stop = await screen.findByRole('group', { name: words.stop });
      await user.type(within(stop).getByRole('textbox', { name: words.address }), ADDRESS);
      await user.click(screen.getByRole('button', { name: words.save }));
      await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
      expect(sent()).toMatchObject({
        receipt_type: 'SD',
        delivery_type: '',
        container_positionings: [
          { location_name: '', address: ADDRESS, contact_name: '', phone: '', loading_time: null },
        ],
      });
    },
  );

  it('sends no stops for a yard receipt, even after an address was typed for a door', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US');
    await choose(user, words.receipt, words.door);
    await user.type(await screen.findByRole('textbox', { name: words.address }), ADDRESS);
    await choose(user, words.receipt, words.yard);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: words.address })).toBeNull());
    await user.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({ receipt_type: 'CY', container_positionings: [] });
  });

  it('sends a plain booking with the mode’s service and no stops', async () => {
    const user = userEvent.setup();
    const words = await openForm('en-US');
    await user.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      receipt_type: '',
      delivery_type: '',
      requested_etd: null,
      container_positionings: [],
      export_customs_by: '',
      requested_services: [],
    });
  });

  it.each(['en-US', 'zh-CN'] as const)(
    'refuses to submit a door receipt without a loading address, in the contract’s words ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = await openForm(locale);
      await choose(user, words.receipt, words.door);
      await screen.findByRole('group', { name: words.stop });
      await user.click(screen.getByRole('button', { name: words.submit }));
      expect(await screen.findByText(words.addressRequired)).toBeTruthy();
      expect(createBooking).not.toHaveBeenCalled();
    },
  );
});

describe('booking form: the sailing asked for', () => {
  it('is folded for a new booking, and unfolded for one that has some', async () => {
    const words = await openForm('en-US');
    expect(screen.getByRole('button', { name: words.sailing }).getAttribute('aria-expanded')).toBe('false');
    cleanup();
    await openForm('en-US', toFormValues(bookingDetail({ requested_vessel_name: 'EVER GIVEN' }), false));
    expect(screen.getByRole('button', { name: words.sailing }).getAttribute('aria-expanded')).toBe('true');
  });

  it.each(['en-US', 'zh-CN'] as const)(
    'unfolds itself to show a field the contract refuses on submit ($0)',
    async (locale) => {
      const user = userEvent.setup();
      const words = await openForm(locale);
      const header = screen.getByRole('button', { name: words.sailing });
      await user.click(header);
      await user.type(screen.getByRole('textbox', { name: words.imo }), '9811000');
      await user.click(header);
      expect(header.getAttribute('aria-expanded')).toBe('false');
      await user.click(screen.getByRole('button', { name: words.submit }));
      expect(await screen.findByText(words.vesselRequired)).toBeTruthy();
      await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('true'));
    },
  );
});
