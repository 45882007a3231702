import { and, eq, inArray } from 'drizzle-orm';
import { carriers, containerTypes, countries, incoterms, ports, units, companies } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { name } from './repo-sql.js';

/* ---------- reference look-ups and parties ---------- */

/** Which of the given ids exist in each reference table the form names. */
export async function referenceCheck(
  db: Db,
  ids: { ports: number[]; carriers: number[]; containers: number[]; units: number[] },
) {
  const existing = async (table: typeof ports | typeof carriers, list: number[]) =>
    list.length === 0
      ? new Set<number>()
      : new Set(
          (await db.select({ id: table.id }).from(table).where(inArray(table.id, list))).map((r) => r.id),
        );
  const [portSet, carrierSet, containerCodes, unitRows] = await Promise.all([
    existing(ports, ids.ports),
    existing(carriers, ids.carriers),
    containerNames(db, ids.containers),
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
    /** each known container type's code (40RF): the line rules read its kind */
    containers: containerCodes,
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

/** Package units' names by id, in the reader's language (a line's commodities name theirs). */
export async function unitNames(db: Db, ids: number[], zh: boolean) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: units.id, name: name(units, zh) })
    .from(units)
    .where(inArray(units.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
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
      id: companies.id,
      username: companies.username,
      company1: companies.company1,
      company2: companies.company2,
      linkman: companies.linkman,
      phone: companies.phone,
      language: companies.language,
      authorities: companies.authorities,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}
