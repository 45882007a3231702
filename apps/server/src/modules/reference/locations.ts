import {
  type ListData,
  type Locale,
  type LocationItem,
  type LocationQuery,
  referenceMatchRank,
} from '@freight/contract';
import { asc, eq } from 'drizzle-orm';
import { countries, ports } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { pageOffset } from '../../platform/sql.js';
import { INLAND_LOCATIONS } from './inland-locations.js';

/*
 * The location search (GET /api/location): the port list's seaports, read from the ports table as
 * they are, and the inland points of inland-locations.ts, searched alike by the contract's rule
 * (referenceMatchRank). Both lists are small (a few hundred rows each): they are read whole and
 * matched here, then paged.
 */

type Place = Omit<LocationItem, 'name' | 'country_name'> & { sort: number };

async function placesOf(db: Db): Promise<{ places: Place[]; countryNames: Map<string, [string, string]> }> {
  const [portRows, countryRows] = await Promise.all([
    db
      .select({
        id: ports.id,
        code: ports.code,
        nameEn: ports.nameEn,
        nameZh: ports.nameZh,
        country: countries.code,
      })
      .from(ports)
      .innerJoin(countries, eq(countries.id, ports.countryId))
      .orderBy(asc(ports.sort), asc(ports.id)),
    db.select({ code: countries.code, nameEn: countries.nameEn, nameZh: countries.nameZh }).from(countries),
  ]);
  const known = new Set(portRows.map((row) => row.code));
  const places: Place[] = portRows.map((row, sort) => ({
    kind: 'port',
    port_id: row.id,
    code: row.code,
    name_en: row.nameEn,
    name_zh: row.nameZh,
    country: row.country,
    sort,
  }));
  // An inland point a port of the list has since taken the code of is found as that port.
  for (const [code, nameEn, nameZh] of INLAND_LOCATIONS)
    if (!known.has(code))
      places.push({
        kind: 'inland',
        port_id: null,
        code,
        name_en: nameEn,
        name_zh: nameZh,
        country: code.slice(0, 2),
        sort: places.length,
      });
  const countryNames = new Map(
    countryRows.map((row) => [row.code, [row.nameEn, row.nameZh] as [string, string]]),
  );
  return { places, countryNames };
}

/**
 * One page of the places matching `keyword` (all of them without one): those whose code or a name
 * starts with it first, then those containing it; ports before inland points in each group.
 */
export async function searchLocations(options: {
  db: Db;
  query: LocationQuery;
  locale: Locale;
}): Promise<ListData<LocationItem>> {
  const { db, query, locale } = options;
  const keyword = query.keyword ?? '';
  const { places, countryNames } = await placesOf(db);
  const found = places
    .map((place) => ({ place, rank: referenceMatchRank(place, keyword) }))
    .filter((hit): hit is { place: Place; rank: 0 | 1 } => hit.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.place.sort - b.place.sort);
  const offset = pageOffset(query.page, query.size);
  const zh = locale === 'zh-CN';
  return {
    total: found.length,
    lists: found.slice(offset, offset + query.size).map(({ place: { sort: _sort, ...place } }) => {
      const country = countryNames.get(place.country);
      return {
        ...place,
        name: zh ? place.name_zh : place.name_en,
        country_name: (country && (zh ? country[1] : country[0])) ?? place.country,
      };
    }),
  };
}
