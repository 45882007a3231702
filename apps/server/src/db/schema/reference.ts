import {
  char,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/* Reference data: real lists, seeded at every start (seed/reference.ts), idempotently. */

const named = {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }).notNull(),
  nameZh: varchar('name_zh', { length: 200 }).notNull(),
  sort: integer('sort').notNull().default(0),
};

/** A list that is only id, code and two names (charges, incoterms, industries, businesses, routes). */
function namedList(name: string) {
  return pgTable(name, named, (t) => [uniqueIndex(`${name}_code_uq`).on(t.code)]);
}

export const charges = namedList('charges');
export const incoterms = namedList('incoterms');
export const industries = namedList('industries');
export const businesses = namedList('businesses');
export const tradeRoutes = namedList('trade_routes');

export const countries = pgTable(
  'countries',
  { ...named, code3: char('code3', { length: 3 }).notNull() },
  (t) => [uniqueIndex('countries_code_uq').on(t.code)],
);

/**
 * Each row's place when its list is ordered by name in Chinese (pinyin) and in English, as
 * Intl.Collator orders them: the database's own collation orders Chinese by code point, and the
 * embedded one has no ICU. Written by the reference seed at every start (seed/reference.ts).
 */
const nameRanks = {
  rankZh: integer('rank_zh').notNull().default(0),
  rankEn: integer('rank_en').notNull().default(0),
};

export const ports = pgTable(
  'ports',
  {
    ...named,
    ...nameRanks,
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    routeId: integer('route_id').references(() => tradeRoutes.id),
    /** its IANA time zone: the clock its cut-offs are set on (seed/reference-data/time-zones.ts) */
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex('ports_code_uq').on(t.code),
    index('ports_country_idx').on(t.countryId),
    index('ports_route_idx').on(t.routeId),
  ],
);

export const carriers = pgTable('carriers', { ...named, ...nameRanks }, (t) => [
  uniqueIndex('carriers_code_uq').on(t.code),
]);

export const containerTypes = pgTable(
  'container_types',
  {
    ...named,
    isoCode: varchar('iso_code', { length: 4 }).notNull(),
    teu: numeric('teu', { precision: 4, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('container_types_code_uq').on(t.code)],
);

export const currencies = pgTable(
  'currencies',
  {
    ...named,
    numeric: char('numeric', { length: 3 }).notNull(),
    minorUnits: smallint('minor_units').notNull(),
  },
  (t) => [uniqueIndex('currencies_code_uq').on(t.code)],
);

export const units = pgTable('units', { ...named, type: smallint('type').notNull() }, (t) => [
  uniqueIndex('units_code_uq').on(t.code),
  index('units_type_idx').on(t.type),
]);
