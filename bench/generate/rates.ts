import { count, eq, type SQL, sql } from 'drizzle-orm';
import { REMARKS, SPACE_FACTOR, SPACE_SHARE, VALIDITY_DAYS } from '../vocabulary.js';
import { inChunks, int, intArray, numericArray, textArray, uniform } from './sql.js';
import { companies, type Db } from '../../apps/server/src/surface.js';

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
  const [forwarders] = await db
    .select({ value: count() })
    .from(companies)
    .where(eq(companies.isForwarder, true));
  if (!forwarders?.value) throw new Error('no forwarders to own the rates: generate members first');
  const u = (k: number) => uniform(sql`g.i`, seed, k);
  const pick = (list: 'f' | 'cp' | 'wp' | 'ca', share: SQL) =>
    sql`${sql.raw(list)}.ids[1 + floor(${share} * ${sql.raw(list)}.m)::int]`;
  const statement = (from: number, to: number) => sql`
    WITH f AS (SELECT array_agg(id ORDER BY id) AS ids, count(*) AS m FROM companies WHERE is_forwarder),
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
        INSERT INTO rates (company_id, carrier_id, pol_id, pod_id, to_id, sdate, edate, transit_days, etd, eta,
          remark, status, created_at, updated_at)
        SELECT x.company_id, x.carrier_id, x.pol_id, x.pod_id, x.to_id, x.sdate, x.sdate + x.days - 1,
          x.transit, y.etd, y.etd + x.transit, x.remark, 1, y.created, y.created
        FROM generate_series(${int(from)}::bigint, ${int(to)}::bigint) AS g(i)
        CROSS JOIN f CROSS JOIN cp CROSS JOIN wp CROSS JOIN ca
        CROSS JOIN LATERAL (
          SELECT ${pick('f', sql`power(${u(1)}, 2)`)} AS company_id,
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
