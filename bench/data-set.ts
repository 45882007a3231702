/**
 * The large data set the benchmarks run on (its size and the two demo members measured), filled
 * by the generators and checked, or found again when kept between runs (BENCH_ONLY=lists).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { checkBookings, checkGenerated } from './data-checks.js';
import { generateBookings } from './generate/bookings.js';
import { generateContacts } from './generate/contacts.js';
import { generateMembers } from './generate/members.js';
import { generateRates } from './generate/rates.js';
import { count, type Row } from './lib.js';
import {
  databaseKv,
  directoryStorage,
  openDatabase,
  runMigrations,
  seedBase,
  seedDemo,
  companies,
} from '../apps/server/src/surface.js';

const CONTACTS = 1_000_000;
const FOCUS_CONTACTS = 50_000;
const MEMBERS = 10_000;
export const RATES = 200_000;
export const BOOKINGS = 1_000_000;
const FOCUS_BOOKINGS = 200;
export const CUSTOMER = { username: 'demo@example.com', password: 'demo123456' };
export const FORWARDER = { username: 'forwarder@example.com', password: 'demo123456' };
export const DATABASE_POOL_SIZE = 10; // the server's default (docs/configuration.md: DATABASE_POOL_SIZE)
export const MB = 1_000_000;

const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`;

export type Ids = { customerId: number; forwarderId: number };

/** Migrates, seeds (reference data and the demo members), generates, checks, and VACUUM ANALYZE. */
export async function fill(url: string, rows: Row[]): Promise<Ids> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    const { db } = database;
    await runMigrations(database);
    await seedBase(db);
    // The demo's logos and documents go to a directory of their own, gone after: the bench reads rows only.
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-files-'));
    try {
      // A quiet logger: the seed's own (Fastify's abstract logger of an app that logs nothing).
      const log = Fastify({ logger: false }).log;
      await seedDemo({ database, storage: directoryStorage(files), kv: databaseKv(db), log });
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
    const idOf = async (username: string) => {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.username, username));
      if (!row) throw new Error(`no member ${username}`);
      return row.id;
    };
    const ids = { customerId: await idOf(CUSTOMER.username), forwarderId: await idOf(FORWARDER.username) };
    // The demo's own rows, which the generated ones join.
    const demoRows = async (table: 'contacts' | 'bookings') => {
      const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      };
      return Number(result.rows[0]?.n ?? 0);
    };
    const demo = { contacts: await demoRows('contacts'), bookings: await demoRows('bookings') };
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const membersMs = await timed(() => generateMembers(db, { count: MEMBERS }));
    const contactsMs = await timed(() =>
      generateContacts(db, { count: CONTACTS, focus: { companyId: ids.customerId, count: FOCUS_CONTACTS } }),
    );
    const ratesMs = await timed(() => generateRates(db, { count: RATES }));
    const bookingsMs = await timed(() =>
      generateBookings(db, {
        count: BOOKINGS,
        focus: { companyId: ids.customerId, count: FOCUS_BOOKINGS, forwarderId: ids.forwarderId },
      }),
    );
    const vacuumMs = await timed(() => db.execute(sql`vacuum analyze`));

    const check = await checkGenerated(db, ids.customerId);
    const booked = await checkBookings(db, ids.customerId);
    rows.push({
      name: `Generator: ${count(MEMBERS)} members into PostgreSQL (Drizzle, batches of 1,000)`,
      figure: seconds(membersMs),
      target: '—',
      ok: undefined,
    });
    rows.push({
      name:
        `Generator: ${count(CONTACTS)} contacts into PostgreSQL (INSERT … SELECT generate_series, 100,000-row chunks, 2 at a time; ` +
        `${count(check.focusContacts)} in ${CUSTOMER.username}'s book; ${check.sampled} sampled rows: ${check.problems.length === 0 ? 'all pass contactInput and match dedupeKey()' : check.problems.slice(0, 3).join('; ')})`,
      figure: seconds(contactsMs),
      target: '≤ 120 s, rows valid',
      ok: contactsMs <= 120_000 && check.problems.length === 0 && check.contacts === CONTACTS + demo.contacts,
    });
    rows.push({
      name: `Generator: ${count(RATES)} rates with ${count(check.spaces)} space lines into PostgreSQL (${count(check.validToday)} valid today, ${Math.round((100 * check.validToday) / RATES)}%); then VACUUM ANALYZE ${seconds(vacuumMs)}`,
      figure: seconds(ratesMs),
      target: '—',
      ok: undefined,
    });
    const statuses = booked.statuses.map(([status, n]) => `${status}: ${count(n)}`).join(', ');
    rows.push({
      name:
        `Generator: ${count(BOOKINGS)} bookings into PostgreSQL (INSERT … SELECT generate_series, 50,000-row chunks, 2 at a time, foreign keys checked once after the load; ` +
        `${count(booked.fcl)} FCL / ${count(booked.total - booked.fcl)} LCL, ${count(booked.lines)} lines, ${count(booked.history)} history rows; by status ${statuses}; ` +
        `${count(booked.focus)} of ${CUSTOMER.username}'s; ${booked.sampled} sampled bookings read through getBookingDetail as member and forwarder: ` +
        `${booked.problems.length === 0 ? 'all pass bookingDetail and bookingInput, totals = lines, history and schedule fit the status' : booked.problems.slice(0, 3).join('; ')})`,
      figure: seconds(bookingsMs),
      target: '≤ 180 s, rows valid',
      ok: bookingsMs <= 180_000 && booked.problems.length === 0 && booked.total === BOOKINGS + demo.bookings,
    });
    return ids;
  } finally {
    await database.close();
  }
}

/** True when a kept data set holds all its bookings (a run stopped while filling leaves fewer). */
export async function isFilled(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('select count(*) as n from bookings');
    return Number(result.rows[0]?.n ?? 0) >= BOOKINGS;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

export async function idsOf(url: string): Promise<Ids> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const idOf = async (username: string) => {
      const result = await client.query<{ id: number }>('select id from companies where username = $1', [
        username,
      ]);
      const id = result.rows[0]?.id;
      if (id === undefined) throw new Error(`no member ${username}`);
      return id;
    };
    return { customerId: await idOf(CUSTOMER.username), forwarderId: await idOf(FORWARDER.username) };
  } finally {
    await client.end();
  }
}
