/**
 * The benchmarks on a large data set: one PostgreSQL database filled by the
 * generator (10,000 members, 1,000,000 contacts of which 50,000 belong to the demo customer,
 * 200,000 rates with their space lines, 1,000,000 bookings with their lines and history of which
 * 200 belong to the demo customer), the built server on it, and
 *
 * - the generator's own speed and a check that what it wrote is what the app would write;
 * - GET /api/customer/contact with keywords, one client (the target) and 10 concurrent clients;
 * - GET /api/quote with filters and sorting at 50 concurrent clients, and the same SQL run
 *   straight through `pg` at the same concurrency (the SQL is captured from the server's own code);
 * - GET /api/order of the demo customer with a keyword and two filters at 50 concurrent clients,
 *   and its SQL straight through `pg` likewise; GET /api/order/{id} of the bookings listed;
 * - POST /api/order/booking of a 50-container FCL booking: one client (the target), then 10;
 * - POST /api/customer/contact/import of a 10,000-row .xlsx: time and the server's peak memory,
 *   on PostgreSQL and on the embedded PGlite.
 *
 * The database, and the servers' data directory (files, the outbox of the bookings' mails), are
 * removed at the end, whatever happens. Load is closed-loop: each client sends its
 * next request as soon as the previous one answered; the clients run on the same 2-core machine as
 * the server and PostgreSQL, so throughput is shared three ways.
 *
 * What the measurements led to (EXPLAIN ANALYZE on this data set):
 *
 * - Contact search. One member's contacts are spread over the whole table (members add contacts
 *   over time), so the former OR of six ILIKEs read ~35,000 table pages per search (seconds under
 *   load). Now the search reads `search_text` (a generated column) from an index keyed by
 *   (company_id, id): an index-only scan of the member's 50,000 entries, 10–15 ms per count. That count
 *   (the reply's `total`) is what bounds the rate: a substring test must look at every one of the
 *   member's contacts.
 * - pg_trgm was tried and not kept: a GIN trigram index (on the six columns, or with btree_gin on
 *   (company_id, search_text)) spans all 1,000,000 contacts, so the posting lists of common trigrams
 *   (a city, a company word, an e-mail name) are long and such counts took 8–35 ms plus table
 *   rechecks, no better than the index-only scan; only rare keywords (phone numbers) gained
 *   (~1–2 ms). It would also need two extensions PGlite does not load (a PostgreSQL-only migration)
 *   and ~165 MB of index per million contacts.
 * - Quote board. The page is now chosen on `rates` alone and only its 50 rows are joined to names
 *   (before, every valid rate was joined to five tables and then sorted), the count no longer joins
 *   ports, and `rates_quote_idx` (validity first, then every filter and sort column) makes count and
 *   page index-only scans. What remains is proportional to the rates valid today that pass the
 *   filters (all of them for the unfiltered board).
 * - Booking list. The page's ids were chosen on `bookings` alone but joined as
 *   `bookings.id IN (page)` to 7 tables of names: 9 relations, more than join_collapse_limit, and
 *   when the filters made the page look like one row the planner took a hash semi join over all
 *   1,000,000 bookings joined to their names (2.3 s a request; 503s under load as the pool ran
 *   dry). Now the page is a derived table the query starts from, and the names are scalar
 *   subqueries, so planning fell from ~2–3 ms to ~0.3 ms a statement (also for the detail). What
 *   remains per request is ~1 ms of SQL (the member's bookings lie spread over the table: one heap
 *   page each); at 50 concurrent clients on 2 cores the latency is queueing (50 ÷ requests a second).
 * - Per request (2026-11-24, CPU profiles of the server under these loads: BENCH_SERVER_NODE_ARGS).
 *   Drizzle assembling the session lookup and the list query took a third of the server's CPU, and
 *   PostgreSQL planned both afresh each time (~0.3 ms and up to ~2.8 ms). Both are now built once
 *   per shape of query and prepared per connection (statementsByShape): the booking list went from
 *   ~650 to ~1,400 requests/s. @fastify/helmet rebuilt Helmet's middleware for every request
 *   (~3% of the CPU; now built once), and a quote board page (27 KB) was serialized for each reply
 *   (12%; now once per page). The quote board's version read had failed since the first rate change
 *   (an int4 overflow of its 30-day TTL), so every request computed its page: the figure before
 *   today was that of the SQL, not of the cache. After a change the pages in use are recomputed
 *   while the previous ones serve, so readers no longer queue behind fifty-fold recomputations.
 *   The booking list's indexes hold every column its filters read: a list is an index-only scan of
 *   the party's entries and only the page's rows are read from the table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchBookingCreate } from './cases/booking-create.js';
import { benchBookingList } from './cases/booking-list.js';
import { benchSpecialCargo } from './cases/booking-special-cargo.js';
import { benchContactSearch } from './cases/contact-search.js';
import { benchEmbeddedImports, benchImport, benchRateImport } from './cases/imports.js';
import { benchQuotes } from './cases/quotes.js';
import { fill, type Ids, idsOf, isFilled } from './data-set.js';
import { adminUrl, postgresAvailable, type Row, startServer, withDatabase } from './lib.js';
import { contactSheet, rateSheet } from './sheets.js';

/** Every benchmark on the large data set, on PostgreSQL; then the import on a new embedded database. */
export async function benchDataSet(rows: Row[]) {
  const sheet = contactSheet(10_000);
  const rateSheet50k = rateSheet(50_000);
  if (!(await postgresAvailable())) {
    rows.push({
      name: 'Data set benchmarks (PostgreSQL)',
      figure: 'skipped: no PostgreSQL',
      target: '—',
      ok: undefined,
    });
  } else {
    // The servers' files and mails (the outbox of the bookings' mails) go to a directory of their own.
    const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-data-'));
    try {
      await withDatabase('portal_bench_data', async (url) => {
        const ids = await fill(url, rows);
        const env = { DATABASE_URL: url, CAPTCHA_FIXED: 'bench', SEED_DEMO: 'false', DATA_DIR: serverDir };
        const server = await startServer(env);
        try {
          await benchContactSearch(server, url, rows);
          await benchQuotes(server, url, ids, rows);
          await benchBookingList(server, url, ids, rows);
          await benchBookingCreate(server, url, ids, rows);
          await benchSpecialCargo(server, url, ids, rows);
        } finally {
          await server.stop();
        }
        const fresh = await startServer(env);
        try {
          await benchImport(fresh, sheet, 'PostgreSQL', '50,002', rows);
        } finally {
          await fresh.stop();
        }
        const forRates = await startServer(env);
        try {
          await benchRateImport(forRates, rateSheet50k, 'PostgreSQL', rows);
        } finally {
          await forRates.stop();
        }
      });
    } finally {
      fs.rmSync(serverDir, { recursive: true, force: true });
    }
  }
  await benchEmbeddedImports(sheet, rateSheet50k, rows);
}

/**
 * `BENCH_ONLY=lists`: the contact search, quote board, booking list and booking create loads alone
 * (the list targets, and the create that the activity trail must not slow by more than 10%), on a data
 * set kept between runs
 * in the database `portal_bench_lists` (filled by the first run, about three minutes; drop it with
 * `dropdb portal_bench_lists` when done). For working on those two figures; writes no report.
 */
export async function benchLists(rows: Row[]) {
  const name = 'portal_bench_lists';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let ids: Ids;
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    const filled = exists && (await isFilled(url.toString()));
    if (!filled) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      ids = await fill(url.toString(), rows);
    } else {
      ids = await idsOf(url.toString());
    }
  } finally {
    await admin.end();
  }
  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-lists-'));
  try {
    const server = await startServer({
      DATABASE_URL: url.toString(),
      CAPTCHA_FIXED: 'bench',
      SEED_DEMO: 'false',
      DATA_DIR: serverDir,
    });
    // BENCH_LIST_CASES=special-cargo,create: only those (a profile of one case reads clearer).
    const cases = process.env.BENCH_LIST_CASES?.split(',');
    const runs = (name: string) => !cases || cases.includes(name);
    try {
      if (runs('contacts')) await benchContactSearch(server, url.toString(), rows);
      if (runs('quotes')) await benchQuotes(server, url.toString(), ids, rows);
      if (runs('list')) await benchBookingList(server, url.toString(), ids, rows);
      if (runs('create')) await benchBookingCreate(server, url.toString(), ids, rows);
      if (runs('special-cargo')) await benchSpecialCargo(server, url.toString(), ids, rows);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}
