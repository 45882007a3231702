import { BOOKING_STATUS } from '@freight/contract';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { bookings, carriers, incoterms, ports, companies } from '../../db/schema.js';

/* SQL pieces the booking queries share: whose bookings a query reads, names, a booking's columns. */

/**
 * Whose bookings a query reads: a member's own, or those submitted to a forwarder (a draft, status
 * 0, is its owner's alone: the forwarder's every read and write passes it by, so it is a 404).
 */
export type Scope = { companyId: number } | { forwarderId: number };

const forwarderWhere = (forwarderId: number) =>
  and(eq(bookings.forwarderId, forwarderId), ne(bookings.status, BOOKING_STATUS.draft));
export const scopeWhere = (scope: Scope) =>
  'companyId' in scope ? eq(bookings.companyId, scope.companyId) : forwarderWhere(scope.forwarderId);
/** Either side of a booking: its member, or its forwarder once it is submitted. */
export const partyWhere = (userId: number) => or(eq(bookings.companyId, userId), forwarderWhere(userId));

export const name = (table: { nameZh: AnyPgColumn; nameEn: AnyPgColumn }, zh: boolean) =>
  sql<string>`${zh ? table.nameZh : table.nameEn}`;
export const company = (table: { company1: AnyPgColumn; company2: AnyPgColumn }, zh: boolean) =>
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
export function rowColumns(zh: boolean) {
  const port = (id: AnyPgColumn) => lookup<string | null>(ports, ports.id, name(ports, zh), id);
  const member = (id: AnyPgColumn) => lookup<string>(companies, companies.id, company(companies, zh), id);
  return {
    booking: bookings,
    carrierName: lookup<string | null>(carriers, carriers.id, name(carriers, zh), bookings.carrierId),
    // Null (a draft's port or Incoterm not chosen yet) reads as no name.
    polName: port(bookings.polId),
    // The clock of the booking's cut-offs (null without a port of loading: cutoffTimeZone decides).
    polTimeZone: lookup<string | null>(ports, ports.id, sql`${ports.timeZone}`, bookings.polId),
    podName: port(bookings.podId),
    toName: port(bookings.toId),
    transshipmentName: port(bookings.transshipmentPortId),
    transshipmentCode: lookup<string | null>(
      ports,
      ports.id,
      sql`${ports.code}`,
      bookings.transshipmentPortId,
    ),
    incotermCode: lookup<string | null>(incoterms, incoterms.id, sql`${incoterms.code}`, bookings.incotermId),
    incotermName: lookup<string | null>(incoterms, incoterms.id, name(incoterms, zh), bookings.incotermId),
    forwarderName: lookup<string | null>(
      companies,
      companies.id,
      company(companies, zh),
      bookings.forwarderId,
    ),
    customerName: member(bookings.companyId),
  };
}
