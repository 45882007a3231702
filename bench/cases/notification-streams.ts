import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FORWARDER, MB } from '../data-set.js';
import {
  login,
  memoryOf,
  ms,
  percentile,
  postgresAvailable,
  type Row,
  sendJson,
  startServer,
  withDatabase,
} from '../lib.js';

/*
 * Notification streams: 1,000 open event streams held by one instance with at most
 * 100 MB more memory, and an event reaching an open stream within 1 s p95 at 100 events/s.
 *
 * 200 people of the demo forwarder's company each hold 5 streams (the per-person cap). The events
 * are "read" events (PUT /api/notifications/read): they take the whole way a notification takes
 * after its transaction — commit, bus (Redis with BENCH_REDIS_URL), the instance's fan-out, the
 * stream — and every one reaches all 5 streams of its person. The latency is from the request
 * leaving the client to the event arriving on each stream.
 */
const PEOPLE = 200;
const PER_PERSON = 5;
const RATE = 100;
const SECONDS = 20;

type Stream = { person: number; received: number[]; request: http.ClientRequest };

function openStream(url: string, ticket: string, person: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { person, received: [], request: undefined as unknown as http.ClientRequest };
    stream.request = http.get(`${url}/api/notifications/stream?ticket=${ticket}`, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          if (buffer.slice(0, at).startsWith('event: read\n')) stream.received.push(performance.now());
          buffer = buffer.slice(at + 2);
        }
      });
      resolve(stream);
    });
    stream.request.on('error', reject);
  });
}

export async function benchNotificationStreams(rows: Row[]) {
  const memoryTarget = '≤ 100 MB more for 1,000 streams';
  const latencyTarget = '≤ 1 s p95 at 100 events/s';
  if (!(await postgresAvailable())) {
    rows.push({ name: 'Notification streams', figure: 'no PostgreSQL', target: memoryTarget, ok: undefined });
    return;
  }
  await withDatabase('bench_streams', async (url) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-streams-'));
    const redis = process.env.BENCH_REDIS_URL;
    const server = await startServer({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      CAPTCHA_FIXED: 'bench',
      ...(redis ? { REDIS_URL: redis } : {}),
    });
    const streams: Stream[] = [];
    try {
      // People of the demo forwarder, with its owner's password (viewers: they read and mark read).
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(
        `insert into people (company_id, email, password_hash, name, role)
         select company_id, 'bench-' || g || '@example.com', password_hash, 'BENCH ' || g, 'viewer'
         from people, generate_series(1, $1::int) g where email = $2`,
        [PEOPLE, FORWARDER.username],
      );
      await client.end();
      const tokens: string[] = [];
      for (let i = 1; i <= PEOPLE; i++)
        tokens.push(await login(server.url, `bench-${i}@example.com`, FORWARDER.password));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const before = memoryOf(server.pid).rssBytes;
      for (const [person, token] of tokens.entries())
        for (let k = 0; k < PER_PERSON; k++) {
          const { ticket } = await sendJson<{ ticket: string }>(
            'POST',
            `${server.url}/api/notifications/ticket`,
            token,
            {},
          );
          streams.push(await openStream(server.url, ticket, person));
        }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const held = memoryOf(server.pid).rssBytes;

      // 100 events a second, round the people; each person's events in the order sent.
      const sent: number[][] = tokens.map(() => []);
      const pending: Promise<unknown>[] = [];
      const total = RATE * SECONDS;
      const started = performance.now();
      for (let n = 0; n < total; n++) {
        const due = started + (n * 1_000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const person = n % PEOPLE;
        sent[person]?.push(performance.now());
        pending.push(sendJson('PUT', `${server.url}/api/notifications/read`, tokens[person] ?? '', {}));
      }
      await Promise.all(pending);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const after = memoryOf(server.pid).rssBytes;

      const latencies: number[] = [];
      let missing = 0;
      for (const stream of streams) {
        const times = sent[stream.person] ?? [];
        times.forEach((at, i) => {
          const got = stream.received[i];
          if (got === undefined) missing++;
          else latencies.push(got - at);
        });
      }
      const extra = (Math.max(held, after) - before) / MB;
      rows.push({
        name: `Notification streams: ${streams.length} open on one instance${redis ? ' (Redis bus)' : ''}, memory over signed-in idle`,
        figure: `${Math.round(extra)} MB`,
        target: memoryTarget,
        ok: extra <= 100,
      });
      const p95 = percentile(latencies, 95);
      rows.push({
        name: `Notification streams: event to stream at ${RATE}/s for ${SECONDS} s (${latencies.length} deliveries, ${missing} missing), p95`,
        figure: ms(p95),
        target: latencyTarget,
        ok: p95 <= 1_000 && missing === 0,
      });
    } finally {
      for (const stream of streams) stream.request.destroy();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
