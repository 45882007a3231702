import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/surface.js';
import { CUSTOMER } from '../data-set.js';
import { count, login, postgresAvailable, type Row, sendJson, startServer, withDatabase } from '../lib.js';

const EVENTS = 6_000;
const BOOKINGS = 100;
const TARGET = 200;

/** The README's verification: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
function verified(secret: string, header: string | undefined, body: string): boolean {
  const parts = new Map((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const expected = createHmac('sha256', secret)
    .update(`${parts.get('t')}.${body}`)
    .digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Webhook throughput: 6,000 events of 100 bookings are put in the outbox, the
 * built server sends them to a receiver on loopback that checks every signature; it is killed with
 * SIGKILL halfway and started again. The figure is deliveries per second before the kill; the run
 * also proves no loss (every event id arrives) and each booking's order (first arrivals).
 */
export async function benchWebhooks(rows: Row[]) {
  const onPostgres = await postgresAvailable();
  const run = async (databaseUrl: string | undefined) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hooks-'));
    const received: { id: string; booking: number; seq: number }[] = [];
    let secret = '';
    let badSignatures = 0;
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (!verified(secret, request.headers['x-portal-signature'] as string | undefined, body))
          badSignatures++;
        const event = JSON.parse(body) as { id: string; data: { booking?: number; seq?: number } };
        received.push({ id: event.id, booking: event.data.booking ?? 0, seq: event.data.seq ?? 0 });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: 'true',
      CAPTCHA_FIXED: 'bench',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_SECRET_KEY: 'bench-webhook-secret-key-0123456789abcdef',
      WEBHOOK_POLL_MS: '200',
    };
    try {
      // The endpoint through the API, with a server that does not send.
      const writer = await startServer({ ...env, WEBHOOK_WORKER: 'false' });
      const token = await login(writer.url, CUSTOMER.username, CUSTOMER.password);
      const endpoint = await sendJson<{ id: number; secret: string }>(
        'POST',
        `${writer.url}/api/webhooks`,
        token,
        {
          url: `http://127.0.0.1:${port}/hook`,
          events: ['booking.submit'],
        },
      );
      secret = endpoint.secret;
      await writer.stop();
      // The outbox, filled directly: 60 events for each of 100 bookings, numbered in order.
      const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
      await database.db.execute(sql`
        insert into webhook_deliveries (endpoint_id, event_id, event_type, booking_id, payload)
        select ${endpoint.id}, e.id, 'booking.submit', e.booking,
          json_build_object('id', e.id, 'type', 'booking.submit', 'created_at', now(),
            'data', json_build_object('booking', e.booking, 'seq', e.seq))::text
        from (select gen_random_uuid() as id, 1 + (i % ${BOOKINGS}) as booking, i as seq
              from generate_series(0, ${EVENTS - 1}) as i) e
        order by e.seq`);
      await database.close();

      const first = await startServer(env);
      const started = performance.now();
      while (received.length < EVENTS / 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const sentBeforeKill = received.length;
      const perSecond = sentBeforeKill / ((performance.now() - started) / 1000);
      process.kill(first.pid, 'SIGKILL');
      await first.stop();
      const second = await startServer(env);
      const deadline = Date.now() + 120_000;
      const unique = () => new Set(received.map((event) => event.id)).size;
      while (unique() < EVENTS && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await second.stop();
      // Order: per booking, the first arrivals' numbers only grow.
      const seen = new Set<string>();
      const last = new Map<number, number>();
      let outOfOrder = 0;
      for (const event of received) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        if ((last.get(event.booking) ?? -1) > event.seq) outOfOrder++;
        last.set(event.booking, event.seq);
      }
      const lost = EVENTS - unique();
      rows.push({
        name: `Webhook deliveries/s to a loopback receiver (${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${count(EVENTS)} events, kill -9 at half)`,
        figure: `${Math.round(perSecond)}/s; lost ${lost}, twice ${received.length - unique()}, out of order ${outOfOrder}, bad signatures ${badSignatures}`,
        target: `≥ ${TARGET}/s, none lost`,
        ok: perSecond >= TARGET && lost === 0 && outOfOrder === 0 && badSignatures === 0,
      });
    } finally {
      receiver.closeAllConnections();
      receiver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  await run(undefined);
  if (onPostgres) await withDatabase('portal_bench_hooks', (url) => run(url));
}
