import '../../test-support/setup';
import {
  abilitiesOf,
  CONFIG_DEFAULTS,
  type Role,
  siteConfig,
  type BookingAction,
  type BookingDetail,
  type BookingDocking,
  type BookingParty,
  MEMBER_AUTHORITIES,
  type UserInfo,
} from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../api/client';
import { bookingDetail } from '../../test-support/booking-fixture';
import { renderWithApp } from '../../test-support/render';
import { ForwarderBookingDetailPage, MemberBookingDetailPage } from './booking-detail-page';
import { queryKeys } from '../../api/query-keys';

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

/** The signed-in person's user info, with the abilities the server gives their role. */
function signedIn(role: Role): UserInfo {
  const authorities = [...MEMBER_AUTHORITIES];
  return {
    id: 1,
    username: 'demo@example.com',
    linkman: 'LI MING',
    phone: '+8613800000000',
    company1: 'DEMO TRADING CO., LTD',
    company2: '',
    address1: 'NO. 1 HARBOUR ROAD',
    address2: '',
    city: 'NINGBO',
    province: '',
    country_id: 1,
    country_name: 'China',
    zip_code: '',
    credit_no: '',
    profile: '',
    logo: null,
    logo_url: null,
    logo_thumb: null,
    license: null,
    license_thumb: null,
    industries: '',
    businesses: '',
    routes: '',
    ports: '',
    authorities,
    person: { id: 1, name: 'LI LEI', email: 'demo@example.com', role, language: 'zh-CN' },
    abilities: abilitiesOf(role, authorities),
    is_forwarder: false,
    listed_in_directory: false,
  };
}

/** The detail page of `party` showing `detail`, as if the server had answered with it. */
async function showDetail(
  party: BookingParty,
  detail: BookingDetail,
  locale: 'en-US' | 'zh-CN' = 'en-US',
  role: Role = 'operator',
) {
  const token = `detail-test-${role}`;
  session.signIn(token);
  const base = party === 'member' ? '/bookings' : '/received-bookings';
  const docking: BookingDocking = { forwarder: null, forwarder_hidden: true, schedule: detail.schedule };
  const shown = await renderWithApp(
    party === 'member' ? <MemberBookingDetailPage /> : <ForwarderBookingDetailPage />,
    {
      locale,
      path: `${base}/${detail.id}`,
      route: `${base}/:id`,
      data: [
        [queryKeys.bookings.detail(party, detail.id, locale), detail],
        [queryKeys.bookings.docking(detail.id, locale), docking],
        [queryKeys.siteConfig, siteConfig.parse(CONFIG_DEFAULTS)],
        [queryKeys.userInfo.of(token), signedIn(role)],
      ],
    },
  );
  await screen.findByRole('heading', { level: 4 });
  return shown;
}

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
