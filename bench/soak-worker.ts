/**
 * One process of the soak load: `clients` concurrent users, each logged in, looping over a weighted
 * mix of the portal's traffic until `until` (epoch ms). After each action a user thinks for a random
 * time, uniform between half and one and a half times `thinkMs` (0: none, the next action at once),
 * as a person reads a page before the next click. Users start spread evenly over `rampMs`, as people
 * arrive, not all in one millisecond. Reads its job as JSON on stdin and writes per-action latencies
 * and status counts as JSON on stdout.
 */
import { PAGE_SESSION_COOKIE } from '@freight/contract';
import { xlsxOf } from '../e2e/support/sheets.js';

type Job = {
  url: string;
  clients: number;
  until: number;
  thinkMs: number;
  rampMs: number;
  captcha: string;
  rateHeaders: unknown[];
  customer: { username: string; password: string };
  forwarder: { username: string; password: string };
  ref: {
    sha: number;
    rtm: number;
    maeu: number;
    hq: number;
    carton: number;
    cn: number;
    forwarderId: number;
  };
};

type Stats = Record<string, { latencies: number[]; statuses: Record<string, number> }>;

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const job = JSON.parse(input) as Job;
const stats: Stats = {};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function record(action: string, started: number, status: number | string) {
  const entry = (stats[action] ??= { latencies: [], statuses: {} });
  entry.latencies.push(performance.now() - started);
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
}

/** One timed request; the reply's JSON envelope (or undefined when it failed). */
async function timed<T>(action: string, path: string, init: RequestInit = {}): Promise<T | undefined> {
  const started = performance.now();
  try {
    const reply = await fetch(`${job.url}${path}`, init);
    const body = (await reply.json()) as { code: number; data: T };
    record(action, started, reply.status);
    return reply.ok ? body.data : undefined;
  } catch (error) {
    record(action, started, `error ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * A member page as a signed-in browser asks for it, with the page cookie: its first view rendered by
 * the server, or the plain page when the renderer is at its bound.
 */
async function timedPage(action: string, path: string, token: string): Promise<void> {
  const started = performance.now();
  try {
    const reply = await fetch(`${job.url}${path}`, {
      headers: { cookie: `${PAGE_SESSION_COOKIE}=${token}`, 'accept-encoding': 'br, gzip' },
    });
    await reply.text();
    record(action, started, reply.status);
  } catch (error) {
    record(action, started, `error ${(error as Error).message}`);
  }
}

async function login(who: { username: string; password: string }): Promise<string | undefined> {
  const captcha = await timed<{ captcha_id: string }>('captcha', '/api/system/captcha');
  if (!captcha) return undefined;
  const session = await timed<{ token: string }>('login', '/api/system/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, captcha_id: captcha.captcha_id, captcha: job.captcha }),
  });
  return session?.token;
}

const json = (token: string, method: string, body: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const get = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });

function contactSheet(tag: string): Blob {
  // Headers may be the column names themselves (the import accepts them beside both languages).
  const rows: string[][] = [['type', 'company1', 'linkman', 'address1', 'city', 'country_id', 'phone']];
  for (let n = 0; n < 20; n++)
    rows.push(['shipper', `SOAK ${tag} ${n}`, 'LI MING', 'NO. 1 ROAD', 'NINGBO', 'CN', '+86 1']);
  return new Blob([new Uint8Array(xlsxOf(rows, 'Contacts'))]);
}

let sequence = 0;
async function customer(token: string) {
  const roll = Math.random();
  const n = `${process.pid}-${++sequence}`;
  if (roll < 0.25)
    await timed('contacts list', '/api/customer/contact?page=1&size=10&keyword=CO', get(token));
  else if (roll < 0.5)
    await timed('quote board', '/api/quote?page=1&size=20&field=sdate&order=asc', get(token));
  else if (roll < 0.65) await timed('bookings list', '/api/order?page=1&size=10', get(token));
  else if (roll < 0.7)
    await timedPage(
      roll < 0.675 ? 'page /bookings' : 'page /quotes',
      roll < 0.675 ? '/bookings' : '/quotes',
      token,
    );
  else if (roll < 0.85) {
    const created = await timed<{ id: number }>(
      'contact create',
      '/api/customer/contact',
      json(token, 'POST', {
        type: 'shipper',
        company1: `SOAK CO ${n}`,
        linkman: 'WANG WEI',
        address1: 'NO. 2 ROAD',
        city: 'NINGBO',
        country_id: job.ref.cn,
        phone: '+86 2',
      }),
    );
    if (created) await timed('contact delete', '/api/customer/contact', json(token, 'DELETE', [created.id]));
  } else if (roll < 0.97) {
    // The demo book's own shipper and consignee (imports and creates above add only shippers).
    const party = async (type: string) =>
      (
        await timed<{ lists: { id: number }[] }>(
          'contacts list',
          `/api/customer/contact?page=1&size=1&type=${type}&keyword=${type === 'shipper' ? 'NINGBO BRIGHT' : 'PACIFIC HOME'}`,
          get(token),
        )
      )?.lists[0]?.id;
    const [shipper, consignee] = [await party('shipper'), await party('consignee')];
    if (!shipper || !consignee) return;
    await timed(
      'booking create',
      // Saved and submitted (a draft would never reach the forwarders' received lists of the mix).
      '/api/order/booking?submit=true',
      json(token, 'POST', {
        container_mode: 1,
        forwarder_id: job.ref.forwarderId,
        shipper_id: shipper,
        consignee_id: consignee,
        cust_ref_no: `PO-SOAK-${n}`,
        ready_date: day(3),
        incoterm: 'FOB',
        pol_id: job.ref.sha,
        pod_id: job.ref.rtm,
        to_id: job.ref.rtm,
        carrier_id: job.ref.maeu,
        containers: Array.from({ length: 5 }, (_, k) => ({
          container_id: job.ref.hq,
          hs_code: '852872',
          description: 'LCD MONITORS',
          packages: 100 + k,
          unit_id: job.ref.carton,
          weight: '14000',
          volume: '58.25',
          quantity: 1,
        })),
      }),
    );
  } else {
    const form = new FormData();
    form.append('file', contactSheet(n), 'contacts.xlsx');
    await timed('contact import (20 rows)', '/api/customer/contact/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      body: form,
    });
  }
}

/** A 10-row rate sheet on the import template's own header row (job.rateHeaders). */
function rateSheet(tag: string): Blob {
  // Carrier, POL, POD, delivery, valid from, valid until, transit days, ETD, ETA, remark, then
  // one price per container type (the first three given).
  const rows: unknown[][] = [job.rateHeaders];
  for (let n = 0; n < 10; n++)
    rows.push([
      'MAEU',
      'CNSHA',
      'NLRTM',
      'NLRTM',
      day(0),
      day(30),
      28,
      '',
      '',
      `SOAK ${tag} ${n}`,
      1000 + n,
      1800,
      1900,
    ]);
  return new Blob([new Uint8Array(xlsxOf(rows, 'Rates'))]);
}

async function forwarder(token: string) {
  const roll = Math.random();
  if (roll < 0.5) await timed('rates list', '/api/rate?page=1&size=20', get(token));
  else if (roll < 0.74) await timed('received bookings', '/api/forwarder/order?page=1&size=10', get(token));
  else if (roll < 0.78) await timedPage('page /received-bookings', '/received-bookings', token);
  else if (roll < 0.97)
    await timed('quote board', '/api/quote?page=1&size=20&field=transit_days&order=desc', get(token));
  else {
    // A rate sheet changes the quote board: every member's cached pages are recomputed.
    const form = new FormData();
    form.append('file', rateSheet(`${process.pid}-${++sequence}`), 'rates.xlsx');
    await timed('rate import (10 rows)', '/api/rate/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      body: form,
    });
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => (job.thinkMs > 0 ? pause(job.thinkMs * (0.5 + Math.random())) : undefined);

async function client(index: number) {
  const isForwarder = index % 5 === 0;
  await pause((job.rampMs * index) / job.clients);
  let token = await login(isForwarder ? job.forwarder : job.customer);
  let actions = 0;
  while (Date.now() < job.until) {
    if (!token) {
      await pause(200);
      token = await login(isForwarder ? job.forwarder : job.customer);
      continue;
    }
    await (isForwarder ? forwarder(token) : customer(token));
    await think();
    // Now and then a client signs out and in again (the session table and argon2 under load).
    if (++actions % 200 === 0) {
      await timed('logout', '/api/system/logout', json(token, 'POST', {}));
      token = await login(isForwarder ? job.forwarder : job.customer);
    }
  }
}

await Promise.all(Array.from({ length: job.clients }, (_, i) => client(i)));
process.stdout.write(JSON.stringify(stats));
