import { z } from 'zod';
import type { Role } from './auth.js';
import { type BookingAction, BOOKING_STATUS } from './booking-state.js';
import { MAX_PAGE_SIZE } from './limits.js';

/*
 * The notification centre. Every event that concerns a company becomes one
 * notification per person of that company (read state is per person), never for another company.
 * The rules of who is told what live here; the server writes them, the web links them.
 */

export const NOTIFICATION_KINDS = ['booking', 'document', 'rfq', 'team', 'contact'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What happens to a booking that both sides are told of (and may be e-mailed: mail-preferences.ts). */
export const BOOKING_EVENT_ACTIONS = [
  'submit',
  'accept',
  'release',
  'request',
  'confirm',
  'ship',
  'cancel',
  'void',
] as const;
/** What the requester's people are told of their RFQ: the forwarder answered it, or closed it. */
export const RFQ_ANSWER_ACTIONS = ['quote', 'close'] as const;
export type RfqAnswerAction = (typeof RFQ_ANSWER_ACTIONS)[number];
export const NOTIFICATION_ACTIONS = [
  ...BOOKING_EVENT_ACTIONS,
  'create',
  'receive',
  'join',
  ...RFQ_ANSWER_ACTIONS,
  // contacts saved before the book took the B/L's lengths: told once, `label` their number
  'too_long',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/**
 * The booking actions both sides' people are told of (a draft's own life concerns nobody else):
 * submit_si (the member's shipping instructions, 补料) is told as 'request', confirm_si as 'confirm'.
 */
export const BOOKING_NOTIFICATIONS: Partial<Record<BookingAction, (typeof BOOKING_EVENT_ACTIONS)[number]>> = {
  submit: 'submit',
  accept: 'accept',
  release: 'release',
  submit_si: 'request',
  confirm_si: 'confirm',
  ship: 'ship',
  cancel: 'cancel',
  void: 'void',
};

/** A draft is its member's own: its forwarder is told of nothing about it (not even a document added). */
export function isToldToForwarder(status: number): boolean {
  return status !== BOOKING_STATUS.draft;
}

/** The side of a booking the notified company is on; decides which page the link opens. */
export const NOTIFICATION_PARTIES = ['member', 'forwarder'] as const;
export type NotificationParty = (typeof NOTIFICATION_PARTIES)[number];

/** Open event streams per person (tabs, devices); a further one closes the oldest. */
export const NOTIFICATION_STREAMS_PER_PERSON = 5;
/** A stream ticket works once, within this many ms of being issued. */
export const NOTIFICATION_TICKET_TTL_MS = 60_000;
/** Heartbeat comment lines on an open stream, so proxies keep it and clients notice a dead one. */
export const NOTIFICATION_HEARTBEAT_MS = 20_000;
/** How often the web polls the unread count while it cannot hold a stream. */
export const NOTIFICATION_POLL_MS = 30_000;

export const notificationRow = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  action: z.enum(NOTIFICATION_ACTIONS),
  object_id: z.number().int().nullable(),
  /** what the object is called: an order number, an RFQ's route, a person's name */
  label: z.string(),
  party: z.enum(NOTIFICATION_PARTIES).nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  /** only the unread ones */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** only those about bookings whose number contains this (case-insensitive) */
  booking: z.string().trim().max(30).optional(),
});
export type NotificationQuery = z.input<typeof notificationQuery>;

/** GET /api/notifications: a page, newest first, and the person's unread count. */
export const notificationList = z.object({
  lists: z.array(notificationRow),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** POST /api/notifications/ticket: a single-use ticket that opens one event stream. */
export const streamTicket = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicket = z.infer<typeof streamTicket>;
export const streamQuery = z.object({ ticket: z.string().min(1).max(100) });

/** The events of the stream (`event:` name → `data:` JSON). */
export type NotificationEvents = {
  /** on connect: the unread count as it is now */
  ready: UnreadCount;
  /** a new notification for the person */
  notification: UnreadCount & { notification: NotificationRow };
  /** the person read some (`ids`) or all (`ids` null) of theirs, on any device */
  read: UnreadCount & { ids: number[] | null };
  /** someone else ended this session (a role change, a removal): why, just before the stream closes */
  ended: { reason: SignOutReason };
  /** the person marked some of theirs unread again, on any device */
  unread: UnreadCount & { ids: number[] };
};

/**
 * Why someone else signed a person out, told to their open pages so that they learn what changed
 * and who did it rather than meeting "session expired" (and can keep what they were typing): their
 * role changed (`role`, by `by`), or they were removed from the company (its English and Chinese
 * names, as the company gave them).
 */
export type SignOutReason =
  | { kind: 'role'; role: Role; by: string }
  | { kind: 'removed'; company1: string; company2: string; by: string };

/** The contact book showing only its contacts too long for a B/L (contactQuery's `too_long`). */
const CONTACTS_TOO_LONG_LINK = '/contacts?too_long=1';

/** Where a notification leads in the web app, or null when it has no page. */
export function notificationLink(row: Pick<NotificationRow, 'kind' | 'object_id' | 'party'>): string | null {
  switch (row.kind) {
    case 'booking':
    case 'document':
      if (row.object_id === null) return null;
      return row.party === 'forwarder' ? `/received-bookings/${row.object_id}` : `/bookings/${row.object_id}`;
    case 'rfq':
      // The requester's side is told of answers ('member'); the forwarder's of requests.
      if (row.party === 'member') return row.object_id === null ? '/rfqs' : `/rfqs/${row.object_id}`;
      return row.object_id === null ? '/received-rfqs' : `/received-rfqs/${row.object_id}`;
    case 'team':
      return '/team';
    case 'contact':
      return CONTACTS_TOO_LONG_LINK;
  }
}
