import type { Db } from '../platform/db.js';
import {
  businesses,
  carriers,
  containerTypes,
  countries,
  industries,
  ports,
  tradeRoutes,
  units,
} from '../db/schema.js';

type CodedTable =
  | typeof businesses
  | typeof carriers
  | typeof containerTypes
  | typeof countries
  | typeof industries
  | typeof ports
  | typeof tradeRoutes
  | typeof units;

/** Ids of one reference list by code; an unknown code is a mistake in the demo data, not the user's. */
async function codes(db: Db, table: CodedTable, list: string) {
  const rows = await db.select({ id: table.id, code: table.code }).from(table);
  const byCode = new Map(rows.map((row) => [row.code, row.id]));
  return (code: string): number => {
    const id = byCode.get(code);
    if (id === undefined)
      throw new Error(`demo data names an unknown ${list} ${code}: seed reference data first`);
    return id;
  };
}

/** The reference data the demo data names by code (UN/LOCODE, SCAC, ISO codes …). */
export async function loadReference(db: Db) {
  const [port, carrier, container, unit, country, business, route, industry] = await Promise.all([
    codes(db, ports, 'port'),
    codes(db, carriers, 'carrier'),
    codes(db, containerTypes, 'container type'),
    codes(db, units, 'package unit'),
    codes(db, countries, 'country'),
    codes(db, businesses, 'business'),
    codes(db, tradeRoutes, 'trade route'),
    codes(db, industries, 'industry'),
  ]);
  return { port, carrier, container, unit, country, business, route, industry };
}

export type Reference = Awaited<ReturnType<typeof loadReference>>;
