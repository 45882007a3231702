import {
  abilitiesOf,
  CONFIG_DEFAULTS,
  type Role,
  siteConfig,
  type BookingDetail,
  type BookingDocking,
  type BookingParty,
  MEMBER_AUTHORITIES,
  type UserInfo,
} from '@freight/contract';
import { screen } from '@testing-library/react';
import { session } from '../api/client';
import { queryKeys } from '../api/query-keys';
import {
  ForwarderBookingDetailPage,
  MemberBookingDetailPage,
} from '../features/bookings/booking-detail-page';
import { renderWithApp } from './render';

/* The booking detail page of either side for component tests, its replies put in the cache. */

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
export async function showDetail(
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
