/** Menu authorities, one per protected page. */
const AUTHORITIES = ['quote', 'rate', 'order', 'shipper', 'contact', 'user', 'team'] as const;
/** Named permissions inside a page. */
const PERMISSIONS = ['quote_forwarder', 'quote_booking', 'quote_rfq'] as const;
export type Authority = (typeof AUTHORITIES)[number] | (typeof PERMISSIONS)[number];
export const ALL_AUTHORITIES: readonly Authority[] = [...AUTHORITIES, ...PERMISSIONS];

/** The roles of the people of a company; what each may do is in company.ts. */
export const ROLES = ['owner', 'admin', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a newly registered member gets. */
export const MEMBER_AUTHORITIES: readonly Authority[] = [
  'quote',
  'order',
  'shipper',
  'contact',
  'user',
  'quote_booking',
  'quote_rfq',
];
/** What a forwarder gets on top of the member authorities. */
export const FORWARDER_AUTHORITIES: readonly Authority[] = [...MEMBER_AUTHORITIES, 'rate', 'quote_forwarder'];

/** The protected pages and the authority each needs, in menu order. */
export const MENU = [
  { path: '/quotes', authority: 'quote', labelKey: 'menu.quotes' },
  { path: '/rate', authority: 'rate', labelKey: 'menu.rate' },
  { path: '/bookings', authority: 'order', labelKey: 'menu.bookings' },
  { path: '/received-bookings', authority: 'rate', labelKey: 'menu.receivedBookings' },
  { path: '/rfqs', authority: 'quote_rfq', labelKey: 'menu.rfqs' },
  { path: '/received-rfqs', authority: 'rate', labelKey: 'menu.receivedRfqs' },
  { path: '/shippers', authority: 'shipper', labelKey: 'menu.shippers' },
  { path: '/contacts', authority: 'contact', labelKey: 'menu.contacts' },
  { path: '/profile', authority: 'user', labelKey: 'menu.profile' },
  { path: '/team', authority: 'team', labelKey: 'menu.team' },
  { path: '/activity', authority: 'team', labelKey: 'menu.activity' },
] as const satisfies readonly { path: string; authority: Authority; labelKey: string }[];

/** True when the user holds every one of `required` (an "all" check). */
export function hasAll(held: readonly string[], required: readonly Authority[]): boolean {
  return required.every((authority) => held.includes(authority));
}

/** True when the user holds at least one of `required` (a "some" check); an empty list passes. */
export function hasSome(held: readonly string[], required: readonly Authority[]): boolean {
  return required.length === 0 || required.some((authority) => held.includes(authority));
}

/** The authority a protected path needs, by its first segment; undefined for paths open to any member. */
export function authorityForPath(pathname: string): Authority | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return MENU.find((item) => item.path === first)?.authority;
}
