import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  bookingHistory,
  bookingInstructionContainers,
  bookingInstructions,
  bookingLines,
  bookingNoSeq,
  bookings,
  containerTypes,
  ports,
  units,
  companies,
} from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { company, name, partyWhere, rowColumns, type Scope, scopeWhere } from './repo-sql.js';

/*
 * The bookings' database access. The list (repo-list.ts), documents (repo-documents.ts) and
 * reference look-ups (repo-reference.ts) have files of their own; the services import all of it
 * from here.
 */
export type { Scope } from './repo-sql.js';
export { type BookingListed, commoditiesOf, findBookingPage } from './repo-list.js';
export {
  deleteDocument,
  documentFileIds,
  documentsOf,
  findDocument,
  insertDocument,
} from './repo-documents.js';
export {
  containerNames,
  countryNames,
  findIncoterm,
  findMember,
  referenceCheck,
  unitNames,
} from './repo-reference.js';

export type BookingRecord = typeof bookings.$inferSelect;
export type BookingValues = Omit<
  typeof bookings.$inferInsert,
  'id' | 'orderNo' | 'companyId' | 'status' | 'createdAt' | 'updatedAt'
>;
export type LineValues = Omit<typeof bookingLines.$inferInsert, 'id' | 'bookingId'>;
export type HistoryValues = Omit<typeof bookingHistory.$inferInsert, 'id' | 'createdAt'>;

function joined(db: Db, zh: boolean) {
  return db.select(rowColumns(zh)).from(bookings);
}
export type BookingJoined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** One booking with its names, if the scope may see it. */
export async function findBooking(db: Db, scope: Scope | null, id: number, zh: boolean) {
  const [row] = await joined(db, zh)
    .where(and(eq(bookings.id, id), scope ? scopeWhere(scope) : undefined))
    .limit(1);
  return row;
}

/** The time zone of a booking's port of loading, if the scope may see the booking and it has one. */
export async function polTimeZoneOf(db: Db, scope: Scope, id: number): Promise<string | null> {
  const [row] = await db
    .select({ zone: ports.timeZone })
    .from(bookings)
    .leftJoin(ports, eq(ports.id, bookings.polId))
    .where(and(eq(bookings.id, id), scopeWhere(scope)))
    .limit(1);
  return row?.zone ?? null;
}

/** The bare booking row, if its member or (once submitted) the forwarder it is addressed to asks. */
export async function findBookingOfParty(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), partyWhere(userId)))
    .limit(1);
  return row;
}

export async function linesOf(db: Db, bookingId: number, zh: boolean) {
  return (
    db
      .select({
        line: bookingLines,
        unitName: name(units, zh),
        containerName: containerTypes.code,
      })
      .from(bookingLines)
      // A draft's line may have no unit yet.
      .leftJoin(units, eq(units.id, bookingLines.unitId))
      .leftJoin(containerTypes, eq(containerTypes.id, bookingLines.containerId))
      .where(eq(bookingLines.bookingId, bookingId))
      .orderBy(asc(bookingLines.lineNo), asc(bookingLines.id))
  );
}

export async function historyOf(db: Db, bookingId: number, zh: boolean) {
  return db
    .select({ entry: bookingHistory, actorName: sql<string | null>`${company(companies, zh)}` })
    .from(bookingHistory)
    .leftJoin(companies, eq(companies.id, bookingHistory.actorId))
    .where(eq(bookingHistory.bookingId, bookingId))
    .orderBy(asc(bookingHistory.id));
}

export async function instructionsOf(db: Db, bookingId: number) {
  const [row] = await db
    .select()
    .from(bookingInstructions)
    .where(eq(bookingInstructions.bookingId, bookingId))
    .limit(1);
  if (!row) return undefined;
  const containers = await db
    .select({ container: bookingInstructionContainers, containerName: containerTypes.code })
    .from(bookingInstructionContainers)
    .innerJoin(containerTypes, eq(containerTypes.id, bookingInstructionContainers.containerId))
    .where(eq(bookingInstructionContainers.bookingId, bookingId))
    .orderBy(asc(bookingInstructionContainers.id));
  return { row, containers };
}

export async function saveInstructions(
  db: Db,
  values: typeof bookingInstructions.$inferInsert,
  containers: Omit<typeof bookingInstructionContainers.$inferInsert, 'id' | 'bookingId'>[],
) {
  await db.delete(bookingInstructions).where(eq(bookingInstructions.bookingId, values.bookingId));
  await db.insert(bookingInstructions).values(values);
  if (containers.length > 0)
    await db
      .insert(bookingInstructionContainers)
      .values(containers.map((c) => ({ ...c, bookingId: values.bookingId })));
}

/** A new order number: BK + yyMMdd (UTC) + the next value of booking_no_seq, at least 6 digits. */
export async function nextOrderNo(db: Db): Promise<string> {
  const result = await db.execute<{ value: string | number }>(
    sql`select nextval(${bookingNoSeq.seqName}) as value`,
  );
  const rows = (result as unknown as { rows?: { value: string | number }[] }).rows ?? [];
  const value = rows[0]?.value;
  if (value === undefined) throw new Error('booking_no_seq returned nothing');
  const day = new Date().toISOString().slice(2, 10).replace(/-/g, '');
  return `BK${day}${String(value).padStart(6, '0')}`;
}

export async function insertBooking(
  db: Db,
  values: BookingValues & { orderNo: string; companyId: number },
  lines: LineValues[],
): Promise<number> {
  const [row] = await db.insert(bookings).values(values).returning({ id: bookings.id });
  if (!row) throw new Error('insert returned no row');
  await insertLines(db, row.id, lines);
  return row.id;
}

async function insertLines(db: Db, bookingId: number, lines: LineValues[]) {
  if (lines.length > 0) await db.insert(bookingLines).values(lines.map((l) => ({ ...l, bookingId })));
}

/** Replaces a status-0 booking's fields and lines; false when it is not (or no longer) at status 0. */
export async function updateDraftBooking(
  db: Db,
  companyId: number,
  id: number,
  values: BookingValues,
  lines: LineValues[],
): Promise<boolean> {
  const updated = await db
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.companyId, companyId), eq(bookings.status, 0)))
    .returning({ id: bookings.id });
  if (updated.length !== 1) return false;
  await db.delete(bookingLines).where(eq(bookingLines.bookingId, id));
  await insertLines(db, id, lines);
  return true;
}

export async function rawLines(db: Db, bookingId: number) {
  return db
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(bookingLines.lineNo), asc(bookingLines.id));
}

/**
 * Moves bookings from one of `from` to `to` (with `patch`), only if the scope owns them and they
 * are still in one of `from`: the status check and the change are one statement. Returns the ids
 * changed.
 */
export async function changeStatus(
  db: Db,
  scope: Scope,
  ids: number[],
  from: readonly number[],
  to: number,
  patch: Partial<typeof bookings.$inferInsert> = {},
): Promise<{ id: number }[]> {
  return db
    .update(bookings)
    .set({ ...patch, status: to, updatedAt: new Date() })
    .where(and(inArray(bookings.id, ids), scopeWhere(scope), inArray(bookings.status, [...from])))
    .returning({ id: bookings.id });
}

/** Records the forwarder's acceptance of a booking, unless it was recorded before. */
export async function markAccepted(db: Db, id: number): Promise<void> {
  await db
    .update(bookings)
    .set({ acceptedAt: new Date() })
    .where(and(eq(bookings.id, id), isNull(bookings.acceptedAt)));
}

export async function insertHistory(db: Db, entries: HistoryValues[]) {
  if (entries.length > 0) await db.insert(bookingHistory).values(entries);
}

export async function deleteDraftBooking(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.companyId, companyId), eq(bookings.status, 0)))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

/** Locks the scope's bookings among `ids` for the rest of the transaction; returns what it found. */
export async function lockBookings(db: Db, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      orderNo: bookings.orderNo,
      readyDate: bookings.readyDate,
      acceptedAt: bookings.acceptedAt,
      containerMode: bookings.containerMode,
      companyId: bookings.companyId,
      forwarderId: bookings.forwarderId,
    })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), scopeWhere(scope)))
    .orderBy(asc(bookings.id))
    .for('update');
}
