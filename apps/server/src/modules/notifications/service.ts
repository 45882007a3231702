import { createHash, randomBytes } from 'node:crypto';
import {
  BOOKING_NOTIFICATIONS,
  isToldToForwarder,
  type BookingAction,
  NOTIFICATION_TICKET_TTL_MS,
  type NotificationAction,
  type NotificationKind,
  type NotificationList,
  type NotificationParty,
  type NotificationRow,
  type notificationQuery,
  type RfqAnswerAction,
  ROLES,
  roleCanManage,
  roleCanWrite,
  type StreamTicket,
} from '@freight/contract';
import type { z } from 'zod';
import { emitAfterCommit } from '../../platform/commit-events.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import type { RequestContext } from '../auth/context.js';
import type { LiveMessage } from './live-messages.js';
import {
  bookingSides,
  findPage,
  insertForCompany,
  markAllRead,
  markRead,
  markUnread,
  type NotificationRecord,
  type Recipient,
  unreadCount,
  unreadCounts,
} from './repo.js';

/**
 * The notification centre. The services that change a booking, add a document,
 * send an RFQ or let someone join a company call the `notify…` functions inside the transaction of
 * the change (next to recordActivity): the rows commit with the change, and the live message
 * leaves for the event streams only once they have (platform/commit-events.ts). Each person of the
 * company concerned gets their own row; the person who acted is not told of their own act.
 */

/** Who acts: their person (not told), or null for nobody in particular. */
type By = { personId: number | null };

const LABEL_MAX = 200;

function present(row: NotificationRecord): NotificationRow {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    action: row.action as NotificationAction,
    object_id: row.objectId,
    label: row.label,
    party: row.party as NotificationParty | null,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** Announces freshly written rows, each with its person's unread count, once the transaction commits. */
async function announce(tx: Db, rows: NotificationRecord[]): Promise<void> {
  if (rows.length === 0) return;
  const counts = await unreadCounts(
    tx,
    rows.map((row) => ({ personId: row.personId, companyId: row.companyId })),
  );
  const message: LiveMessage = {
    type: 'notification',
    items: rows.map((row) => ({
      personId: row.personId,
      companyId: row.companyId,
      unread: counts.get(row.personId) ?? 0,
      row: present(row),
    })),
  };
  emitAfterCommit(tx, message);
}

/**
 * A booking action (and a document added to a booking): the people of the booking's member company
 * and of its forwarder company are told, each linked to their own side's page. Draft actions
 * concern nobody but their author and tell no one.
 */
export async function notifyBookings(
  tx: Db,
  by: By,
  event: { action: BookingAction; ids: number[] } | { document: string; ids: number[] },
): Promise<void> {
  const action: NotificationAction | undefined =
    'action' in event ? BOOKING_NOTIFICATIONS[event.action] : 'create';
  if (!action) return;
  const kind: NotificationKind = 'action' in event ? 'booking' : 'document';
  const rows: NotificationRecord[] = [];
  for (const booking of await bookingSides(tx, event.ids)) {
    const label = ('document' in event ? `${booking.orderNo} · ${event.document}` : booking.orderNo).slice(
      0,
      LABEL_MAX,
    );
    const sides: [number | null, NotificationParty][] = [
      [booking.companyId, 'member'],
      [isToldToForwarder(booking.status) ? booking.forwarderId : null, 'forwarder'],
    ];
    for (const [companyId, party] of sides) {
      if (companyId === null) continue;
      rows.push(
        ...(await insertForCompany(tx, {
          companyId,
          party,
          kind,
          action,
          objectId: booking.id,
          label,
          exceptPersonId: by.personId,
        })),
      );
    }
  }
  await announce(tx, rows);
}

/** An RFQ sent to a forwarder: the forwarder company's people are told. */
export async function notifyRfq(
  tx: Db,
  by: By,
  rfq: { id: number; forwarderId: number | null; label: string },
): Promise<void> {
  if (rfq.forwarderId === null) return;
  const rows = await insertForCompany(tx, {
    companyId: rfq.forwarderId,
    party: null,
    kind: 'rfq',
    action: 'receive',
    objectId: rfq.id,
    label: rfq.label.slice(0, LABEL_MAX),
    exceptPersonId: by.personId,
  });
  await announce(tx, rows);
}

/**
 * An RFQ answered (a price in the portal, or marked quoted) or closed by its forwarder: the
 * requester company's people are told, linked to their own "My RFQs" page.
 */
export async function notifyRfqAnswer(
  tx: Db,
  by: By,
  rfq: { id: number; requesterId: number; label: string; action: RfqAnswerAction },
): Promise<void> {
  const rows = await insertForCompany(tx, {
    companyId: rfq.requesterId,
    party: 'member',
    kind: 'rfq',
    action: rfq.action,
    objectId: rfq.id,
    label: rfq.label.slice(0, LABEL_MAX),
    exceptPersonId: by.personId,
  });
  await announce(tx, rows);
}

/** The roles told when someone joins their company: those who manage its team. */
const TEAM_MANAGERS = ROLES.filter(roleCanManage);

/** Someone accepted an invitation: the company's owners and admins are told (the team page). */
export async function notifyJoined(
  tx: Db,
  person: { id: number; companyId: number; label: string },
): Promise<void> {
  const rows = await insertForCompany(tx, {
    companyId: person.companyId,
    party: null,
    kind: 'team',
    action: 'join',
    objectId: person.id,
    label: person.label.slice(0, LABEL_MAX),
    exceptPersonId: person.id,
    roles: TEAM_MANAGERS,
  });
  await announce(tx, rows);
}

/** The roles told of contacts to shorten: those who may change them. */
const CONTACT_WRITERS = ROLES.filter(roleCanWrite);

/**
 * A company's contacts too long for a B/L (the contact book's one-time report): the people who may
 * change them are told how many, linked to the contact book showing only those (notificationLink).
 */
export async function notifyContactsTooLong(
  tx: Db,
  report: { companyId: number; count: number },
): Promise<void> {
  const rows = await insertForCompany(tx, {
    companyId: report.companyId,
    party: null,
    kind: 'contact',
    action: 'too_long',
    objectId: null,
    label: String(report.count),
    exceptPersonId: null,
    roles: CONTACT_WRITERS,
  });
  await announce(tx, rows);
}

/* ---------- the person's own notifications ---------- */

type Query = z.output<typeof notificationQuery>;
/** Whose notifications: the person, and the company they are signed in to. */
type Reader = Pick<RequestContext, 'personId' | 'companyId'>;

/**
 * Only the two ids: what the repo and the live bus need. A request's context carries its log and
 * authorities too, which must not travel on the bus.
 */
export const recipientOf = ({ personId, companyId }: Reader): Recipient => ({ personId, companyId });

/** GET /api/notifications: a page of the person's notifications, newest first, and their unread count. */
export async function listNotifications(options: {
  db: Db;
  context: Reader;
  query: Query;
}): Promise<NotificationList> {
  const { db, query } = options;
  const who = recipientOf(options.context);
  const [{ rows, total }, unread] = await Promise.all([
    findPage(db, who, {
      page: query.page,
      size: query.size,
      unreadOnly: query.unread,
      booking: query.booking,
    }),
    unreadCount(db, who),
  ]);
  return { lists: rows.map(present), total, unread };
}

export async function countUnread(options: { db: Db; context: Reader }): Promise<{ unread: number }> {
  return { unread: await unreadCount(options.db, recipientOf(options.context)) };
}

/** Marks one read (another person's answers 404); the person's other streams hear of it. */
export async function readOne(options: { db: Db; context: Reader; id: number }): Promise<{ unread: number }> {
  const who = recipientOf(options.context);
  return options.db.transaction(async (tx) => {
    if (!(await markRead(tx, who, options.id))) throw new AppError(404, 'errors.notFound');
    const unread = await unreadCount(tx, who);
    const message: LiveMessage = { type: 'read', ...who, unread, ids: [options.id] };
    emitAfterCommit(tx, message);
    return { unread };
  });
}

/** Marks one unread again (another person's answers 404); the person's other streams hear of it. */
export async function unreadOne(options: {
  db: Db;
  context: Reader;
  id: number;
}): Promise<{ unread: number }> {
  const who = recipientOf(options.context);
  return options.db.transaction(async (tx) => {
    if (!(await markUnread(tx, who, options.id))) throw new AppError(404, 'errors.notFound');
    const unread = await unreadCount(tx, who);
    const message: LiveMessage = { type: 'unread', ...who, unread, ids: [options.id] };
    emitAfterCommit(tx, message);
    return { unread };
  });
}

/** Marks all read; the person's other streams hear of it. */
export async function readAll(options: { db: Db; context: Reader }): Promise<{ unread: number }> {
  const who = recipientOf(options.context);
  return options.db.transaction(async (tx) => {
    await markAllRead(tx, who);
    const message: LiveMessage = { type: 'read', ...who, unread: 0, ids: null };
    emitAfterCommit(tx, message);
    return { unread: 0 };
  });
}

/* ---------- stream tickets ---------- */

/**
 * EventSource cannot send an Authorization header, and a bearer token in a URL would end up in
 * logs and history. So the signed-in person asks (with their token) for a ticket: 256 random bits,
 * kept only as a hash in the shared store (any instance may take it), good once, for a minute. The
 * stream it opens stays bound to the session that asked, and ends with it.
 */
export type TicketHolder = Recipient & { sessionId: number };

const ticketKey = (ticket: string) =>
  `notify-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;

export async function issueTicket(options: { kv: KvStore; holder: TicketHolder }): Promise<StreamTicket> {
  const ticket = randomBytes(32).toString('base64url');
  await options.kv.set(ticketKey(ticket), JSON.stringify(options.holder), NOTIFICATION_TICKET_TTL_MS);
  return { ticket, expires_in: Math.round(NOTIFICATION_TICKET_TTL_MS / 1000) };
}

/** The holder of a ticket, which is used up; undefined when unknown, used or expired. */
export async function takeTicket(options: {
  kv: KvStore;
  ticket: string;
}): Promise<TicketHolder | undefined> {
  const value = await options.kv.take(ticketKey(options.ticket));
  if (value === undefined) return undefined;
  const holder = JSON.parse(value) as TicketHolder;
  return holder;
}
