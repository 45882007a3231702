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
 *
 * Contacts and rates are made by the database itself (`INSERT … SELECT generate_series`, in chunks,
 * two at a time on PostgreSQL) from a hash of the row number and the seed, so a million rows load in
 * seconds, the same seed gives the same data, and it works on PGlite as well as PostgreSQL. Only the
 * reference data seeded by `seedBase` (countries, ports, carriers, container types) is used.
 *
 * Bookings (FCL/LCL orders) have no table yet: when that feature lands, its generator belongs here
 * too (and `--bookings` below).
 *
 *   node --import tsx --conditions=source bench/generate.ts --members 10000 --contacts 1000000 \
 *     [--focus-member demo@example.com --focus-contacts 50000] --rates 200000 \
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

async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000' },
      contacts: { type: 'string', default: '0' },
      'focus-member': { type: 'string' },
      'focus-contacts': { type: 'string', default: '0' },
      rates: { type: 'string', default: '0' },
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
  try {
    await runMigrations(database);
    await seedBase(database.db);
    const members = Number(values.members);
    const contactCount = Number(values.contacts);
    const rateCount = Number(values.rates);
    if (members > 0)
      await timed(`${members} members`, () => generateMembers(database.db, { count: members }));
    if (contactCount > 0) {
      const focusName = values['focus-member'];
      let focus: { ownerId: number; count: number } | undefined;
      if (focusName) {
        const [row] = await database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, focusName.toLowerCase()));
        if (!row) throw new Error(`no member ${focusName}`);
        focus = { ownerId: row.id, count: Number(values['focus-contacts']) };
      }
      await timed(`${contactCount} contacts`, () =>
        generateContacts(database.db, { count: contactCount, focus }),
      );
    }
    if (rateCount > 0)
      await timed(`${rateCount} rates`, () => generateRates(database.db, { count: rateCount }));
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
