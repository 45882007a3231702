import {
  compareReferenceMatches,
  type Locale,
  matchesReference,
  type ReferenceList,
  type ReferenceQuery,
} from '@freight/contract';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.js';
import { sortByName } from '../../platform/locale.js';
import { likePattern, pageOffset } from '../../platform/sql.js';
import {
  businesses,
  carriers,
  charges,
  containerTypes,
  countries,
  currencies,
  industries,
  ports,
  tradeRoutes,
  units,
  companies,
} from '../../db/schema.js';

/** A reference row before its name is picked for the request's language. */
export type ReferenceRow = {
  id: number;
  code: string;
  nameEn: string;
  nameZh: string;
  countryId?: number | null;
  countryNameEn?: string | null;
  countryNameZh?: string | null;
  routeId?: number | null;
  timeZone?: string;
  isoCode?: string;
  teu?: string;
  numeric?: string;
  minorUnits?: number;
  type?: number;
  code3?: string;
};

type ReferencePage = { rows: ReferenceRow[]; total: number };

const simpleTables = {
  carrier: carriers,
  charge: charges,
  industry: industries,
  business: businesses,
  route: tradeRoutes,
} as const;

type Named = { code: AnyPgColumn; nameEn: AnyPgColumn; nameZh: AnyPgColumn };

function keywordFilter(table: Named, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likePattern(keyword);
  return or(ilike(table.code, pattern), ilike(table.nameEn, pattern), ilike(table.nameZh, pattern));
}

/**
 * Ports and carriers are searched by the contract's rule (code, both names, the carriers' short
 * names; what starts with the keyword first), the same the web's dropdowns filter with. The lists
 * are small (a few hundred rows): they are read whole and matched here, then paged.
 */
function searchedPage(rows: ReferenceRow[], keyword: string, offset: number, size: number): ReferencePage {
  const found = rows
    .filter((row) => matchesReference({ code: row.code, name_en: row.nameEn, name_zh: row.nameZh }, keyword))
    .map((row, index) => ({ row, index }));
  const key = ({ row }: { row: ReferenceRow }) => ({
    code: row.code,
    name_en: row.nameEn,
    name_zh: row.nameZh,
  });
  found.sort((a, b) => compareReferenceMatches(key(a), key(b), keyword) || a.index - b.index);
  return { rows: found.slice(offset, offset + size).map(({ row }) => row), total: found.length };
}

async function pageOf<T>(
  rows: Promise<T[]>,
  total: Promise<{ value: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const [list, [counted]] = await Promise.all([rows, total]);
  return { rows: list, total: counted?.value ?? 0 };
}

/** Reads one page of a reference list; filters that do not apply to the list are ignored. */
export async function findReferencePage(
  db: Db,
  list: ReferenceList,
  query: ReferenceQuery,
  locale: Locale,
): Promise<ReferencePage> {
  const { page, size, keyword } = query;
  const offset = pageOffset(page, size);

  switch (list) {
    case 'country': {
      // Countries are few (under 250): they are sorted here by their name in the request's
      // language, as people look for them (Chinese by pinyin, as ICU orders it), then paged.
      const all = await db
        .select({
          id: countries.id,
          code: countries.code,
          code3: countries.code3,
          nameEn: countries.nameEn,
          nameZh: countries.nameZh,
        })
        .from(countries)
        .where(keywordFilter(countries, keyword));
      sortByName(all, locale);
      return { rows: all.slice(offset, offset + size), total: all.length };
    }
    case 'port': {
      const where = and(
        query.country_id ? eq(ports.countryId, query.country_id) : undefined,
        query.route_id ? eq(ports.routeId, query.route_id) : undefined,
      );
      const select = () =>
        db
          .select({
            id: ports.id,
            code: ports.code,
            nameEn: ports.nameEn,
            nameZh: ports.nameZh,
            countryId: ports.countryId,
            countryNameEn: countries.nameEn,
            countryNameZh: countries.nameZh,
            routeId: ports.routeId,
            timeZone: ports.timeZone,
          })
          .from(ports)
          .innerJoin(countries, eq(countries.id, ports.countryId))
          .where(where)
          .orderBy(asc(ports.sort), asc(ports.id));
      if (keyword) return searchedPage(await select(), keyword, offset, size);
      return pageOf(
        select().limit(size).offset(offset),
        db.select({ value: count() }).from(ports).where(where),
      );
    }
    case 'container': {
      const where = keywordFilter(containerTypes, keyword);
      return pageOf(
        db
          .select({
            id: containerTypes.id,
            code: containerTypes.code,
            nameEn: containerTypes.nameEn,
            nameZh: containerTypes.nameZh,
            isoCode: containerTypes.isoCode,
            teu: containerTypes.teu,
          })
          .from(containerTypes)
          .where(where)
          .orderBy(asc(containerTypes.sort), asc(containerTypes.id))
          .limit(size)
          .offset(offset),
        db.select({ value: count() }).from(containerTypes).where(where),
      );
    }
    case 'currency': {
      const where = keywordFilter(currencies, keyword);
      return pageOf(
        db
          .select({
            id: currencies.id,
            code: currencies.code,
            nameEn: currencies.nameEn,
            nameZh: currencies.nameZh,
            numeric: currencies.numeric,
            minorUnits: currencies.minorUnits,
          })
          .from(currencies)
          .where(where)
          .orderBy(asc(currencies.sort), asc(currencies.id))
          .limit(size)
          .offset(offset),
        db.select({ value: count() }).from(currencies).where(where),
      );
    }
    case 'unit': {
      const where = and(keywordFilter(units, keyword), query.type ? eq(units.type, query.type) : undefined);
      return pageOf(
        db
          .select({
            id: units.id,
            code: units.code,
            nameEn: units.nameEn,
            nameZh: units.nameZh,
            type: units.type,
          })
          .from(units)
          .where(where)
          .orderBy(asc(units.sort), asc(units.id))
          .limit(size)
          .offset(offset),
        db.select({ value: count() }).from(units).where(where),
      );
    }
    case 'forwarder': {
      const pattern = keyword ? likePattern(keyword) : undefined;
      const where = and(
        eq(companies.isForwarder, true),
        pattern ? or(ilike(companies.company1, pattern), ilike(companies.company2, pattern)) : undefined,
      );
      const rows = await pageOf(
        db
          .select({
            id: companies.id,
            company1: companies.company1,
            company2: companies.company2,
            countryId: companies.countryId,
            countryNameEn: countries.nameEn,
            countryNameZh: countries.nameZh,
          })
          .from(companies)
          .innerJoin(countries, eq(countries.id, companies.countryId))
          .where(where)
          .orderBy(asc(companies.company1), asc(companies.id))
          .limit(size)
          .offset(offset),
        db.select({ value: count() }).from(companies).where(where),
      );
      return {
        total: rows.total,
        rows: rows.rows.map(({ company1, company2, ...row }) => ({
          ...row,
          code: String(row.id),
          nameEn: company1,
          nameZh: company2 || company1,
        })),
      };
    }
    default: {
      const table = simpleTables[list];
      if (list === 'carrier' && keyword) {
        const all = await db
          .select({ id: table.id, code: table.code, nameEn: table.nameEn, nameZh: table.nameZh })
          .from(table)
          .orderBy(asc(table.sort), asc(table.id));
        return searchedPage(all, keyword, offset, size);
      }
      const where = keywordFilter(table, keyword);
      return pageOf(
        db
          .select({ id: table.id, code: table.code, nameEn: table.nameEn, nameZh: table.nameZh })
          .from(table)
          .where(where)
          .orderBy(asc(table.sort), asc(table.id))
          .limit(size)
          .offset(offset),
        db.select({ value: count() }).from(table).where(where),
      );
    }
  }
}
