import { count, ne, sql } from 'drizzle-orm';
import {
  GIVEN_NAMES,
  MAIL_DOMAINS,
  PLACES,
  SECOND_WORDS,
  SUFFIXES,
  SURNAMES,
  TRADES,
  WORDS,
  ZH_SECOND,
  ZH_TRADES,
  ZH_WORDS,
} from '../vocabulary.js';
import { inChunks, int, intArray, textArray, uniform } from './sql.js';
import { countries, companies, type Db } from '../../apps/server/src/surface.js';

/**
 * Contact books: `count` contacts over every member, evenly interleaved in time (ids follow
 * creation), with `focus.count` of them in `focus.companyId`'s book and the rest spread evenly over
 * the other members. Three quarters are Chinese companies with a Chinese name and address, the
 * rest abroad; names are combinations of real-looking words, unique per book, so that the
 * (company_id, dedupe_key) index holds (run it once per database: a second run would repeat names).
 * The focus member's contacts are every (count / focus.count)-th row, so they lie spread over the
 * whole table, as contacts added over the years do. Created over the last ~2 years (one a minute).
 */
export async function generateContacts(
  db: Db,
  options: { count: number; focus?: { companyId: number; count: number }; seed?: number; parallel?: number },
) {
  const seed = options.seed ?? 2;
  const n = options.count;
  const focusCount = Math.min(options.focus?.count ?? 0, n);
  const focusId = options.focus?.companyId ?? 0;
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
  const [others] = await db.select({ value: count() }).from(companies).where(ne(companies.id, focusId));
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
      SELECT array_agg(id ORDER BY id) AS ids, count(*)::bigint AS m FROM companies WHERE id <> ${int(focusId)}
    )
    INSERT INTO contacts (company_id, type, company1, company2, linkman, address1, address2, city, province,
      country_id, zip_code, phone, email, dedupe_key, created_at, updated_at)
    SELECT a.company_id, c.type, c.company1, c.company2, c.linkman, c.address1, c.address2, p.city, p.province,
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
          ELSE o.ids[1 + (g.i - (g.i * ${int(focusCount)}) / ${int(n)} - 1) % o.m] END AS company_id,
        CASE WHEN f.focus THEN (g.i * ${int(focusCount)}) / ${int(n)} - 1
          ELSE (g.i - (g.i * ${int(focusCount)}) / ${int(n)} - 1) / o.m END AS k
    ) a
    CROSS JOIN LATERAL (SELECT (a.k * 7919 + a.company_id * 104729) % ${int(combinations)} AS x) s
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
