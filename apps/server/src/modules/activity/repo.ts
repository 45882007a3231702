import { and, count, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { activity, bookings } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { pageOffset } from '../../platform/sql.js';

/*
 * The activity trail's database access. Rows are only ever inserted: nothing here (nor anywhere
 * else) updates or deletes them; they go only with their company (on delete cascade).
 */
export type ActivityValues = Omit<typeof activity.$inferInsert, 'id' | 'at'>;
export type ActivityRecord = typeof activity.$inferSelect;
export type ActivityListed = { entry: ActivityRecord; bookingParty: 'member' | 'forwarder' | null };

export async function insertActivity(db: Db, rows: ActivityValues[]): Promise<void> {
  if (rows.length > 0) await db.insert(activity).values(rows);
}

export type ActivityFilter = {
  companyId: number;
  personId?: number | undefined;
  kind?: string | undefined;
  /** inclusive bounds, as instants (the caller turns UTC days into them) */
  from?: Date | undefined;
  /** exclusive */
  before?: Date | undefined;
};

function filterWhere(filter: ActivityFilter): SQL | undefined {
  return and(
    eq(activity.companyId, filter.companyId),
    filter.personId === undefined ? undefined : eq(activity.personId, filter.personId),
    filter.kind === undefined ? undefined : eq(activity.kind, filter.kind),
    filter.from === undefined ? undefined : gte(activity.at, filter.from),
    filter.before === undefined ? undefined : lt(activity.at, filter.before),
  );
}

/** A page of the company's trail, newest first (ids grow with time), and how many rows match. */
export async function findActivityPage(
  db: Db,
  filter: ActivityFilter,
  page: number,
  size: number,
): Promise<{ rows: ActivityListed[]; total: number }> {
  const where = filterWhere(filter);
  // The company's side of a booking the row names, while the booking exists (the row's link).
  const party = sql<'member' | 'forwarder' | null>`case
    when ${bookings.companyId} = ${filter.companyId} then 'member'
    when ${bookings.forwarderId} = ${filter.companyId} then 'forwarder' end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: activity, bookingParty: party })
      .from(activity)
      .leftJoin(
        bookings,
        and(eq(bookings.id, activity.objectId), inArray(activity.kind, ['booking', 'document'])),
      )
      .where(where)
      .orderBy(desc(activity.id))
      .limit(size)
      .offset(pageOffset(page, size)),
    db.select({ value: count() }).from(activity).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Everyone who appears in the company's trail and still has a login, by the name they acted under last. */
export async function activityPeople(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectDistinctOn([activity.personId], { id: activity.personId, name: activity.personName })
    .from(activity)
    .where(and(eq(activity.companyId, companyId), isNotNull(activity.personId)))
    .orderBy(activity.personId, desc(activity.id));
  return rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, name: row.name }]));
}
