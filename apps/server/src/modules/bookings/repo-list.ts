import { BOOKING_STATUS, type BookingQuery, type Commodity } from '@freight/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookingLines, bookings } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { likePattern, pageOffset, statementsByShape } from '../../platform/sql.js';
import { rowColumns, type Scope } from './repo-sql.js';

/* The booking list: a filtered page, newest first, in one prepared statement per shape of query. */

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
      receiptType: bookings.receiptType,
      deliveryType: bookings.deliveryType,
      requestedEtd: bookings.requestedEtd,
      specialCargo: bookings.specialCargo,
      placeOfDelivery: bookings.placeOfDelivery,
      placeOfDeliveryCountry: bookings.placeOfDeliveryCountry,
      placeOfDeliveryCode: bookings.placeOfDeliveryCode,
      serviceContractReference: bookings.serviceContractReference,
      transportDocumentType: bookings.transportDocumentType,
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

export type BookingListed = Awaited<ReturnType<ReturnType<typeof joinedPage>['execute']>>[number];

/**
 * The same rows as `joined` (repo.ts), for the bookings of `page` only: the page (a derived table)
 * is the first relation, so the plan starts from its few ids whatever the planner estimates. (With
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
  if ('companyId' in scope) add('companyId', scope.companyId, equal(bookings.companyId));
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

/** The commodities of each booking's lines, in line order, by booking id (the export's goods). */
export async function commoditiesOf(db: Db, bookingIds: number[]): Promise<Map<number, Commodity[][]>> {
  const found = new Map<number, Commodity[][]>();
  if (bookingIds.length === 0) return found;
  const rows = await db
    .select({ bookingId: bookingLines.bookingId, commodities: bookingLines.commodities })
    .from(bookingLines)
    .where(inArray(bookingLines.bookingId, bookingIds))
    .orderBy(asc(bookingLines.bookingId), asc(bookingLines.lineNo));
  for (const row of rows) found.set(row.bookingId, [...(found.get(row.bookingId) ?? []), row.commodities]);
  return found;
}
