import { count, type SQL, sql } from 'drizzle-orm';
import { bookingStatement, PARTIES, PARTY_OWNERS } from './booking-statement.js';
import { inChunks, int } from './sql.js';
import { rowsOf, companies, type Db } from '../../apps/server/src/surface.js';

async function scalarOf(db: Db, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ value: string | number }>(db, query);
  return Number(row?.value ?? NaN);
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
    focus?: { companyId: number; count: number; forwarderId?: number };
    seed?: number;
    parallel?: number;
  },
) {
  const seed = options.seed ?? 4;
  const n = options.count;
  const focusCount = Math.min(options.focus?.count ?? 0, n);
  const focusId = options.focus?.companyId ?? 0;
  const focusForwarder = options.focus?.forwarderId ?? 0;
  const [forwarders] = await db
    .select({ value: count() })
    .from(companies)
    .where(sql`'rate' = any(${companies.authorities})`);
  if ((forwarders?.value ?? 0) < 2) throw new Error('no forwarders to book with: generate members first');
  await db.execute(sql.raw(`drop table if exists ${PARTIES}, ${PARTY_OWNERS}`));
  try {
    // Up to 6 shippers and 6 consignees of each member, with the snapshot a booking keeps of them.
    await db.execute(
      sql.raw(`
      create unlogged table ${PARTIES} as
      select company_id, kind, k, id as contact_id,
        jsonb_build_object('company1', company1, 'company2', company2, 'linkman', linkman,
          'address1', address1, 'address2', address2, 'city', city, 'province', province,
          'countryId', country_id, 'zipCode', zip_code, 'phone', phone, 'email', email) as snapshot
      from (
        select c.*, t.kind, (row_number() over (partition by c.company_id, t.kind order by c.id) - 1)::int as k
        from contacts c
        join (values (1, 'shipper'), (1, 'both'), (2, 'consignee'), (2, 'both')) as t(kind, type)
          on t.type = c.type
      ) x
      where k < 6`),
    );
    await db.execute(sql.raw(`alter table ${PARTIES} add primary key (company_id, kind, k)`));
    await db.execute(
      sql.raw(`
      create unlogged table ${PARTY_OWNERS} as
      select company_id, count(*) filter (where kind = 1)::int as shippers,
        count(*) filter (where kind = 2)::int as consignees
      from ${PARTIES} group by company_id
      having count(*) filter (where kind = 1) > 0 and count(*) filter (where kind = 2) > 0`),
    );
    await db.execute(sql.raw(`alter table ${PARTY_OWNERS} add primary key (company_id)`));
    await db.execute(sql.raw(`analyze ${PARTIES}, ${PARTY_OWNERS}`));
    if (focusCount > 0) {
      const ok = await scalarOf(
        db,
        sql`select count(*) as value from ${sql.raw(PARTY_OWNERS)} where company_id = ${int(focusId)}`,
      );
      if (ok !== 1) throw new Error('the focus member has no shipper or no consignee to book with');
    }
    const others = await scalarOf(
      db,
      sql`select count(*) as value from ${sql.raw(PARTY_OWNERS)} where company_id <> ${int(focusId)}`,
    );
    if (n > focusCount && others === 0)
      throw new Error('no member has a shipper and a consignee: generate contacts first');
    // The foreign keys of the three tables are dropped for the load and added back after it (which
    // checks every row at once, ~10 times faster than a check per inserted row).
    const keys = await rowsOf<{ drop: string; add: string }>(
      db,
      sql.raw(`
        select format('alter table %s drop constraint %I', conrelid::regclass, conname) as drop,
          format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as add
        from pg_constraint
        where contype = 'f' and conrelid in ('bookings'::regclass, 'booking_lines'::regclass, 'booking_history'::regclass)
        order by conrelid, conname`),
    );
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
