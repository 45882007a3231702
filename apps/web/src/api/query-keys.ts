import type { BookingParty } from '@freight/contract';

/*
 * Every query key of the app, built here. A feature's keys all start with its root (`all`), so one
 * invalidation of the root refreshes its lists and details together, and a list or detail key is
 * the same wherever it is read, set or refreshed: a key written twice by hand drifted apart. The
 * module holds no code of the features, so the shell (the notification stream) can refresh their
 * pages without loading them. Keys that a page reads in the interface language end with it.
 */

type Filters = object;

const bookingsRoot = ['bookings'] as const;
const receivedRfqsRoot = ['received-rfqs'] as const;
const myRfqsRoot = ['my-rfqs'] as const;
const notificationsRoot = ['notifications'] as const;

export const queryKeys = {
  userInfo: {
    all: ['userinfo'] as const,
    of: (token: string | null) => ['userinfo', token] as const,
  },
  siteConfig: ['site-config'] as const,
  captcha: ['captcha'] as const,
  reference: {
    all: ['reference'] as const,
    list: (kind: string, size: number, query: Filters, language: string) =>
      ['reference', kind, size, query, language] as const,
    countries: (language: string) => ['reference', 'country', 'all', language] as const,
    locations: (keyword: string, language: string) => ['reference', 'location', keyword, language] as const,
  },
  dictionary: (name: string, language: string) => ['dictionary', name, language] as const,
  activity: {
    all: ['activity'] as const,
    list: (filters: Filters, page: number, size: number) => ['activity', filters, page, size] as const,
  },
  team: {
    all: ['team'] as const,
    invitation: (token: string, language: string) => ['invitation', token, language] as const,
  },
  rates: {
    all: ['rates'] as const,
    list: (filters: Filters, page: number, size: number, language: string) =>
      ['rates', filters, page, size, language] as const,
  },
  quotes: {
    all: ['quotes'] as const,
    list: (filters: Filters, sort: unknown, page: number, size: number, language: string) =>
      ['quotes', filters, sort, page, size, language] as const,
    one: (id: number | undefined) => ['quote', id] as const,
    estimate: (quoteId: number, items: unknown) => ['quote-estimate', quoteId, items] as const,
  },
  profile: {
    mailPreferences: ['mail-preferences'] as const,
    unsubscribe: (token: string) => ['unsubscribe', token] as const,
    image: (url: string | null | undefined) => ['authed-image', url] as const,
  },
  notifications: {
    all: notificationsRoot,
    unread: [...notificationsRoot, 'unread'] as const,
    list: [...notificationsRoot, 'list'] as const,
    pages: [...notificationsRoot, 'page'] as const,
    page: (filters: Filters) => [...notificationsRoot, 'page', filters] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    /** `isTooLong`: only the contacts too long for a B/L, a list of its own under the same root. */
    list: (keyword: string, page: number, size: number, language: string, isTooLong = false) =>
      ['contacts', keyword, page, size, language, isTooLong ? 'too-long' : 'all'] as const,
    pick: (keyword: string, scope: string) => ['contacts', 'pick', keyword, scope] as const,
    one: (id: number | null | undefined) => ['contacts', 'one', id] as const,
  },
  shippers: {
    all: ['shippers'] as const,
    list: (filters: Filters, page: number, language: string) =>
      ['shippers', filters, page, language] as const,
    pick: (company: string) => ['shippers', 'pick', company] as const,
    one: (id: number, language: string) => ['shipper', id, language] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (id: number, page: number, size: number) =>
      ['webhooks', id, 'deliveries', page, size] as const,
  },
  bookings: {
    all: bookingsRoot,
    party: (party: BookingParty) => [...bookingsRoot, party] as const,
    lists: (party: BookingParty) => [...bookingsRoot, party, 'list'] as const,
    list: (party: BookingParty, filters: Filters, page: number, size: number, language: string) =>
      [...bookingsRoot, party, 'list', filters, page, size, language] as const,
    /** One booking's detail; without a language, every language's (to refresh it). */
    detail: (party: BookingParty, id: number | undefined, language?: string) =>
      language === undefined
        ? ([...bookingsRoot, party, 'detail', id] as const)
        : ([...bookingsRoot, party, 'detail', id, language] as const),
    /** Whether the booking is on the other side: never kept with the detail it is not. */
    probe: (party: BookingParty, id: number | undefined) =>
      [...bookingsRoot, party, 'detail', id, 'probe'] as const,
    form: (id: number | undefined) => [...bookingsRoot, 'member', 'form', id] as const,
    docking: (id: number | undefined, language?: string) =>
      language === undefined
        ? ([...bookingsRoot, 'member', 'docking', id] as const)
        : ([...bookingsRoot, 'member', 'docking', id, language] as const),
    shipment: (id: number | undefined, language?: string) =>
      language === undefined
        ? ([...bookingsRoot, 'member', 'shipment', id] as const)
        : ([...bookingsRoot, 'member', 'shipment', id, language] as const),
  },
  receivedRfqs: {
    all: receivedRfqsRoot,
    list: (status: unknown, page: number, size: number, language: string) =>
      [...receivedRfqsRoot, 'list', status, page, size, language] as const,
    detail: (id: number | undefined, language: string) =>
      [...receivedRfqsRoot, 'detail', id, language] as const,
  },
  myRfqs: {
    all: myRfqsRoot,
    list: (page: number, size: number, language: string) =>
      [...myRfqsRoot, 'list', page, size, language] as const,
    detail: (id: number | undefined, language: string) => [...myRfqsRoot, 'detail', id, language] as const,
  },
};
