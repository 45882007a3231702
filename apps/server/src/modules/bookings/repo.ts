import { BOOKING_STATUS, type BookingQuery } from '@freight/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.js';
import { likePattern, pageOffset, statementsByShape } from '../../platform/sql.js';
import {
  bookingDocuments,
  bookingHistory,
  bookingInstructionContainers,
  bookingInstructions,
  bookingLines,
  bookingNoSeq,
  bookings,
  carriers,
  containerTypes,
  countries,
  files,
  incoterms,
  ports,
  units,
  users,
} from '../../db/schema.js';

export type BookingRecord = typeof bookings.$inferSelect;
export type BookingValues = Omit<
  typeof bookings.$inferInsert,
  'id' | 'orderNo' | 'ownerId' | 'status' | 'createdAt' | 'updatedAt'
>;
export type LineValues = Omit<typeof bookingLines.$inferInsert, 'id' | 'bookingId'>;
export type HistoryValues = Omit<typeof bookingHistory.$inferInsert, 'id' | 'createdAt'>;

/**
 * Whose bookings a query reads: a member's own, or those submitted to a forwarder (a draft, status
 * 0, is its owner's alone: the forwarder's every read and write passes it by, so it is a 404).
 */
export type Scope = { ownerId: number } | { forwarderId: number };

const forwarderWhere = (forwarderId: number) =>
  and(eq(bookings.forwarderId, forwarderId), ne(bookings.status, BOOKING_STATUS.draft));
const scopeWhere = (scope: Scope) =>
  'ownerId' in scope ? eq(bookings.ownerId, scope.ownerId) : forwarderWhere(scope.forwarderId);
/** Either side of a booking: its member, or its forwarder once it is submitted. */
const partyWhere = (userId: number) => or(eq(bookings.ownerId, userId), forwarderWhere(userId));

const name = (table: { nameZh: AnyPgColumn; nameEn: AnyPgColumn }, zh: boolean) =>
  sql<string>`${zh ? table.nameZh : table.nameEn}`;
const company = (table: { company1: AnyPgColumn; company2: AnyPgColumn }, zh: boolean) =>
  zh
    ? sql<string>`coalesce(nullif(${table.company2}, ''), ${table.company1})`
    : sql<string>`${table.company1}`;

/** A column of the row of `table` whose id is `id` (a scalar subquery: planned in microseconds). */
const lookup = <T>(table: AnyPgTable, tableId: AnyPgColumn, column: SQL, id: AnyPgColumn) =>
  sql<T>`(select ${column} from ${table} where ${tableId} = ${id})`;

/**
 * A booking with the names it is shown with. The names are scalar subqueries rather than joins:
 * 8 relations joined cost the planner ~2 ms a statement (more than running it), the lookups
 * ~0.2 ms; every id they follow is a foreign key, so each finds its row.
 */
function rowColumns(zh: boolean) {
  const port = (id: AnyPgColumn) => lookup<string>(ports, ports.id, name(ports, zh), id);
  const member = (id: AnyPgColumn) => lookup<string>(users, users.id, company(users, zh), id);
  return {
    booking: bookings,
    carrierName: lookup<string | null>(carriers, carriers.id, name(carriers, zh), bookings.carrierId),
    polName: port(bookings.polId),
    podName: port(bookings.podId),
    toName: port(bookings.toId),
    incotermCode: lookup<string>(incoterms, incoterms.id, sql`${incoterms.code}`, bookings.incotermId),
    incotermName: lookup<string>(incoterms, incoterms.id, name(incoterms, zh), bookings.incotermId),
    forwarderName: member(bookings.forwarderId),
    customerName: member(bookings.ownerId),
  };
}

/** What a list row shows (presentRow): a third of the booking's columns, six of its names. */
function listColumns(zh: boolean) {
  const all = rowColumns(zh);
  return {
    booking: {
      id: bookings.id,
      orderNo: bookings.orderNo,
      custRefNo: bookings.custRefNo,
      status: bookings.status,
      acceptedAt: bookings.acceptedAt,
      quoteId: bookings.quoteId,
      fromQuote: bookings.fromQuote,
      cancelledBy: bookings.cancelledBy,
      containerMode: bookings.containerMode,
      vessel: bookings.vessel,
      voyage: bookings.voyage,
      etd: bookings.etd,
      eta: bookings.eta,
      blNo: bookings.blNo,
      soNo: bookings.soNo,
      createdAt: bookings.createdAt,
      updatedAt: bookings.updatedAt,
    },
    carrierName: all.carrierName,
    polName: all.polName,
    podName: all.podName,
    toName: all.toName,
    forwarderName: all.forwarderName,
    customerName: all.customerName,
  };
}

function joined(db: Db, zh: boolean) {
  return db.select(rowColumns(zh)).from(bookings);
}
export type BookingJoined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];
export type BookingListed = Awaited<ReturnType<ReturnType<typeof joinedPage>['execute']>>[number];

/**
 * The same rows as `joined`, for the bookings of `page` only: the page (a derived table) is the
 * first relation, so the plan starts from its few ids whatever the planner estimates. (With
 * `bookings.id IN (page)` and the names joined, a page estimated at one row was planned as a hash
 * semi join over all bookings joined to their names: ~2 s on 1,000,000 bookings.)
 */
function joinedPage(db: Db, zh: boolean, page: ReturnType<typeof pageOf>) {
  const ids = page.as('page');
  return db
    .select({ ...listColumns(zh), total: ids.total })
    .from(ids)
    .innerJoin(bookings, eq(bookings.id, ids.id));
}

/**
 * The ids of a page of bookings, newest first, chosen on `bookings` alone, each with the count of
 * all bookings that match (a window over the same scan): the page and its total in one statement.
 */
function pageOf(db: Db, where: SQL | undefined) {
  return db
    .select({ id: bookings.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The day after an ISO date (an exclusive upper bound for "created on or before"). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

type Placeholder = ReturnType<typeof sql.placeholder>;
/** One condition of a list query: its value, and how its SQL is written around a placeholder. */
type Condition = { key: string; value: unknown; build: (value: Placeholder) => SQL | undefined };

/**
 * The conditions of a list query. The SQL text depends only on which conditions there are (the
 * shape); it is written (by `where`) only when a shape is first seen.
 */
function conditions(scope: Scope, query: BookingQuery): Condition[] {
  const list: Condition[] = [];
  const add = (key: string, value: unknown, build: Condition['build']) => {
    if (value !== undefined && value !== null && value !== '') list.push({ key, value, build });
  };
  const equal = (column: AnyPgColumn) => (value: Placeholder) => eq(column, value);
  const like = (column: AnyPgColumn) => (value: Placeholder) => ilike(column, value);
  const pattern = (value: string | undefined) => (value ? likePattern(value) : undefined);
  if ('ownerId' in scope) add('ownerId', scope.ownerId, equal(bookings.ownerId));
  else {
    add('forwarderId', scope.forwarderId, equal(bookings.forwarderId));
    add('notDraft', BOOKING_STATUS.draft, (value) => ne(bookings.status, value));
  }
  add('keyword', pattern(query.keyword), (value) =>
    or(ilike(bookings.orderNo, value), ilike(bookings.blNo, value), ilike(bookings.custRefNo, value)),
  );
  add('status', query.status, equal(bookings.status));
  add('containerMode', query.container_mode, equal(bookings.containerMode));
  add('toId', query.to_id || undefined, equal(bookings.toId));
  add('polId', query.pol_id || undefined, equal(bookings.polId));
  add('carrierId', query.carrier_id || undefined, equal(bookings.carrierId));
  add('orderNo', pattern(query.order_no), like(bookings.orderNo));
  add('custRefNo', pattern(query.cust_ref_no), like(bookings.custRefNo));
  add('vessel', pattern(query.vessel), like(bookings.vessel));
  add('voyage', pattern(query.voyage), like(bookings.voyage));
  add('createdFrom', query.sdate && `${query.sdate}T00:00:00Z`, (value) => gte(bookings.createdAt, value));
  add('createdBefore', query.edate && nextDay(query.edate), (value) => lt(bookings.createdAt, value));
  add('etdFrom', query.etd_from, (value) => gte(bookings.etd, value));
  add('etdTo', query.etd_to, (value) => lte(bookings.etd, value));
  add('etaFrom', query.eta_from, (value) => gte(bookings.eta, value));
  add('etaTo', query.eta_to, (value) => lte(bookings.eta, value));
  return list;
}

const where = (list: Condition[]) => and(...list.map((c) => c.build(sql.placeholder(c.key))));

const bookingPages = statementsByShape<ReturnType<typeof bookingPageStatement>>('booking_page');
const bookingCounts = statementsByShape<ReturnType<typeof bookingCountStatement>>('booking_count');

function bookingCountStatement(db: Db, where: SQL | undefined, name: string) {
  return db.select({ value: count() }).from(bookings).where(where).prepare(name);
}

function bookingPageStatement(db: Db, zh: boolean, where: SQL | undefined, name: string) {
  return joinedPage(db, zh, pageOf(db, where)).orderBy(desc(bookings.id)).prepare(name);
}

/**
 * A page of bookings, newest first. The page's ids are chosen on `bookings` alone (the owner's or
 * forwarder's index) and only those rows are joined to their names (see `joinedPage`). The
 * statement is built once for each shape of query (see statementsByShape).
 */
export async function findBookingPage(
  db: Db,
  scope: Scope,
  query: BookingQuery,
  zh: boolean,
  withTotal = true,
) {
  const list = conditions(scope, query);
  const values = Object.fromEntries(list.map((c) => [c.key, c.value]));
  const shape = list.map((c) => c.key).join(',');
  const statement = bookingPages(db, `${zh ? 'zh' : 'en'}:${shape}`, (name) =>
    bookingPageStatement(db, zh, where(list), name),
  );
  const rows: BookingListed[] = await statement.execute({
    ...values,
    limit: query.size,
    offset: pageOffset(query.page, query.size),
  });
  // A page past the end has no row to carry the total: only then is it counted on its own.
  let total = rows[0]?.total ?? 0;
  if (withTotal && rows.length === 0 && query.page > 1) {
    const counter = bookingCounts(db, shape, (name) => bookingCountStatement(db, where(list), name));
    const [row] = await counter.execute(values);
    total = row?.value ?? 0;
  }
  return { rows, total: withTotal ? total : 0 };
}

/** One booking with its names, if the scope may see it. */
export async function findBooking(db: Db, scope: Scope | null, id: number, zh: boolean) {
  const [row] = await joined(db, zh)
    .where(and(eq(bookings.id, id), scope ? scopeWhere(scope) : undefined))
    .limit(1);
  return row;
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
  return db
    .select({
      line: bookingLines,
      unitName: name(units, zh),
      containerName: containerTypes.code,
    })
    .from(bookingLines)
    .innerJoin(units, eq(units.id, bookingLines.unitId))
    .leftJoin(containerTypes, eq(containerTypes.id, bookingLines.containerId))
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(bookingLines.lineNo), asc(bookingLines.id));
}

export async function historyOf(db: Db, bookingId: number, zh: boolean) {
  return db
    .select({ entry: bookingHistory, actorName: sql<string | null>`${company(users, zh)}` })
    .from(bookingHistory)
    .leftJoin(users, eq(users.id, bookingHistory.actorId))
    .where(eq(bookingHistory.bookingId, bookingId))
    .orderBy(asc(bookingHistory.id));
}

const documentColumns = (zh: boolean) => ({
  document: bookingDocuments,
  contentType: files.contentType,
  size: files.size,
  storageKey: files.storageKey,
  uploaderName: company(users, zh),
});

export async function documentsOf(db: Db, bookingId: number, zh: boolean) {
  return db
    .select(documentColumns(zh))
    .from(bookingDocuments)
    .innerJoin(files, eq(files.id, bookingDocuments.fileId))
    .innerJoin(users, eq(users.id, bookingDocuments.uploaderId))
    .where(eq(bookingDocuments.bookingId, bookingId))
    .orderBy(asc(bookingDocuments.id));
}

/** One document, if its booking belongs to `userId` as member or forwarder; with whose booking it is. */
export async function findDocument(db: Db, userId: number, id: number, zh: boolean) {
  const [row] = await db
    .select({
      ...documentColumns(zh),
      booking: { ownerId: bookings.ownerId, fromQuote: bookings.fromQuote, acceptedAt: bookings.acceptedAt },
    })
    .from(bookingDocuments)
    .innerJoin(files, eq(files.id, bookingDocuments.fileId))
    .innerJoin(users, eq(users.id, bookingDocuments.uploaderId))
    .innerJoin(bookings, eq(bookings.id, bookingDocuments.bookingId))
    .where(and(eq(bookingDocuments.id, id), partyWhere(userId)))
    .limit(1);
  return row;
}

export async function insertDocument(db: Db, values: typeof bookingDocuments.$inferInsert) {
  const [row] = await db.insert(bookingDocuments).values(values).returning({ id: bookingDocuments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function deleteDocument(db: Db, id: number) {
  await db.delete(bookingDocuments).where(eq(bookingDocuments.id, id));
}

/** The file ids of a booking's documents (to remove the stored bytes with the booking). */
export async function documentFileIds(db: Db, bookingIds: number[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({ fileId: bookingDocuments.fileId })
    .from(bookingDocuments)
    .where(inArray(bookingDocuments.bookingId, bookingIds));
  return rows.map((row) => row.fileId);
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
  containers: { containerId: number; containerNo: string; sealNo: string }[],
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
  values: BookingValues & { orderNo: string; ownerId: number },
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
  ownerId: number,
  id: number,
  values: BookingValues,
  lines: LineValues[],
): Promise<boolean> {
  const updated = await db
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.ownerId, ownerId), eq(bookings.status, 0)))
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

/** Status and order number of the scope's bookings among `ids`. */
export async function statusesOf(db: Db, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: bookings.id, status: bookings.status, orderNo: bookings.orderNo })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), scopeWhere(scope)));
}

export async function insertHistory(db: Db, entries: HistoryValues[]) {
  if (entries.length > 0) await db.insert(bookingHistory).values(entries);
}

export async function deleteDraftBooking(db: Db, ownerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.ownerId, ownerId), eq(bookings.status, 0)))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

/* ---------- reference look-ups and parties ---------- */

/** Which of the given ids exist in each reference table the form names. */
export async function referenceCheck(
  db: Db,
  ids: { ports: number[]; carriers: number[]; containers: number[]; units: number[] },
) {
  const existing = async (table: typeof ports | typeof carriers | typeof containerTypes, list: number[]) =>
    list.length === 0
      ? new Set<number>()
      : new Set(
          (await db.select({ id: table.id }).from(table).where(inArray(table.id, list))).map((r) => r.id),
        );
  const [portSet, carrierSet, containerSet, unitRows] = await Promise.all([
    existing(ports, ids.ports),
    existing(carriers, ids.carriers),
    existing(containerTypes, ids.containers),
    ids.units.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: units.id })
          .from(units)
          .where(and(inArray(units.id, ids.units), eq(units.type, 3))),
  ]);
  return {
    ports: portSet,
    carriers: carrierSet,
    containers: containerSet,
    packageUnits: new Set(unitRows.map((r) => r.id)),
  };
}

export async function findIncoterm(db: Db, codeOrId: string) {
  // At most 9 digits: an id within the integer column's range (a longer number matches no code either).
  const where = /^\d{1,9}$/.test(codeOrId)
    ? eq(incoterms.id, Number(codeOrId))
    : eq(incoterms.code, codeOrId);
  const [row] = await db
    .select({ id: incoterms.id, code: incoterms.code })
    .from(incoterms)
    .where(where)
    .limit(1);
  return row;
}

export async function containerNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: containerTypes.id, code: containerTypes.code })
    .from(containerTypes)
    .where(inArray(containerTypes.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}

export async function countryNames(db: Db, ids: number[], zh: boolean) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: countries.id, name: name(countries, zh) })
    .from(countries)
    .where(inArray(countries.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A member as a party of bookings: contact details, language and authorities. */
export async function findMember(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      company1: users.company1,
      company2: users.company2,
      linkman: users.linkman,
      phone: users.phone,
      language: users.language,
      authorities: users.authorities,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
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
      ownerId: bookings.ownerId,
      forwarderId: bookings.forwarderId,
    })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), scopeWhere(scope)))
    .orderBy(asc(bookings.id))
    .for('update');
}
