import type { Locale } from '@freight/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { sortByName } from '../../platform/locale.js';
import {
  businesses,
  carriers,
  charges,
  containerTypes,
  countries,
  currencies,
  incoterms,
  industries,
  ports,
  tradeRoutes,
  units,
} from '../schema.js';
import { isoCountries } from './countries.js';
import { CARRIERS } from './reference-data/carriers.js';
import { CONTAINERS } from './reference-data/containers.js';
import { CURRENCIES } from './reference-data/currencies.js';
import { BUSINESSES, CHARGES, INCOTERMS, INDUSTRIES } from './reference-data/lists.js';
import { PORTS } from './reference-data/ports.js';
import { TRADE_ROUTES } from './reference-data/routes.js';
import { portTimeZone } from './reference-data/time-zones.js';
import type { SeedNamed } from './reference-data/types.js';
import { UNITS } from './reference-data/units.js';

const named = (item: SeedNamed, sort: number) => ({
  code: item.code,
  nameEn: item.name_en,
  nameZh: item.name_zh,
  sort,
});

async function codeIds(db: Db, table: typeof countries | typeof tradeRoutes): Promise<Map<string, number>> {
  const rows = await db.select({ id: table.id, code: table.code }).from(table);
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * Inserts the reference data that is missing. Rows are matched by their natural code, so a second
 * run changes nothing, and an operator's later edits of names are kept.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [table, list] of [
      [charges, CHARGES],
      [incoterms, INCOTERMS],
      [industries, INDUSTRIES],
      [businesses, BUSINESSES],
      [tradeRoutes, TRADE_ROUTES],
      [carriers, CARRIERS],
    ] as const) {
      await tx.insert(table).values(list.map(named)).onConflictDoNothing({ target: table.code });
    }
    await tx
      .insert(countries)
      .values(isoCountries().map((c, i) => ({ ...named(c, i), code3: c.code3 })))
      .onConflictDoNothing({ target: countries.code });
    await tx
      .insert(containerTypes)
      .values(CONTAINERS.map((c, i) => ({ ...named(c, i), isoCode: c.iso_code, teu: String(c.teu) })))
      .onConflictDoNothing({ target: containerTypes.code });
    await tx
      .insert(currencies)
      .values(CURRENCIES.map((c, i) => ({ ...named(c, i), numeric: c.numeric, minorUnits: c.minor_units })))
      .onConflictDoNothing({ target: currencies.code });
    await tx
      .insert(units)
      .values(UNITS.map((u, i) => ({ ...named(u, i), type: u.type })))
      .onConflictDoNothing({ target: units.code });

    const countryIds = await codeIds(tx, countries);
    const routeIds = await codeIds(tx, tradeRoutes);
    await tx
      .insert(ports)
      .values(
        PORTS.map((p, i) => {
          const countryId = countryIds.get(p.country);
          if (countryId === undefined) throw new Error(`Port ${p.code}: unknown country ${p.country}`);
          return {
            ...named(p, i),
            countryId,
            routeId: routeIds.get(p.route) ?? null,
            timeZone: portTimeZone(p),
          };
        }),
      )
      .onConflictDoNothing({ target: ports.code });
    await rankNames(tx, carriers);
    await rankNames(tx, ports);
  });
}

/**
 * Writes each row's place in its list ordered by name in either language (the quote board sorts
 * carriers and ports by these: pinyin in Chinese, which the databases' collations do not give).
 * Run at every start, so names an operator edited are placed again; rows already right are kept.
 */
async function rankNames(db: Db, table: typeof carriers | typeof ports): Promise<void> {
  const rows = await db
    .select({
      id: table.id,
      nameEn: table.nameEn,
      nameZh: table.nameZh,
      rankZh: table.rankZh,
      rankEn: table.rankEn,
    })
    .from(table)
    .orderBy(table.id); // equal names keep the order of their ids
  const place = (locale: Locale) =>
    new Map(sortByName([...rows], locale).map((row, index) => [row.id, index + 1]));
  const zh = place('zh-CN');
  const en = place('en-US');
  const changed = rows.filter((row) => row.rankZh !== zh.get(row.id) || row.rankEn !== en.get(row.id));
  if (changed.length === 0) return;
  await db.execute(sql`
    update ${table} set rank_zh = u.rank_zh, rank_en = u.rank_en
    from unnest(
      ${sql.param(changed.map((row) => row.id))}::int[],
      ${sql.param(changed.map((row) => zh.get(row.id)))}::int[],
      ${sql.param(changed.map((row) => en.get(row.id)))}::int[]
    ) as u(id, rank_zh, rank_en)
    where ${table}.id = u.id`);
}
