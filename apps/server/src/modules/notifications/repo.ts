import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { bookings, notifications, people } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { likePattern, pageOffset } from '../../platform/sql.js';

/* The notification centre's database access. Every read and write is scoped by person and company. */

export type NotificationRecord = typeof notifications.$inferSelect;
export type Recipient = { personId: number; companyId: number };

/** One notification to each person of `companyId` (of `roles` only, when given) but `exceptPersonId`. */
export async function insertForCompany(
  db: Db,
  target: {
    companyId: number;
    party: string | null;
    kind: string;
    action: string;
    objectId: number | null;
    label: string;
    exceptPersonId: number | null;
    roles?: readonly string[] | undefined;
  },
): Promise<NotificationRecord[]> {
  return db
    .insert(notifications)
    .select(
      db
        .select({
          // insert … select lists every column: the id comes from the table's own sequence.
          id: sql<number>`nextval(pg_get_serial_sequence('notifications', 'id'))`.as('id'),
          companyId: people.companyId,
          personId: people.id,
          kind: sql<string>`${target.kind}`.as('kind'),
          action: sql<string>`${target.action}`.as('action'),
          objectId: sql<number | null>`${target.objectId}::integer`.as('object_id'),
          label: sql<string>`${target.label}`.as('label'),
          party: sql<string | null>`${target.party}::varchar`.as('party'),
          createdAt: sql<Date>`now()`.as('created_at'),
          readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
        })
        .from(people)
        .where(
          and(
            eq(people.companyId, target.companyId),
            target.exceptPersonId === null ? undefined : ne(people.id, target.exceptPersonId),
            target.roles ? inArray(people.role, [...target.roles]) : undefined,
          ),
        ),
    )
    .returning();
}

/** The companies on either side of each booking. */
export async function bookingSides(
  db: Db,
  ids: number[],
): Promise<{ id: number; orderNo: string; status: number; companyId: number; forwarderId: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      orderNo: bookings.orderNo,
      companyId: bookings.companyId,
      forwarderId: bookings.forwarderId,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids));
}

function mine(who: Recipient) {
  return and(eq(notifications.personId, who.personId), eq(notifications.companyId, who.companyId));
}

/** Unread counts of several people (those without unread ones are absent). */
export async function unreadCounts(db: Db, recipients: Recipient[]): Promise<Map<number, number>> {
  if (recipients.length === 0) return new Map();
  const rows = await db
    .select({ personId: notifications.personId, companyId: notifications.companyId, value: count() })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.personId,
          recipients.map((r) => r.personId),
        ),
        isNull(notifications.readAt),
      ),
    )
    .groupBy(notifications.personId, notifications.companyId);
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (recipients.some((r) => r.personId === row.personId && r.companyId === row.companyId))
      counts.set(row.personId, row.value);
  }
  return counts;
}

export async function unreadCount(db: Db, who: Recipient): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(mine(who), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** A page of the person's notifications, newest first. */
export async function findPage(
  db: Db,
  who: Recipient,
  options: { page: number; size: number; unreadOnly: boolean; booking?: string | undefined },
): Promise<{ rows: NotificationRecord[]; total: number }> {
  const where = and(
    mine(who),
    options.unreadOnly ? isNull(notifications.readAt) : undefined,
    options.booking ? aboutBookings(db, options.booking) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(options.size)
      .offset(pageOffset(options.page, options.size)),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Notifications about a booking (its actions and documents) whose number contains `text`. The
 * person's own rows only are read (mine()), so naming another company's booking finds nothing.
 */
function aboutBookings(db: Db, text: string) {
  return and(
    inArray(notifications.kind, ['booking', 'document']),
    isNotNull(notifications.objectId),
    inArray(
      notifications.objectId,
      db
        .select({ id: bookings.id })
        .from(bookings)
        .where(ilike(bookings.orderNo, likePattern(text))),
    ),
  );
}

/** Marks one of the person's notifications unread again; false when it is not theirs (or does not exist). */
export async function markUnread(db: Db, who: Recipient, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: null })
    .where(and(mine(who), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks one of the person's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, who: Recipient, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(mine(who), eq(notifications.id, id)));
  if (!row) return false;
  if (row.readAt === null)
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine(who), eq(notifications.id, id)));
  return true;
}

/** Marks every unread notification of the person read; how many were. */
export async function markAllRead(db: Db, who: Recipient): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(who), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
