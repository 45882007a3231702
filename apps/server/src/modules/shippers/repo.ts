import type { ShipperQuery } from '@freight/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.js';
import { likePattern, pageOffset } from '../../platform/sql.js';
import { businesses, ports, tradeRoutes, companies } from '../../db/schema.js';

const listed = and(eq(companies.isForwarder, true), eq(companies.listedInDirectory, true));

/** Names of the ids in an integer-array column, in the reference list's own order. */
function names(
  table: typeof businesses | typeof ports | typeof tradeRoutes,
  column: AnyPgColumn,
  zh: boolean,
) {
  const name = zh ? table.nameZh : table.nameEn;
  return sql<
    string[]
  >`coalesce((select array_agg(${name} order by ${table.sort}) from ${table} where ${table.id} = any(${column})), '{}')`;
}

function columns(zh: boolean) {
  return {
    id: companies.id,
    company1: companies.company1,
    company2: companies.company2,
    logoThumb: companies.logoThumb,
    businessesName: names(businesses, companies.businesses, zh),
    routesName: names(tradeRoutes, companies.routes, zh),
    portsName: names(ports, companies.ports, zh),
    linkman: companies.linkman,
    phone: companies.phone,
    username: companies.username,
    address1: companies.address1,
    address2: companies.address2,
    profile: companies.profile,
  };
}

export async function findShipperPage(db: Db, query: ShipperQuery, zh: boolean) {
  const pattern = query.company ? likePattern(query.company) : undefined;
  const where = and(
    listed,
    pattern ? or(ilike(companies.company1, pattern), ilike(companies.company2, pattern)) : undefined,
    query.business_id ? sql`${query.business_id} = any(${companies.businesses})` : undefined,
    query.port_id ? sql`${query.port_id} = any(${companies.ports})` : undefined,
    query.route_id ? sql`${query.route_id} = any(${companies.routes})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(zh))
      .from(companies)
      .where(where)
      .orderBy(asc(companies.company1), asc(companies.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    db.select({ value: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findShipper(db: Db, id: number, zh: boolean) {
  const [row] = await db
    .select(columns(zh))
    .from(companies)
    .where(and(listed, eq(companies.id, id)))
    .limit(1);
  return row;
}
