import { type SQL, sql } from 'drizzle-orm';
import {
  BOOKING_REMARKS,
  CITIES,
  CONTAINER_PICKS,
  FCL_UNIT_PICKS,
  FORWARDER_VOID_REASONS,
  GOODS,
  INCOTERM_PICKS,
  LCL_UNIT_PICKS,
  MEMBER_CANCEL_REASONS,
  PACKAGE_UNITS,
  VESSELS,
} from '../vocabulary.js';
import { int, intArray, textArray, uniform } from './sql.js';

/** Scratch tables of the booking generator (shippers and consignees each member books with). */
export const PARTIES = 'bench_booking_parties';
export const PARTY_OWNERS = 'bench_booking_owners';

/** One chunk of bookings (`from`..`to`) with their lines and history, in one statement. */
export function bookingStatement(p: {
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
        SELECT array_agg(company_id ORDER BY company_id) AS ids, count(*)::bigint AS m
        FROM ${sql.raw(PARTY_OWNERS)} WHERE company_id <> ${int(p.focusId)}
      ),
      f AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::bigint AS m FROM companies WHERE 'rate' = ANY(authorities)),
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
        SELECT ${int(p.firstId)} + g.i AS id, g.i, a.company_id, fw.forwarder_id,
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
          SELECT CASE WHEN fo.focus THEN ${int(p.focusId)} ELSE o.ids[1 + floor(${u(1)} * o.m)::int] END AS company_id
        ) a
        CROSS JOIN LATERAL (
          SELECT (1 + (hashint8extended(a.company_id::bigint * 4 + floor(${u(2)} * 3)::bigint, ${int(p.seed * 1000 + 99)})
            & 1073741823) % f.m)::int AS k
        ) fk
        CROSS JOIN LATERAL (
          SELECT CASE WHEN fo.focus AND ${int(p.focusForwarder)} > 0 AND ${u(3)} < 0.5 THEN ${int(p.focusForwarder)}
            WHEN f.ids[fk.k] <> a.company_id THEN f.ids[fk.k] ELSE f.ids[1 + fk.k % f.m::int] END AS forwarder_id
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
        JOIN ${sql.raw(PARTY_OWNERS)} po ON po.company_id = b0.company_id
        JOIN ${sql.raw(PARTIES)} sh ON sh.company_id = b0.company_id AND sh.kind = 1
          AND sh.k = floor(${uniform(sql`b0.i`, p.seed, 4)} * po.shippers)::int
        JOIN ${sql.raw(PARTIES)} cn ON cn.company_id = b0.company_id AND cn.kind = 2
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
        INSERT INTO bookings (id, order_no, company_id, forwarder_id, status, container_mode, shipper_id, shipper,
          consignee_id, consignee, cust_ref_no, ready_date, incoterm_id, place_of_receipt, pol_id, pod_id, to_id,
          carrier_id, remark, total_weight, total_volume, total_packages, so_no, vessel, voyage, etd, eta,
          si_cutoff, cy_cutoff, bl_no, cancelled_by, cancel_reason, created_at, updated_at)
        SELECT b.id, b.order_no, b.company_id, b.forwarder_id,
          CASE WHEN b.cancelled THEN 40 ELSE (ARRAY[0, 1, 2, 3, 5])[b.stage + 1] END,
          b.mode, b.shipper_id, b.shipper, b.consignee_id, b.consignee, b.cust_ref_no, b.ready_date,
          b.incoterm_id, b.place_of_receipt, b.pol_id, b.pod_id, b.to_id, b.carrier_id, b.remark,
          tot.weight, tot.volume, tot.packages,
          CASE WHEN b.stage >= 2 THEN b.prefix || b.so_digits ELSE '' END,
          CASE WHEN b.stage >= 2 THEN b.vessel ELSE '' END,
          CASE WHEN b.stage >= 2 THEN b.voyage ELSE '' END,
          CASE WHEN b.stage >= 2 THEN b.etd END,
          CASE WHEN b.stage >= 2 THEN b.eta END,
          CASE WHEN b.stage >= 2 THEN ((b.etd - 2) + time '12:00') AT TIME ZONE coalesce(pol.time_zone, 'Asia/Shanghai') END,
          CASE WHEN b.stage >= 2 THEN ((b.etd - 1) + time '17:00') AT TIME ZONE coalesce(pol.time_zone, 'Asia/Shanghai') END,
          CASE WHEN b.stage = 4 AND NOT b.cancelled THEN b.prefix || b.bl_digits ELSE '' END,
          CASE WHEN b.cancelled THEN b.cancel_role END,
          CASE WHEN b.cancelled THEN b.cancel_reason ELSE '' END,
          b.t0,
          CASE WHEN b.cancelled THEN b.tc ELSE (ARRAY[b.t0, b.e1, b.e2, b.e3, b.e4])[b.stage + 1] END
        -- Cut-offs are the port of loading's wall clock, kept as instants.
        FROM b JOIN tot ON tot.booking_id = b.id LEFT JOIN ports pol ON pol.id = b.pol_id
      ),
      li AS (
        INSERT INTO booking_lines (booking_id, line_no, container_id, quantity, hs_code, description, packages,
          unit_id, weight, volume, commodities)
        SELECT booking_id, line_no, container_id, quantity, hs_code, description, packages, unit_id, weight, volume,
          -- Each generated line holds the one commodity its columns describe.
          jsonb_build_array(jsonb_build_object('description', description,
            'hs_codes', CASE WHEN hs_code = '' THEN '[]'::jsonb ELSE jsonb_build_array(hs_code) END,
            'commodity_cn', '', 'packages', packages, 'unit_id', unit_id, 'weight', weight::numeric(12, 3)::text,
            'net_weight', NULL, 'volume', volume::numeric(12, 3)::text, 'dangerous_goods', '[]'::jsonb))
        FROM ln
      )
    INSERT INTO booking_history (id, booking_id, action, from_status, to_status, actor_id, actor_role, reason,
      created_at)
    SELECT ${int(p.firstHistory)} + (b.i - 1) * 6 + least(h.step, 5), b.id, h.action, h.from_status, h.to_status,
      CASE WHEN h.role = 'member' THEN b.company_id ELSE b.forwarder_id END, h.role, h.reason, h.at
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
