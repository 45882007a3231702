import '../../test-support/setup';
import type { BookingAction, BookingParty } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookingDetail, noLineTerms } from '../../test-support/booking-fixture';
import { showDetail } from '../../test-support/booking-detail-render';

/** Each party's action buttons (English), by the action that brings them. */
const BUTTONS: Record<BookingParty, Partial<Record<BookingAction, string>>> = {
  member: {
    edit: 'Edit',
    submit: 'Submit booking',
    submit_si: 'Submit shipping instructions',
    cancel: 'Cancel booking',
    delete: 'Delete',
  },
  forwarder: {
    accept: 'Accept',
    release: 'Release space',
    confirm_si: 'Confirm shipping instructions',
    ship: 'Mark shipped',
    void: 'Void',
  },
};

/** Which of the party's action buttons the page shows. */
const actionButtons = (party: BookingParty) =>
  Object.values(BUTTONS[party]).filter((name) => screen.queryByRole('button', { name }) !== null);

type Case = { party: BookingParty; status: number; actions: BookingAction[]; shown: string[] };
const CASES: Case[] = [
  {
    party: 'member',
    status: 0,
    actions: ['edit', 'submit', 'delete'],
    shown: ['Edit', 'Submit booking', 'Delete'],
  },
  { party: 'member', status: 1, actions: ['cancel'], shown: ['Cancel booking'] },
  {
    party: 'member',
    status: 2,
    actions: ['submit_si', 'cancel'],
    shown: ['Submit shipping instructions', 'Cancel booking'],
  },
  { party: 'member', status: 5, actions: [], shown: [] },
  {
    party: 'forwarder',
    status: 1,
    actions: ['accept', 'release', 'void'],
    shown: ['Accept', 'Release space', 'Void'],
  },
  // Accepted already: the same status, one action fewer.
  { party: 'forwarder', status: 1, actions: ['release', 'void'], shown: ['Release space', 'Void'] },
  {
    party: 'forwarder',
    status: 2,
    actions: ['confirm_si', 'void'],
    shown: ['Confirm shipping instructions', 'Void'],
  },
  { party: 'forwarder', status: 3, actions: ['ship', 'void'], shown: ['Mark shipped', 'Void'] },
  { party: 'forwarder', status: 40, actions: [], shown: [] },
];
const titled = CASES.map((c) => ({
  ...c,
  title: `${c.party}, status ${c.status}, actions [${c.actions.join(', ')}]: ${c.shown.join(', ') || 'none'}`,
}));

describe('booking detail: the buttons are the reply’s actions', () => {
  it.each(titled)('$title', async ({ party, status, actions, shown }) => {
    await showDetail(party, bookingDetail({ status, actions }));
    expect(actionButtons(party)).toEqual(shown);
    // A member may copy any booking; the forwarder never.
    expect(screen.queryByRole('button', { name: 'Copy' }) !== null).toBe(party === 'member');
  });

  it('offers a viewer no Copy: the user info says they may not make bookings', async () => {
    await showDetail('member', bookingDetail({ status: 5, actions: [] }), 'en-US', 'viewer');
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('shows no button the reply leaves out, whatever the status says', async () => {
    // Status 2 would allow SI and a cancel; the server answered that this viewer may do neither.
    await showDetail('member', bookingDetail({ status: 2, actions: [] }));
    expect(actionButtons('member')).toEqual([]);
  });

  it('asks for the reason of a cancel, with the contract’s message in both languages', async () => {
    const user = userEvent.setup();
    for (const [locale, button, required] of [
      ['en-US', 'Cancel booking', 'Reason is required'],
      ['zh-CN', '取消订舱', '请填写原因'],
    ] as const) {
      const { unmount } = await showDetail(
        'member',
        bookingDetail({ status: 1, actions: ['cancel'] }),
        locale,
      );
      await user.click(screen.getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog');
      const confirm = within(dialog).getAllByRole('button', { name: button }).at(-1);
      if (!confirm) throw new Error('no confirm button');
      await user.click(confirm);
      expect(await within(dialog).findByText(required)).toBeTruthy();
      unmount();
    }
  });
});

describe('booking PDFs', () => {
  it('offers each side the documents the booking has, to download and to print', async () => {
    for (const party of ['member', 'forwarder'] as const) {
      const shown = await showDetail(party, bookingDetail({ status: 2, actions: [] }));
      await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'Booking note' })).toBeTruthy();
      expect(within(menu).getByRole('menuitem', { name: 'Booking confirmation' })).toBeTruthy();
      // no shipping instructions yet: no SI draft
      expect(within(menu).queryByRole('menuitem', { name: 'SI draft' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
      shown.unmount();
    }
  });

  it('shows the freight term the documents print: the Incoterm’s when none was chosen', async () => {
    // The site's collect terms are EXW, FCA and FOB (CONFIG_DEFAULTS.freight_collect).
    for (const [incoterm, chosen, shown] of [
      ['FOB', '', 'Collect'],
      ['CIF', '', 'Prepaid'],
      ['FOB', 'prepaid', 'Prepaid'],
    ] as const) {
      const page = await showDetail(
        'member',
        bookingDetail({ incoterm, incoterm_name: incoterm, freight_term: chosen }),
      );
      const label = screen.getByText('Freight term', { selector: '.ant-descriptions-item-label' });
      expect(label.closest('.ant-descriptions-item-container')?.textContent).toContain(shown);
      page.unmount();
    }
  });

  it('names the buttons in Chinese', async () => {
    await showDetail('member', bookingDetail({ status: 1, actions: [] }), 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: '下载 PDF' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '订舱委托书' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: '放舱通知' })).toBeNull();
    expect(screen.getByRole('button', { name: /^打\s?印$/ })).toBeTruthy();
  });
});

describe('booking detail: the booking’s terms', () => {
  const door = bookingDetail({
    receipt_type: 'SD',
    requested_etd: '2027-01-20',
    requested_vessel_name: 'EVER GIVEN',
    container_positionings: [
      {
        location_name: '3 号仓库',
        address: '上海市浦东新区川沙路 88 号',
        contact_name: '李工',
        phone: '+86 21 5555 1234',
        loading_time: '2027-01-18 08:30',
      },
    ],
    export_customs_by: 'forwarder',
    requested_services: ['insurance', 'fumigation'],
    services_remark: 'ALL RISKS',
  });

  /** The text shown beside a label of the terms (a label and its value share a row). */
  const valueOf = (section: HTMLElement, label: string) =>
    within(section).getByText(label, { exact: true }).parentElement?.textContent?.replace(label, '');

  it.each([
    {
      locale: 'en-US' as const,
      title: 'Service terms and requests',
      term: 'Service terms',
      etd: ['Requested departure date', '01/20/2027'],
      stops: 'Loading address',
      time: 'Loading time: 01/18/2027 08:30',
      customs: ['Export customs cleared by', 'Forwarder'],
      services: ['Requested services', 'Insurance, Fumigation'],
    },
    {
      locale: 'zh-CN' as const,
      title: '运输条款与委托事项',
      term: '运输条款',
      etd: ['要求开船日期', '2027-01-20'],
      stops: '装货地址',
      time: '做柜时间：2027-01-18 08:30',
      customs: ['报关方', '货代代理报关'],
      services: ['委托服务', '保险、熏蒸'],
    },
  ])('shows a door receipt as DOOR-CY with its loading address ($locale)', async (words) => {
    for (const party of ['member', 'forwarder'] as const) {
      const page = await showDetail(party, door, words.locale);
      const terms = screen.getByRole('region', { name: words.title });
      expect(valueOf(terms, words.term)).toBe('DOOR-CY');
      for (const [label = '', value] of [words.etd, words.customs, words.services])
        expect(valueOf(terms, label), label).toBe(value);
      const stops = within(terms).getAllByRole('listitem');
      expect(within(terms).getByRole('list', { name: words.stops })).toBeTruthy();
      expect(stops).toHaveLength(1);
      expect(stops[0]?.textContent).toContain('3 号仓库 · 上海市浦东新区川沙路 88 号');
      expect(stops[0]?.textContent).toContain(words.time);
      page.unmount();
    }
  });

  it('shows a plain FCL booking as CY-CY and an LCL one as CFS-CFS, with no sailing or stops', async () => {
    for (const [mode, term] of [
      [1, 'CY-CY'],
      [2, 'CFS-CFS'],
    ] as const) {
      const page = await showDetail('member', bookingDetail({ container_mode: mode }));
      const terms = screen.getByRole('region', { name: 'Service terms and requests' });
      expect(valueOf(terms, 'Service terms')).toBe(term);
      expect(within(terms).queryByText('Requested departure date')).toBeNull();
      expect(within(terms).queryByRole('list')).toBeNull();
      page.unmount();
    }
  });
});

describe('booking detail: the lines’ special cargo', () => {
  const plain = bookingDetail();
  const [first] = plain.containers;
  if (!first) throw new Error('no line');
  const reefer = {
    temperature_setpoint: -18,
    temperature_unit: 'CEL' as const,
    ventilation_open: false,
    air_exchange_setpoint: null,
    air_exchange_unit: 'MQH' as const,
    humidity_setpoint: null,
    o2_setpoint: null,
    co2_setpoint: null,
    drainholes_open: false,
    bulb_mode: false,
    cold_treatment: false,
    controlled_atmosphere: false,
    pre_cooling: false,
    genset: false,
  };
  const paint = {
    un_number: '1263',
    na_number: null,
    imo_class: '3',
    subsidiary_risk_1: null,
    subsidiary_risk_2: null,
    packing_group: 3 as const,
    proper_shipping_name: 'PAINT',
    technical_name: '',
    ems_number: 'F-E,S-E',
    is_marine_pollutant: false,
    is_limited_quantity: false,
    is_excepted_quantity: false,
    flash_point: null,
    flash_point_unit: 'CEL' as const,
    inner_packaging: '',
    outer_packaging: '',
    net_explosive_content: null,
    emergency_contact_name: 'LI MING',
    emergency_contact_phone: '+86 21 5555 1234',
  };
  const special = bookingDetail({
    containers: [
      { ...first, container_name: '40RF', reefer, dangerous_goods: [paint] },
      { ...first, id: 2, ...noLineTerms },
    ],
  });

  it.each([
    { locale: 'en-US' as const, column: 'Special cargo', goods: 'Dangerous goods' },
    { locale: 'zh-CN' as const, column: '特殊货物', goods: '危险品' },
  ])(
    'shows a line’s reefer settings and dangerous goods as the booking note prints them ($locale)',
    async (words) => {
      for (const party of ['member', 'forwarder'] as const) {
        const page = await showDetail(party, special, words.locale);
        expect(screen.getByRole('columnheader', { name: words.column })).toBeTruthy();
        const row = screen.getByText('-18 °C VENT CLOSED').closest('tr');
        if (!row) throw new Error('no row');
        expect(within(row).getByText('40RF')).toBeTruthy();
        const goods = within(row).getByRole('list', { name: words.goods });
        expect(goods.textContent).toBe('UN 1263 PAINT CL 3 PG III EMS F-E,S-E');
        // The plain line beside it states none.
        expect(screen.getAllByRole('list', { name: words.goods })).toHaveLength(1);
        page.unmount();
      }
    },
  );

  it('has no special cargo column for a booking without any', async () => {
    await showDetail('member', plain);
    expect(screen.queryByRole('columnheader', { name: 'Special cargo' })).toBeNull();
  });
});
