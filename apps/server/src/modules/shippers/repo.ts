import type { ShipperQuery } from '@freight/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.js';
import { likePattern, pageOffset } from '../../platform/sql.js';
import { businesses, ports, tradeRoutes, users } from '../../db/schema.js';

const listed = and(eq(users.isForwarder, true), eq(users.listedInDirectory, true));

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
    id: users.id,
    company1: users.company1,
    company2: users.company2,
    logoThumb: users.logoThumb,
    businessesName: names(businesses, users.businesses, zh),
    routesName: names(tradeRoutes, users.routes, zh),
    portsName: names(ports, users.ports, zh),
    linkman: users.linkman,
    phone: users.phone,
    username: users.username,
    address1: users.address1,
    address2: users.address2,
    profile: users.profile,
  };
}

export async function findShipperPage(db: Db, query: ShipperQuery, zh: boolean) {
  const pattern = query.company ? likePattern(query.company) : undefined;
  const where = and(
    listed,
    pattern ? or(ilike(users.company1, pattern), ilike(users.company2, pattern)) : undefined,
    query.business_id ? sql`${query.business_id} = any(${users.businesses})` : undefined,
    query.port_id ? sql`${query.port_id} = any(${users.ports})` : undefined,
    query.route_id ? sql`${query.route_id} = any(${users.routes})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(zh))
      .from(users)
      .where(where)
      .orderBy(asc(users.company1), asc(users.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findShipper(db: Db, id: number, zh: boolean) {
  const [row] = await db
    .select(columns(zh))
    .from(users)
    .where(and(listed, eq(users.id, id)))
    .limit(1);
  return row;
}
