/**
 * Fills a database with data of realistic shape for benchmarks, so that every benchmark draws on
 * one data set:
 *
 * - `generateMembers`: N member companies (customers and forwarders) spread over real countries,
 *   ports, routes and businesses (row by row through Drizzle, in batches of 1,000).
 * - `generateContacts`: contact-book entries (shippers and consignees) of those members, with every
 *   column the app writes, including `dedupe_key` exactly as `dedupeKey()` in
 *   modules/contacts/service.ts makes it, unique per owner as the (owner_id, dedupe_key) index
 *   demands. Optionally one member (`focus`) gets a large book of its own.
 * - `generateRates`: forwarders' space rates with their space lines (container prices) on real
 *   carriers, ports and container types; mostly exports from Chinese ports; validity windows
 *   spread over the last half year so that a realistic share is valid today.
 * - `generateBookings`: FCL and LCL bookings of those members with their container or cargo lines
 *   and status history: shipper and consignee from the member's own book, addressed to forwarders,
 *   statuses 0/1/2/3/5/40 following a timeline from the booking's creation (schedule on released
 *   ones, B/L number on shipped ones), order numbers in the server's format. Optionally one member
 *   (`focus`) gets a given number of them. Readable by the API as they are (bench/data.ts reads a
 *   sample through the service and checks it against the contract).
 *
 * Contacts, rates and bookings are made by the database itself (`INSERT … SELECT generate_series`,
 * in chunks, two at a time on PostgreSQL) from a hash of the row number and the seed, so a million
 * rows load in seconds, the same seed gives the same data, and it works on PGlite as well as
 * PostgreSQL. Only the reference data seeded by `seedBase` (countries, ports, carriers, container
 * types, units, Incoterms) is used.
 *
 *   node --import tsx --conditions=source bench/generate.ts --members 10000 --contacts 1000000 \
 *     [--focus-member demo@example.com --focus-contacts 50000] --rates 200000 \
 *     --bookings 1000000 [--focus-bookings 200 --focus-forwarder forwarder@example.com] \
 *     [--database-url postgres://…]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { count, eq, max, ne, type SQL, sql } from 'drizzle-orm';
import { businesses, countries, ports, tradeRoutes, users } from '../apps/server/src/db/schema.js';
import { seedBase } from '../apps/server/src/db/seed/index.js';
import { type Db, openDatabase, runMigrations } from '../apps/server/src/platform/db.js';

/** A small deterministic PRNG so that two runs generate the same data. */
export function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => {
      const item = list[Math.floor(next() * list.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

const WORDS = [
  'PACIFIC',
  'ORIENT',
  'GLOBAL',
  'GOLDEN',
  'BRIGHT',
  'EVER',
  'UNITED',
  'GRAND',
  'SUNRISE',
  'HARBOR',
  'SILK',
  'DRAGON',
  'OCEAN',
  'STAR',
];
const TRADES = [
  'LOGISTICS',
  'SHIPPING',
  'TRADING',
  'INDUSTRIAL',
  'ELECTRONICS',
  'TEXTILE',
  'MACHINERY',
  'FREIGHT',
];
const ZH_WORDS = [
  '太平洋',
  '东方',
  '环球',
  '金',
  '明',
  '永',
  '联合',
  '宏',
  '日升',
  '海港',
  '丝路',
  '龙',
  '海洋',
  '星',
];
const ZH_TRADES = ['物流', '船务', '贸易', '实业', '电子', '纺织', '机械', '货运'];
const CITIES = [
  'SHANGHAI',
  'NINGBO',
  'SHENZHEN',
  'GUANGZHOU',
  'QINGDAO',
  'XIAMEN',
  'TIANJIN',
  'DALIAN',
  'HONG KONG',
  'SINGAPORE',
];
const SURNAMES = ['WANG', 'LI', 'ZHANG', 'LIU', 'CHEN', 'YANG', 'HUANG', 'ZHAO', 'WU', 'ZHOU'];

/** Accounts made by the generator cannot log in: their hash is not a valid password hash. */
const NO_LOGIN = '!generated';

export async function generateMembers(
  db: Db,
  options: { count: number; forwarderShare?: number; seed?: number },
) {
  const random = rng(options.seed ?? 1);
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const cn = countryRows.find((c) => c.code === 'CN');
  const portIds = (await db.select({ id: ports.id }).from(ports)).map((p) => p.id);
  const routeIds = (await db.select({ id: tradeRoutes.id }).from(tradeRoutes)).map((r) => r.id);
  const businessIds = (await db.select({ id: businesses.id }).from(businesses)).map((b) => b.id);
  const [last] = await db.select({ value: max(users.id) }).from(users);
  const start = last?.value ?? 0;
  const batch = 1000;
  for (let offset = 0; offset < options.count; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(options.count, offset + batch); i++) {
      const n = start + i + 1;
      const word = random.int(0, WORDS.length - 1);
      const trade = random.int(0, TRADES.length - 1);
      const isForwarder = random.next() < (options.forwarderShare ?? 0.2);
      rows.push({
        username: `member${n}@bench.example.com`,
        passwordHash: NO_LOGIN,
        linkman: `${random.pick(SURNAMES)} ${random.pick(SURNAMES)}`,
        phone: `+86${random.int(13000000000, 18999999999)}`,
        company1: `${WORDS[word]} ${TRADES[trade]} CO., LTD ${n}`,
        company2: `${ZH_WORDS[word]}${ZH_TRADES[trade]}有限公司${n}`,
        address1: `NO. ${random.int(1, 999)} ${random.pick(WORDS)} ROAD`,
        city: random.pick(CITIES),
        countryId: random.next() < 0.8 && cn ? cn.id : random.pick(countryRows).id,
        isForwarder,
        authorities: isForwarder
          ? [
              'quote',
              'rate',
              'order',
              'shipper',
              'contact',
              'user',
              'quote_forwarder',
              'quote_booking',
              'quote_rfq',
            ]
          : ['quote', 'order', 'shipper', 'contact', 'user', 'quote_booking', 'quote_rfq'],
        ports: [random.pick(portIds), random.pick(portIds)],
        routes: [random.pick(routeIds)],
        businesses: [random.pick(businessIds), random.pick(businessIds)],
      });
    }
    await db.insert(users).values(rows);
  }
}

/* ---------- contacts and rates: made by the database from hashes of the row number ---------- */

/** An integer written into the SQL text (only numbers this file computes, never input). */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
}

/** A text[] literal of constants from this file. */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`);
}

function intArray(values: readonly number[]): SQL {
  return sql.raw(`(ARRAY[${values.map((v) => String(Math.trunc(v))).join(',')}]::integer[])`);
}

/** A uniform number in [0, 1) from the row number `row` (an SQL expression) and stream `k`. */
function uniform(row: SQL, seed: number, k: number): SQL {
  return sql`((hashint8extended((${row})::bigint, ${int(seed * 1000 + k)}) & 1073741823)::float8 / 1073741824.0)`;
}

/** Runs `count` rows in chunks, `parallel` chunks at a time (PGlite queues them anyway). */
async function inChunks(
  count: number,
  chunk: number,
  parallel: number,
  run: (from: number, to: number) => Promise<unknown>,
) {
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const from = next;
      const to = Math.min(count, from + chunk - 1);
      next = to + 1;
      await run(from, to);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

const SECOND_WORDS = [
  'STAR',
  'BRIDGE',
  'PEAK',
  'RIVER',
  'LINK',
  'BAY',
  'WAY',
  'STONE',
  'FIELD',
  'LAND',
  'WELL',
  'SEA',
  'HILL',
  'FORTUNE',
];
const ZH_SECOND = ['星', '桥', '峰', '江', '联', '湾', '通', '石', '田', '地', '泉', '海', '山', '福'];
const SUFFIXES = [
  'CO., LTD',
  'CO., LTD',
  'LIMITED',
  'INDUSTRY CO., LTD',
  'IMPORT AND EXPORT CO., LTD',
  'GROUP CO., LTD',
];
const GIVEN_NAMES = [
  'WEI',
  'MING',
  'FANG',
  'JING',
  'LEI',
  'YAN',
  'JUN',
  'HUI',
  'TAO',
  'XIN',
  'PING',
  'HONG',
  'BIN',
  'LING',
  'QIANG',
  'YU',
  'HAO',
  'NA',
  'JIE',
  'KAI',
];
/** City, province, country (ISO code), dialling code, Chinese city name ('' abroad), postcode prefix. */
const PLACES: [string, string, string, string, string, string][] = [
  ['SHANGHAI', 'SHANGHAI', 'CN', '86', '上海', '200'],
  ['NINGBO', 'ZHEJIANG', 'CN', '86', '宁波', '315'],
  ['SHENZHEN', 'GUANGDONG', 'CN', '86', '深圳', '518'],
  ['GUANGZHOU', 'GUANGDONG', 'CN', '86', '广州', '510'],
  ['QINGDAO', 'SHANDONG', 'CN', '86', '青岛', '266'],
  ['XIAMEN', 'FUJIAN', 'CN', '86', '厦门', '361'],
  ['TIANJIN', 'TIANJIN', 'CN', '86', '天津', '300'],
  ['SUZHOU', 'JIANGSU', 'CN', '86', '苏州', '215'],
  ['YIWU', 'ZHEJIANG', 'CN', '86', '义乌', '322'],
  ['DONGGUAN', 'GUANGDONG', 'CN', '86', '东莞', '523'],
  ['HONG KONG', '', 'HK', '852', '', ''],
  ['LOS ANGELES', 'CA', 'US', '1', '', '900'],
  ['NEW YORK', 'NY', 'US', '1', '', '100'],
  ['ROTTERDAM', '', 'NL', '31', '', '30'],
  ['HAMBURG', '', 'DE', '49', '', '20'],
  ['FELIXSTOWE', '', 'GB', '44', '', 'IP1'],
  ['SINGAPORE', '', 'SG', '65', '', '01'],
  ['DUBAI', '', 'AE', '971', '', ''],
  ['SANTOS', 'SP', 'BR', '55', '', '110'],
  ['SYDNEY', 'NSW', 'AU', '61', '', '20'],
  ['TOKYO', '', 'JP', '81', '', '100'],
  ['BUSAN', '', 'KR', '82', '', '48'],
];
const MAIL_DOMAINS = ['163.com', 'qq.com', 'gmail.com', 'outlook.com', '126.com'];

/**
 * Contact books: `count` contacts over every member, evenly interleaved in time (ids follow
 * creation), with `focus.count` of them in `focus.ownerId`'s book and the rest spread evenly over
 * the other members. Three quarters are Chinese companies with a Chinese name and address, the
 * rest abroad; names are combinations of real-looking words, unique per book, so that the
 * (owner_id, dedupe_key) index holds (run it once per database: a second run would repeat names).
 * The focus member's contacts are every (count / focus.count)-th row, so they lie spread over the
 * whole table, as contacts added over the years do. Created over the last ~2 years (one a minute).
 */
export async function generateContacts(
  db: Db,
  options: { count: number; focus?: { ownerId: number; count: number }; seed?: number; parallel?: number },
) {
  const seed = options.seed ?? 2;
  const n = options.count;
  const focusCount = Math.min(options.focus?.count ?? 0, n);
  const focusId = options.focus?.ownerId ?? 0;
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const countryId = (code: string) => {
    const row = countryRows.find((c) => c.code === code);
    if (!row) throw new Error(`reference data missing: country ${code}`);
    return row.id;
  };
  // Combinations of the name parts below: first word, second word, trade, suffix, surname, given name.
  const radix = [
    WORDS.length,
    SECOND_WORDS.length,
    TRADES.length,
    SUFFIXES.length,
    SURNAMES.length,
    GIVEN_NAMES.length,
  ];
  const combinations = radix.reduce((a, b) => a * b, 1);
  const [others] = await db.select({ value: count() }).from(users).where(ne(users.id, focusId));
  const perOther = Math.ceil((n - focusCount) / Math.max(1, others?.value ?? 0));
  if (focusCount > combinations || perOther > combinations)
    throw new Error('too many contacts for one member');
  if (n > focusCount && !others?.value)
    throw new Error('no members to own the contacts: generate members first');
  const i = sql`g.i`;
  const u = (k: number) => uniform(i, seed, k);
  const digit = (position: number) => {
    const divisor = radix.slice(0, position).reduce((a, b) => a * b, 1);
    return sql.raw(`(1 + (s.x / ${divisor}) % ${radix[position]})`);
  };
  const cnPlaces = PLACES.filter((p) => p[2] === 'CN').length;
  const placeIndex = sql`(CASE WHEN ${u(1)} < 0.75 THEN 1 + floor(${u(2)} * ${int(cnPlaces)})
    ELSE ${int(cnPlaces + 1)} + floor(${u(2)} * ${int(PLACES.length - cnPlaces)}) END)::int`;
  const statement = (from: number, to: number) => sql`
    WITH o AS (
      SELECT array_agg(id ORDER BY id) AS ids, count(*)::bigint AS m FROM users WHERE id <> ${int(focusId)}
    )
    INSERT INTO contacts (owner_id, type, company1, company2, linkman, address1, address2, city, province,
      country_id, zip_code, phone, email, dedupe_key, created_at, updated_at)
    SELECT a.owner_id, c.type, c.company1, c.company2, c.linkman, c.address1, c.address2, p.city, p.province,
      p.country_id, c.zip_code, c.phone, c.email,
      c.type || '|' || lower(c.company1) || '|' || lower(c.linkman),
      now() - (${int(n)} - g.i) * interval '1 minute', now() - (${int(n)} - g.i) * interval '1 minute'
    FROM generate_series(${int(from)}::bigint, ${int(to)}::bigint) AS g(i)
    CROSS JOIN o
    CROSS JOIN LATERAL (
      SELECT (g.i * ${int(focusCount)}) / ${int(n)} > ((g.i - 1) * ${int(focusCount)}) / ${int(n)} AS focus
    ) f
    CROSS JOIN LATERAL (
      SELECT
        CASE WHEN f.focus THEN ${int(focusId)}
          ELSE o.ids[1 + (g.i - (g.i * ${int(focusCount)}) / ${int(n)} - 1) % o.m] END AS owner_id,
        CASE WHEN f.focus THEN (g.i * ${int(focusCount)}) / ${int(n)} - 1
          ELSE (g.i - (g.i * ${int(focusCount)}) / ${int(n)} - 1) / o.m END AS k
    ) a
    CROSS JOIN LATERAL (SELECT (a.k * 7919 + a.owner_id * 104729) % ${int(combinations)} AS x) s
    CROSS JOIN LATERAL (
      SELECT ${textArray(WORDS)}[${digit(0)}] AS w1, ${textArray(SECOND_WORDS)}[${digit(1)}] AS w2,
        ${textArray(ZH_WORDS)}[${digit(0)}] AS z1, ${textArray(ZH_SECOND)}[${digit(1)}] AS z2,
        ${textArray(TRADES)}[${digit(2)}] AS trade, ${textArray(ZH_TRADES)}[${digit(2)}] AS ztrade,
        ${textArray(SUFFIXES)}[${digit(3)}] AS suffix,
        ${textArray(SURNAMES)}[${digit(4)}] AS surname, ${textArray(GIVEN_NAMES)}[${digit(5)}] AS given
    ) d
    CROSS JOIN LATERAL (SELECT ${placeIndex} AS place) w
    CROSS JOIN LATERAL (
      SELECT ${textArray(PLACES.map((p) => p[0]))}[w.place] AS city,
        ${textArray(PLACES.map((p) => p[1]))}[w.place] AS province,
        ${intArray(PLACES.map((p) => countryId(p[2])))}[w.place] AS country_id,
        ${textArray(PLACES.map((p) => p[3]))}[w.place] AS dial,
        ${textArray(PLACES.map((p) => p[4]))}[w.place] AS zh_city,
        ${textArray(PLACES.map((p) => p[5]))}[w.place] AS zip
    ) p
    CROSS JOIN LATERAL (
      SELECT
        CASE WHEN ${u(3)} < 0.45 THEN 'shipper' WHEN ${u(3)} < 0.85 THEN 'consignee' ELSE 'both' END AS type,
        d.w1 || ' ' || d.w2 || ' ' || d.trade || ' ' || d.suffix AS company1,
        CASE WHEN p.zh_city <> '' THEN p.zh_city || d.z1 || d.z2 || d.ztrade || '有限公司' ELSE '' END AS company2,
        d.surname || ' ' || d.given AS linkman,
        'NO. ' || (1 + floor(${u(4)} * 999))::int || ' '
          || ${textArray(WORDS)}[1 + floor(${u(5)} * ${int(WORDS.length)})::int] || ' ROAD' AS address1,
        CASE WHEN p.zh_city <> '' AND ${u(6)} < 0.6
          THEN p.zh_city || '市' || d.z1 || d.z2 || '路' || (1 + floor(${u(4)} * 999))::int || '号' ELSE '' END
          AS address2,
        CASE WHEN p.zip = '' THEN '' ELSE p.zip || lpad(floor(${u(7)} * 1000)::int::text, 3, '0') END AS zip_code,
        CASE WHEN p.dial = '86'
          THEN '+86 1' || (30 + floor(${u(8)} * 60))::int || lpad(floor(${u(9)} * 100000000)::int::text, 8, '0')
          ELSE '+' || p.dial || ' ' || lpad(floor(${u(9)} * 100000000)::int::text, 8, '0') END AS phone,
        CASE WHEN ${u(10)} < 0.15 THEN ''
          WHEN ${u(10)} < 0.6 THEN lower(d.surname || '.' || d.given) || '@' || lower(d.w1 || d.w2) || '.com'
          ELSE lower(d.given || d.surname) || (floor(${u(11)} * 100))::int || '@'
            || ${textArray(MAIL_DOMAINS)}[1 + floor(${u(12)} * ${int(MAIL_DOMAINS.length)})::int] END AS email
    ) c`;
  await inChunks(n, 100_000, options.parallel ?? 2, (from, to) => db.execute(statement(from, to)));
}

function numericArray(values: readonly number[]): SQL {
  return sql.raw(`(ARRAY[${values.map((v) => String(v)).join(',')}]::numeric[])`);
}

/**
 * Container types in the seed's order (20GP, 40GP, 40HQ, 45HQ, reefers, open tops, flat racks, tank):
 * how often a rate prices one, and its price against a 20GP.
 */
const SPACE_SHARE = [0.85, 0.75, 1, 0.12, 0.06, 0.06, 0.08, 0.03, 0.03, 0.02, 0.02, 0.02];
const SPACE_FACTOR = [1, 1.75, 1.8, 2.1, 1.9, 2.6, 2.8, 1.6, 2.4, 1.8, 2.6, 2.5];
const REMARKS = ['', '', '', '', '', 'SUBJECT TO SPACE', 'FAK', 'EXCL. THC', 'VIA SINGAPORE', 'SOC ACCEPTED'];
/** Validity lengths in days that forwarders publish. */
const VALIDITY_DAYS = [7, 14, 14, 15, 30, 30, 30, 31, 45, 60, 90];

/**
 * Rates of the forwarders (members with is_forwarder; a few publish most of them) with their space
 * lines: 85% exports from Chinese ports (the big ones most) to ports abroad, 15% imports into
 * China; the big carriers most often; delivery place = discharge port for 80%. Validity starts
 * between 180 days before `today` and 14 days after and lasts 1 week to 3 months, so about a
 * sixth is valid on `today`. Each rate prices 1–12 container types (always 40HQ, usually 20GP and
 * 40GP) in whole tens of USD. Created 1–10 days before validity starts.
 */
export async function generateRates(
  db: Db,
  options: { count: number; today?: string; seed?: number; parallel?: number },
) {
  const seed = options.seed ?? 3;
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`not a date: ${today}`);
  const [forwarders] = await db.select({ value: count() }).from(users).where(eq(users.isForwarder, true));
  if (!forwarders?.value) throw new Error('no forwarders to own the rates: generate members first');
  const u = (k: number) => uniform(sql`g.i`, seed, k);
  const pick = (list: 'f' | 'cp' | 'wp' | 'ca', share: SQL) =>
    sql`${sql.raw(list)}.ids[1 + floor(${share} * ${sql.raw(list)}.m)::int]`;
  const statement = (from: number, to: number) => sql`
    WITH f AS (SELECT array_agg(id ORDER BY id) AS ids, count(*) AS m FROM users WHERE is_forwarder),
      cp AS (
        SELECT array_agg(p.id ORDER BY p.sort, p.id) AS ids, count(*) AS m
        FROM ports p JOIN countries c ON c.id = p.country_id WHERE c.code = 'CN'
      ),
      wp AS (
        SELECT array_agg(p.id ORDER BY p.sort, p.id) AS ids, count(*) AS m
        FROM ports p JOIN countries c ON c.id = p.country_id WHERE c.code <> 'CN'
      ),
      ca AS (SELECT array_agg(id ORDER BY sort, id) AS ids, count(*) AS m FROM carriers),
      ct AS (SELECT array_agg(id ORDER BY sort, id) AS ids FROM container_types),
      ins AS (
        INSERT INTO rates (owner_id, carrier_id, pol_id, pod_id, to_id, sdate, edate, transit_days, etd, eta,
          remark, status, created_at, updated_at)
        SELECT x.owner_id, x.carrier_id, x.pol_id, x.pod_id, x.to_id, x.sdate, x.sdate + x.days - 1,
          x.transit, y.etd, y.etd + x.transit, x.remark, 1, y.created, y.created
        FROM generate_series(${int(from)}::bigint, ${int(to)}::bigint) AS g(i)
        CROSS JOIN f CROSS JOIN cp CROSS JOIN wp CROSS JOIN ca
        CROSS JOIN LATERAL (
          SELECT ${pick('f', sql`power(${u(1)}, 2)`)} AS owner_id,
            ${pick('ca', sql`power(${u(2)}, 2)`)} AS carrier_id,
            CASE WHEN ${u(3)} < 0.85 THEN ${pick('cp', sql`power(${u(4)}, 2.5)`)} ELSE ${pick('wp', u(4))} END
              AS pol_id,
            CASE WHEN ${u(3)} < 0.85 THEN ${pick('wp', sql`power(${u(5)}, 1.5)`)}
              ELSE ${pick('cp', sql`power(${u(5)}, 2)`)} END AS pod_id,
            CASE WHEN ${u(6)} < 0.8 THEN NULL WHEN ${u(3)} < 0.85 THEN ${pick('wp', u(7))}
              ELSE ${pick('cp', u(7))} END AS alt_id,
            ${today}::date - 180 + floor(${u(8)} * 195)::int AS sdate,
            ${intArray(VALIDITY_DAYS)}[1 + floor(${u(9)} * ${int(VALIDITY_DAYS.length)})::int] AS days,
            (7 + floor(${u(10)} * 38))::int AS transit,
            ${textArray(REMARKS)}[1 + floor(${u(11)} * ${int(REMARKS.length)})::int] AS remark
        ) x0
        CROSS JOIN LATERAL (SELECT x0.*, coalesce(x0.alt_id, x0.pod_id) AS to_id) x
        CROSS JOIN LATERAL (
          SELECT CASE WHEN ${u(12)} < 0.2 THEN NULL ELSE x.sdate + floor(${u(13)} * 7)::int END AS etd,
            x.sdate - (1 + floor(${u(14)} * 10))::int + make_interval(secs => floor(${u(15)} * 86400)) AS created
        ) y
        RETURNING id
      )
    INSERT INTO rate_spaces (rate_id, container_id, price)
    SELECT ins.id, ct.ids[t.n],
      (round((40 + ${uniform(sql`ins.id`, seed, 16)} * 260) * ${numericArray(SPACE_FACTOR)}[t.n]) * 10)::numeric(12, 2)
    FROM ins CROSS JOIN ct
    CROSS JOIN LATERAL generate_series(1, ${int(SPACE_SHARE.length)}) AS t(n)
    WHERE ${uniform(sql`ins.id * 16 + t.n`, seed, 17)} < ${numericArray(SPACE_SHARE)}[t.n]`;
  await inChunks(options.count, 50_000, options.parallel ?? 2, (from, to) => db.execute(statement(from, to)));
}

/* ---------- bookings ---------- */

/** Goods as members book them: HS code (6 digits) and the description that goes onto the B/L. */
const GOODS: [string, string][] = [
  ['851762', 'WIRELESS ROUTERS'],
  ['852872', 'LCD MONITORS'],
  ['847130', 'LAPTOP COMPUTERS'],
  ['940360', 'WOODEN FURNITURE'],
  ['940161', 'UPHOLSTERED CHAIRS'],
  ['611020', 'COTTON KNITTED SWEATERS'],
  ['620462', 'LADIES COTTON TROUSERS'],
  ['640399', 'LEATHER FOOTWEAR'],
  ['950300', 'PLASTIC TOYS'],
  ['732393', 'STAINLESS STEEL KITCHENWARE'],
  ['850940', 'KITCHEN APPLIANCES'],
  ['870899', 'AUTO PARTS'],
  ['392690', 'PLASTIC ARTICLES'],
  ['630790', 'TEXTILE MADE-UP ARTICLES'],
  ['854143', 'SOLAR PANELS'],
  ['940542', 'LED LIGHTING FIXTURES'],
  ['420292', 'TRAVEL BAGS'],
  ['841451', 'ELECTRIC FANS'],
  ['691200', 'CERAMIC TABLEWARE'],
  ['848180', 'VALVES'],
  ['730890', 'STEEL STRUCTURES'],
  ['401110', 'PASSENGER CAR TYRES'],
];
/** Package units by UN/ECE Rec 21 code; the index lists below weight them (1-based positions). */
const PACKAGE_UNITS = ['CT', 'PX', 'PK', 'BX', 'CS', 'BG', '7B', 'CR', 'DR', 'RO'];
const FCL_UNIT_PICKS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 9, 10];
const LCL_UNIT_PICKS = [2, 2, 2, 2, 1, 1, 1, 5, 7, 7, 8, 3];
/** Container types by position in the seed's order (20GP, 40GP, 40HQ, 45HQ, 20RF, 40RF, 40RH, 20OT, …). */
const CONTAINER_PICKS = [3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const INCOTERM_PICKS = [
  'FOB',
  'FOB',
  'FOB',
  'FOB',
  'FOB',
  'FOB',
  'CIF',
  'CIF',
  'CFR',
  'EXW',
  'FCA',
  'FCA',
  'DAP',
  'DDP',
];
const VESSELS = [
  'MAERSK ESSEN',
  'MAERSK EINDHOVEN',
  'COSCO SHIPPING ARIES',
  'COSCO SHIPPING TAURUS',
  'MSC GULSUN',
  'MSC TINA',
  'CMA CGM JACQUES SAADE',
  'CMA CGM MARCO POLO',
  'ONE APUS',
  'ONE STORK',
  'EVER ACE',
  'EVER GIVEN',
  'HMM ALGECIRAS',
  'OOCL HONG KONG',
  'YM WELLNESS',
  'HAPAG TOKYO EXPRESS',
  'ZIM KINGSTON',
  'WAN HAI 625',
];
const MEMBER_CANCEL_REASONS = [
  'ORDER POSTPONED BY BUYER',
  'CARGO NOT READY',
  'BOOKED WITH ANOTHER FORWARDER',
  'PRICE CHANGED',
  'DUPLICATE BOOKING',
];
const FORWARDER_VOID_REASONS = [
  'NO SPACE ON THE REQUESTED VESSEL',
  'ROLLED BY THE CARRIER',
  'CUSTOMER DID NOT CONFIRM',
  'EQUIPMENT SHORTAGE AT POL',
];
const BOOKING_REMARKS = [
  'PLEASE ARRANGE TRUCKING',
  'FUMIGATION CERTIFICATE NEEDED',
  'NON-HAZARDOUS CARGO',
  'SHIPPER OWNED CONTAINER',
  'PLEASE ADVISE CUT-OFF',
];
/** Scratch tables of the booking generator (shippers and consignees each member books with). */
const PARTIES = 'bench_booking_parties';
const PARTY_OWNERS = 'bench_booking_owners';

async function scalarOf(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { value: string | number }[] };
  return Number(result.rows[0]?.value ?? NaN);
}

/**
 * Bookings of the members (run it after `generateContacts`, once per database): `count` bookings
 * over 2 years (ids and order numbers follow creation; the newest are the latest ids), each of a
 * member who has a shipper and a consignee in the contact book, `focus.count` of them the focus
 * member's (every (count / focus.count)-th row, half of those addressed to `focus.forwarderId`).
 * A member books with 3 forwarders of its own (members holding `rate`, never itself).
 *
 * - 70% FCL with 1–4 container lines (40HQ most, then 20GP and 40GP; 1–10 containers a line), 30%
 *   LCL with 1–3 cargo lines; real HS codes, package units, weights and volumes per container of
 *   its size; the booking's totals are the sums of its lines, as the server computes them.
 * - Shipper and consignee are contacts of the member's own book (one of its first 6 of each kind)
 *   with the snapshot the server copies; ports as in `generateRates` (88% exports from China);
 *   the big carriers most (LCL often without one); Incoterms FOB most; customer reference numbers.
 * - Status follows a timeline from the creation: accepted after 1–48 hours, space released 0.5–4.5
 *   days later (SO number, vessel, voyage, ETD, ETA, cut-offs), SI confirmed before the SI cut-off,
 *   shipped (B/L number) after the ETD; what has not happened by now has not happened, so the
 *   newest bookings are at 0, 1, 2 or 3 and the rest at 5. 7% are cancelled by the member (70%) or
 *   voided by the forwarder on the way (status 40, `cancelled_by`, reason). `booking_history` holds
 *   every step with its time and actor; `updated_at` is the last step's. Shipping instructions are
 *   confirmed by the forwarder (`confirm_si`, received by e-mail), so there are no SI rows; no
 *   documents either.
 *
 * Booking ids, order numbers (BK + creation day + serial) and history ids are taken past their
 * sequences' current values, which are then moved past them. The foreign keys of `bookings`,
 * `booking_lines` and `booking_history` are dropped for the load and added back (as
 * pg_get_constraintdef gives them) after it, which checks every row in one pass per key: do not
 * let a server write bookings while this runs. Two scratch tables (bench_booking_parties,
 * bench_booking_owners) live for the duration. About 80 s for 1,000,000 bookings (1.6 M lines,
 * 4.8 M history rows, ~1.8 GB with indexes) on 2 cores.
 */
export async function generateBookings(
  db: Db,
  options: {
    count: number;
    focus?: { ownerId: number; count: number; forwarderId?: number };
    seed?: number;
    parallel?: number;
  },
) {
  const seed = options.seed ?? 4;
  const n = options.count;
  const focusCount = Math.min(options.focus?.count ?? 0, n);
  const focusId = options.focus?.ownerId ?? 0;
  const focusForwarder = options.focus?.forwarderId ?? 0;
  const [forwarders] = await db
    .select({ value: count() })
    .from(users)
    .where(sql`'rate' = any(${users.authorities})`);
  if ((forwarders?.value ?? 0) < 2) throw new Error('no forwarders to book with: generate members first');
  await db.execute(sql.raw(`drop table if exists ${PARTIES}, ${PARTY_OWNERS}`));
  try {
    // Up to 6 shippers and 6 consignees of each member, with the snapshot a booking keeps of them.
    await db.execute(
      sql.raw(`
      create unlogged table ${PARTIES} as
      select owner_id, kind, k, id as contact_id,
        jsonb_build_object('company1', company1, 'company2', company2, 'linkman', linkman,
          'address1', address1, 'address2', address2, 'city', city, 'province', province,
          'countryId', country_id, 'zipCode', zip_code, 'phone', phone, 'email', email) as snapshot
      from (
        select c.*, t.kind, (row_number() over (partition by c.owner_id, t.kind order by c.id) - 1)::int as k
        from contacts c
        join (values (1, 'shipper'), (1, 'both'), (2, 'consignee'), (2, 'both')) as t(kind, type)
          on t.type = c.type
      ) x
      where k < 6`),
    );
    await db.execute(sql.raw(`alter table ${PARTIES} add primary key (owner_id, kind, k)`));
    await db.execute(
      sql.raw(`
      create unlogged table ${PARTY_OWNERS} as
      select owner_id, count(*) filter (where kind = 1)::int as shippers,
        count(*) filter (where kind = 2)::int as consignees
      from ${PARTIES} group by owner_id
      having count(*) filter (where kind = 1) > 0 and count(*) filter (where kind = 2) > 0`),
    );
    await db.execute(sql.raw(`alter table ${PARTY_OWNERS} add primary key (owner_id)`));
    await db.execute(sql.raw(`analyze ${PARTIES}, ${PARTY_OWNERS}`));
    if (focusCount > 0) {
      const ok = await scalarOf(
        db,
        sql`select count(*) as value from ${sql.raw(PARTY_OWNERS)} where owner_id = ${int(focusId)}`,
      );
      if (ok !== 1) throw new Error('the focus member has no shipper or no consignee to book with');
    }
    const others = await scalarOf(
      db,
      sql`select count(*) as value from ${sql.raw(PARTY_OWNERS)} where owner_id <> ${int(focusId)}`,
    );
    if (n > focusCount && others === 0)
      throw new Error('no member has a shipper and a consignee: generate contacts first');
    // The foreign keys of the three tables are dropped for the load and added back after it (which
    // checks every row at once, ~10 times faster than a check per inserted row).
    const keys = (
      (await db.execute(
        sql.raw(`
        select format('alter table %s drop constraint %I', conrelid::regclass, conname) as drop,
          format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as add
        from pg_constraint
        where contype = 'f' and conrelid in ('bookings'::regclass, 'booking_lines'::regclass, 'booking_history'::regclass)
        order by conrelid, conname`),
      )) as unknown as { rows: { drop: string; add: string }[] }
    ).rows;
    for (const key of keys) await db.execute(sql.raw(key.drop));
    try {
      await loadBookings(db, {
        n,
        seed,
        focusCount,
        focusId,
        focusForwarder,
        parallel: options.parallel ?? 2,
      });
    } finally {
      for (const key of keys) await db.execute(sql.raw(key.add));
    }
  } finally {
    await db.execute(sql.raw(`drop table if exists ${PARTIES}, ${PARTY_OWNERS}`));
  }
}

/** Inserts the bookings in chunks, past the sequences' current values, then moves the sequences on. */
async function loadBookings(
  db: Db,
  p: {
    n: number;
    seed: number;
    focusCount: number;
    focusId: number;
    focusForwarder: number;
    parallel: number;
  },
) {
  const next = (sequence: string) => scalarOf(db, sql`select nextval(${sequence}) as value`);
  const firstId = await next('bookings_id_seq');
  const firstSerial = await next('booking_no_seq');
  const firstHistory = await next('booking_history_id_seq');
  await inChunks(p.n, 50_000, p.parallel, (from, to) =>
    db.execute(bookingStatement({ ...p, from, to, firstId, firstSerial, firstHistory })),
  );
  await db.execute(sql`select setval('bookings_id_seq', ${int(firstId + p.n)})`);
  await db.execute(sql`select setval('booking_no_seq', ${int(firstSerial + p.n)})`);
  await db.execute(sql`select setval('booking_history_id_seq', ${int(firstHistory + 6 * p.n)})`);
}

function bookingStatement(p: {
  from: number;
  to: number;
  n: number;
  seed: number;
  focusCount: number;
  focusId: number;
  focusForwarder: number;
  firstId: number;
  firstSerial: number;
  /** history ids: 6 a booking (its steps in order, then a cancellation), gaps where a step is missing */
  firstHistory: number;
}): SQL {
  const u = (k: number) => uniform(sql`g.i`, p.seed, k);
  const lu = (k: number) => uniform(sql`q.r`, p.seed, 50 + k);
  const pick = (list: 'cp' | 'wp' | 'ca', share: SQL) =>
    sql`${sql.raw(list)}.ids[1 + floor(${share} * ${sql.raw(list)}.m)::int]`;
  const among = (values: readonly string[], share: SQL) =>
    sql`${textArray(values)}[1 + floor(${share} * ${int(values.length)})::int]`;
  const indexAmong = (values: readonly number[], share: SQL) =>
    sql`${intArray(values)}[1 + floor(${share} * ${int(values.length)})::int]`;
  const day = (value: SQL) => sql`((${value}) at time zone 'UTC')::date`;
  return sql`
    WITH o AS (
        SELECT array_agg(owner_id ORDER BY owner_id) AS ids, count(*)::bigint AS m
        FROM ${sql.raw(PARTY_OWNERS)} WHERE owner_id <> ${int(p.focusId)}
      ),
      f AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::bigint AS m FROM users WHERE 'rate' = ANY(authorities)),
      cp AS (
        SELECT array_agg(p.id ORDER BY p.sort, p.id) AS ids, count(*) AS m
        FROM ports p JOIN countries c ON c.id = p.country_id WHERE c.code = 'CN'
      ),
      wp AS (
        SELECT array_agg(p.id ORDER BY p.sort, p.id) AS ids, count(*) AS m
        FROM ports p JOIN countries c ON c.id = p.country_id WHERE c.code <> 'CN'
      ),
      ca AS (SELECT array_agg(id ORDER BY sort, id) AS ids, array_agg(code ORDER BY sort, id) AS codes,
        count(*) AS m FROM carriers),
      ct AS (SELECT array_agg(id ORDER BY sort, id) AS ids, array_agg(teu ORDER BY sort, id) AS teus
        FROM container_types),
      un AS (
        SELECT array_agg(x.id ORDER BY k.ord) AS ids
        FROM unnest(${textArray(PACKAGE_UNITS)}) WITH ORDINALITY AS k(code, ord) JOIN units x ON x.code = k.code
      ),
      ic AS (
        SELECT array_agg(x.id ORDER BY k.ord) AS ids
        FROM unnest(${textArray(INCOTERM_PICKS)}) WITH ORDINALITY AS k(code, ord) JOIN incoterms x ON x.code = k.code
      ),
      b0 AS MATERIALIZED (
        SELECT ${int(p.firstId)} + g.i AS id, g.i, a.owner_id, fw.forwarder_id,
          'BK' || to_char(t.t0 AT TIME ZONE 'UTC', 'YYMMDD')
            || lpad((${int(p.firstSerial)} + g.i)::text, greatest(6, length((${int(p.firstSerial)} + g.i)::text)), '0')
            AS order_no,
          r.mode, r.line_count,
          CASE WHEN ${u(20)} < 0.15 THEN ''
            WHEN ${u(20)} < 0.55 THEN 'PO-' || to_char(t.t0, 'YYYY') || '-' || lpad(floor(${u(21)} * 100000)::int::text, 5, '0')
            WHEN ${u(20)} < 0.8 THEN 'INV' || to_char(t.t0, 'YY') || lpad(floor(${u(21)} * 1000000)::int::text, 6, '0')
            ELSE 'SO' || lpad(floor(${u(21)} * 10000000)::int::text, 7, '0') END AS cust_ref_no,
          t.ready_date, ic.ids[1 + floor(${u(22)} * ${int(INCOTERM_PICKS.length)})::int] AS incoterm_id,
          CASE WHEN ${u(23)} < 0.55 THEN '' ELSE ${among(CITIES.slice(0, 8), u(24))} END AS place_of_receipt,
          r.pol_id, r.pod_id, r.to_id, r.carrier_id,
          CASE WHEN ${u(25)} < 0.85 THEN '' ELSE ${among(BOOKING_REMARKS, u(26))} END AS remark,
          t.t0, t.e1, t.e2, s.e3, s.e4, s.tc, t.etd, s.eta, s.cancelled, s.stage, s.cancel_from,
          CASE WHEN ${u(27)} < 0.7 THEN 'cancel' ELSE 'void' END AS cancel_action,
          CASE WHEN ${u(27)} < 0.7 THEN 'member' ELSE 'forwarder' END AS cancel_role,
          CASE WHEN ${u(27)} < 0.7 THEN ${among(MEMBER_CANCEL_REASONS, u(28))}
            ELSE ${among(FORWARDER_VOID_REASONS, u(28))} END AS cancel_reason,
          coalesce(ca.codes[array_position(ca.ids, r.carrier_id)], 'HBL') AS prefix,
          ${among(VESSELS, u(29))} AS vessel,
          lpad((1 + floor(${u(30)} * 999))::int::text, 3, '0') || ${among(['E', 'W', 'N', 'S'], u(31))} AS voyage,
          lpad(floor(${u(32)} * 1000000000)::bigint::text, 9, '0') AS so_digits,
          lpad(floor(${u(33)} * 1000000000)::bigint::text, 9, '0') AS bl_digits
        FROM generate_series(${int(p.from)}::bigint, ${int(p.to)}::bigint) AS g(i)
        CROSS JOIN o CROSS JOIN f CROSS JOIN cp CROSS JOIN wp CROSS JOIN ca CROSS JOIN ic
        CROSS JOIN LATERAL (
          SELECT (g.i * ${int(p.focusCount)}) / ${int(p.n)} > ((g.i - 1) * ${int(p.focusCount)}) / ${int(p.n)} AS focus
        ) fo
        CROSS JOIN LATERAL (
          SELECT CASE WHEN fo.focus THEN ${int(p.focusId)} ELSE o.ids[1 + floor(${u(1)} * o.m)::int] END AS owner_id
        ) a
        CROSS JOIN LATERAL (
          SELECT (1 + (hashint8extended(a.owner_id::bigint * 4 + floor(${u(2)} * 3)::bigint, ${int(p.seed * 1000 + 99)})
            & 1073741823) % f.m)::int AS k
        ) fk
        CROSS JOIN LATERAL (
          SELECT CASE WHEN fo.focus AND ${int(p.focusForwarder)} > 0 AND ${u(3)} < 0.5 THEN ${int(p.focusForwarder)}
            WHEN f.ids[fk.k] <> a.owner_id THEN f.ids[fk.k] ELSE f.ids[1 + fk.k % f.m::int] END AS forwarder_id
        ) fw
        CROSS JOIN LATERAL (
          SELECT CASE WHEN ${u(6)} < 0.7 THEN 1 ELSE 2 END AS mode, ${u(7)} < 0.88 AS export
        ) m
        CROSS JOIN LATERAL (
          SELECT m.mode,
            CASE WHEN m.mode = 1 THEN CASE WHEN ${u(8)} < 0.55 THEN 1 WHEN ${u(8)} < 0.8 THEN 2
              WHEN ${u(8)} < 0.92 THEN 3 ELSE 4 END
            ELSE CASE WHEN ${u(8)} < 0.7 THEN 1 WHEN ${u(8)} < 0.92 THEN 2 ELSE 3 END END AS line_count,
            CASE WHEN m.export THEN ${pick('cp', sql`power(${u(9)}, 2.5)`)} ELSE ${pick('wp', u(9))} END AS pol_id,
            x.pod_id,
            CASE WHEN ${u(11)} < 0.85 THEN x.pod_id WHEN m.export THEN ${pick('wp', u(12))}
              ELSE ${pick('cp', u(12))} END AS to_id,
            CASE WHEN ${u(13)} < (CASE WHEN m.mode = 1 THEN 0.95 ELSE 0.5 END)
              THEN ${pick('ca', sql`power(${u(14)}, 2)`)} END AS carrier_id
          FROM (SELECT CASE WHEN m.export THEN ${pick('wp', sql`power(${u(10)}, 1.5)`)}
            ELSE ${pick('cp', sql`power(${u(10)}, 2)`)} END AS pod_id) x
        ) r
        CROSS JOIN LATERAL (
          SELECT t0, e1, e2, ready_date,
            greatest(ready_date + 2, ${day(sql`e2`)} + 3 + floor(${u(17)} * 10)::int) AS etd
          FROM (
            SELECT now() - make_interval(secs => ((${int(p.n)} - g.i) * (63072000.0 / ${int(p.n)}))::float8) AS t0
          ) z0
          CROSS JOIN LATERAL (
            SELECT z0.t0 + make_interval(secs => 3600 + ${u(15)} * 169200) AS e1,
              ${day(sql`z0.t0`)} + 1 + floor(${u(18)} * 4)::int AS ready_date
          ) z1
          CROSS JOIN LATERAL (SELECT z1.e1 + make_interval(secs => 43200 + ${u(16)} * 345600) AS e2) z2
        ) t
        CROSS JOIN LATERAL (
          SELECT e3, e4, t.etd + 12 + floor(${u(19)} * 30)::int AS eta, x.cancelled,
            CASE WHEN x.cancelled THEN x.cs ELSE x.reached END AS stage,
            (x.cs)::smallint AS cancel_from, x.tc
          FROM (
            SELECT t.e2 + (((t.etd - 2)::timestamp AT TIME ZONE 'UTC') - t.e2) * (0.2 + 0.6 * ${u(34)}) AS e3,
              (t.etd::timestamp AT TIME ZONE 'UTC') + make_interval(secs => 21600 + ${u(35)} * 129600) AS e4
          ) y
          CROSS JOIN LATERAL (
            SELECT floor(power(${u(36)}, 1.6) * 4)::int AS cs,
              CASE WHEN y.e4 <= now() THEN 4 WHEN y.e3 <= now() THEN 3 WHEN t.e2 <= now() THEN 2
                WHEN t.e1 <= now() THEN 1 ELSE 0 END AS reached
          ) w
          CROSS JOIN LATERAL (
            SELECT w.cs, w.reached, v.tc, ${u(37)} < 0.07 AND v.tc <= now() AS cancelled
            FROM (SELECT (ARRAY[t.t0, t.e1, t.e2, y.e3])[w.cs + 1]
              + ((ARRAY[t.e1, t.e2, y.e3, y.e4])[w.cs + 1] - (ARRAY[t.t0, t.e1, t.e2, y.e3])[w.cs + 1])
                * (0.2 + 0.6 * ${u(38)}) AS tc) v
          ) x
        ) s
      ),
      b AS MATERIALIZED (
        SELECT b0.*, sh.contact_id AS shipper_id, sh.snapshot AS shipper, cn.contact_id AS consignee_id,
          cn.snapshot AS consignee
        FROM b0
        JOIN ${sql.raw(PARTY_OWNERS)} po ON po.owner_id = b0.owner_id
        JOIN ${sql.raw(PARTIES)} sh ON sh.owner_id = b0.owner_id AND sh.kind = 1
          AND sh.k = floor(${uniform(sql`b0.i`, p.seed, 4)} * po.shippers)::int
        JOIN ${sql.raw(PARTIES)} cn ON cn.owner_id = b0.owner_id AND cn.kind = 2
          AND cn.k = floor(${uniform(sql`b0.i`, p.seed, 5)} * po.consignees)::int
      ),
      ln AS MATERIALIZED (
        SELECT b.id AS booking_id, t.n AS line_no, x.container_id, x.quantity, x.hs_code, x.description,
          x.packages, x.unit_id, x.weight, x.volume
        FROM b CROSS JOIN ct CROSS JOIN un
        CROSS JOIN LATERAL generate_series(1, b.line_count) AS t(n)
        CROSS JOIN LATERAL (SELECT b.id * 8 + t.n AS r) q
        CROSS JOIN LATERAL (
          SELECT ${indexAmong(CONTAINER_PICKS, lu(1))} AS c, 1 + floor(${lu(2)} * ${int(GOODS.length)})::int AS goods,
            CASE WHEN ${lu(3)} < 0.6 THEN 1 WHEN ${lu(3)} < 0.82 THEN 2 WHEN ${lu(3)} < 0.92 THEN 3
              ELSE 4 + floor(${lu(4)} * 7)::int END AS containers
        ) d
        CROSS JOIN LATERAL (
          SELECT CASE WHEN b.mode = 1 THEN ct.ids[d.c] END AS container_id,
            CASE WHEN b.mode = 1 THEN d.containers ELSE 1 END AS quantity,
            ${textArray(GOODS.map((g) => g[0]))}[d.goods] AS hs_code,
            ${textArray(GOODS.map((g) => g[1]))}[d.goods] AS description,
            CASE WHEN b.mode = 1 THEN d.containers * (40 + floor(${lu(5)} * 1400))::int
              ELSE 1 + floor(power(${lu(5)}, 2) * 60)::int END AS packages,
            un.ids[CASE WHEN b.mode = 1 THEN ${indexAmong(FCL_UNIT_PICKS, lu(6))}
              ELSE ${indexAmong(LCL_UNIT_PICKS, lu(6))} END] AS unit_id,
            CASE WHEN b.mode = 1 THEN round((d.containers * (3000 + ${lu(7)} * 19000))::numeric, 1)
              ELSE round((60 + power(${lu(7)}, 2) * 5900)::numeric, 2) END AS weight,
            CASE WHEN b.mode = 1 THEN round((d.containers * ct.teus[d.c] * (14 + ${lu(8)} * 15))::numeric, 2)
              ELSE round((0.3 + power(${lu(8)}, 2) * 17.7)::numeric, 3) END AS volume
        ) x
      ),
      tot AS (
        SELECT booking_id, sum(weight) AS weight, sum(volume) AS volume, sum(packages)::int AS packages
        FROM ln GROUP BY booking_id
      ),
      ins AS (
        INSERT INTO bookings (id, order_no, owner_id, forwarder_id, status, container_mode, shipper_id, shipper,
          consignee_id, consignee, cust_ref_no, ready_date, incoterm_id, place_of_receipt, pol_id, pod_id, to_id,
          carrier_id, remark, total_weight, total_volume, total_packages, so_no, vessel, voyage, etd, eta,
          si_cutoff, cy_cutoff, bl_no, cancelled_by, cancel_reason, created_at, updated_at)
        SELECT b.id, b.order_no, b.owner_id, b.forwarder_id,
          CASE WHEN b.cancelled THEN 40 ELSE (ARRAY[0, 1, 2, 3, 5])[b.stage + 1] END,
          b.mode, b.shipper_id, b.shipper, b.consignee_id, b.consignee, b.cust_ref_no, b.ready_date,
          b.incoterm_id, b.place_of_receipt, b.pol_id, b.pod_id, b.to_id, b.carrier_id, b.remark,
          tot.weight, tot.volume, tot.packages,
          CASE WHEN b.stage >= 2 THEN b.prefix || b.so_digits ELSE '' END,
          CASE WHEN b.stage >= 2 THEN b.vessel ELSE '' END,
          CASE WHEN b.stage >= 2 THEN b.voyage ELSE '' END,
          CASE WHEN b.stage >= 2 THEN b.etd END,
          CASE WHEN b.stage >= 2 THEN b.eta END,
          CASE WHEN b.stage >= 2 THEN (b.etd - 2) + time '12:00' END,
          CASE WHEN b.stage >= 2 THEN (b.etd - 1) + time '17:00' END,
          CASE WHEN b.stage = 4 AND NOT b.cancelled THEN b.prefix || b.bl_digits ELSE '' END,
          CASE WHEN b.cancelled THEN b.cancel_role END,
          CASE WHEN b.cancelled THEN b.cancel_reason ELSE '' END,
          b.t0,
          CASE WHEN b.cancelled THEN b.tc ELSE (ARRAY[b.t0, b.e1, b.e2, b.e3, b.e4])[b.stage + 1] END
        FROM b JOIN tot ON tot.booking_id = b.id
      ),
      li AS (
        INSERT INTO booking_lines (booking_id, line_no, container_id, quantity, hs_code, description, packages,
          unit_id, weight, volume)
        SELECT booking_id, line_no, container_id, quantity, hs_code, description, packages, unit_id, weight, volume
        FROM ln
      )
    INSERT INTO booking_history (id, booking_id, action, from_status, to_status, actor_id, actor_role, reason,
      created_at)
    SELECT ${int(p.firstHistory)} + (b.i - 1) * 6 + least(h.step, 5), b.id, h.action, h.from_status, h.to_status,
      CASE WHEN h.role = 'member' THEN b.owner_id ELSE b.forwarder_id END, h.role, h.reason, h.at
    FROM b CROSS JOIN LATERAL (VALUES
      (0, 'create', NULL::smallint, 0::smallint, 'member', '', b.t0),
      (1, 'accept', 0::smallint, 1::smallint, 'forwarder', '', b.e1),
      (2, 'release', 1::smallint, 2::smallint, 'forwarder', '', b.e2),
      (3, 'confirm_si', 2::smallint, 3::smallint, 'forwarder', 'SI RECEIVED BY E-MAIL', b.e3),
      (4, 'ship', 3::smallint, 5::smallint, 'forwarder', '', b.e4),
      (9, b.cancel_action, b.cancel_from, 40::smallint, b.cancel_role, b.cancel_reason, b.tc)
    ) AS h(step, action, from_status, to_status, role, reason, at)
    WHERE h.step <= b.stage OR (h.step = 9 AND b.cancelled)`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000' },
      contacts: { type: 'string', default: '0' },
      'focus-member': { type: 'string' },
      'focus-contacts': { type: 'string', default: '0' },
      rates: { type: 'string', default: '0' },
      bookings: { type: 'string', default: '0' },
      'focus-bookings': { type: 'string', default: '0' },
      'focus-forwarder': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': {
        type: 'string',
        default: path.join(path.dirname(fileURLToPath(import.meta.url)), 'out', 'data'),
      },
    },
  });
  const database = await openDatabase({ databaseUrl: values['database-url'], dataDir: values['data-dir'] });
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    console.log(`generated ${what} in ${Math.round(performance.now() - started)} ms (${database.kind})`);
  };
  const idOf = async (username: string) => {
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username.toLowerCase()));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  };
  try {
    await runMigrations(database);
    await seedBase(database.db);
    const members = Number(values.members);
    const contactCount = Number(values.contacts);
    const rateCount = Number(values.rates);
    const bookingCount = Number(values.bookings);
    const focusName = values['focus-member'];
    if (members > 0)
      await timed(`${members} members`, () => generateMembers(database.db, { count: members }));
    if (contactCount > 0) {
      const focus = focusName
        ? { ownerId: await idOf(focusName), count: Number(values['focus-contacts']) }
        : undefined;
      await timed(`${contactCount} contacts`, () =>
        generateContacts(database.db, { count: contactCount, focus }),
      );
    }
    if (rateCount > 0)
      await timed(`${rateCount} rates`, () => generateRates(database.db, { count: rateCount }));
    if (bookingCount > 0) {
      const forwarderName = values['focus-forwarder'];
      const focus = focusName
        ? {
            ownerId: await idOf(focusName),
            count: Number(values['focus-bookings']),
            ...(forwarderName ? { forwarderId: await idOf(forwarderName) } : {}),
          }
        : undefined;
      await timed(`${bookingCount} bookings`, () =>
        generateBookings(database.db, { count: bookingCount, focus }),
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
