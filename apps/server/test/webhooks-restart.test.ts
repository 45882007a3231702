import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WebhookCreated } from '@freight/contract';
import { afterAll, expect, it } from 'vitest';
import { createTestAppOn, describeEachDatabase } from './helpers.js';
import { databaseForProcess, startServerProcess } from './server-process.js';
import { startReceiver, verifySignature } from './webhook-receiver.js';
import { webhookWorld } from './webhook-world.js';

const BOOKINGS = 40;

/**
 * Deliveries survive a crash: events are written to the outbox by an app that
 * sends nothing; the real server process starts on the same database and sends them to a slow
 * receiver; it is killed with SIGKILL mid-delivery and started again. Every event arrives (at least
 * once: the receiver de-duplicates by event id), signed, and each booking's events in order.
 */
describeEachDatabase('webhook deliveries across kill -9', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hooks-'));
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  let child: ChildProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every event, in order per booking, after the sender is killed mid-delivery', async () => {
    receiver = await startReceiver();
    receiver.on('/crash', { delayMs: 15 });
    // The database: PGlite in DATA_DIR (one process at a time), or a PostgreSQL database.
    const database = await databaseForProcess(kind, dataDir);
    if (kind !== 'pglite') drop = () => database.drop();
    const writer = await createTestAppOn(database, {
      env: { WEBHOOK_WORKER: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' },
    });
    const world = await webhookWorld(writer.app, database.db);
    const hook = world.ok(
      await world.api<WebhookCreated>('owner', 'POST', '/api/webhooks', {
        url: receiver.url('/crash'),
        events: ['booking.submit', 'booking.cancel'],
      }),
    );
    const bookings: number[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const draft = await world.submitted();
      world.ok(
        await world.api('owner', 'POST', `/api/order/${draft.id}/cancel`, { reason: 'CHANGED PLANS' }),
      );
      bookings.push(draft.id);
    }
    // The writer stops; the database stays for the server process (PGlite: one process at a time).
    const databaseUrl = database.url;
    await writer.app.close();
    if (kind === 'pglite') await database.close();

    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_CONCURRENCY: '4',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_FIRST_MS: '100',
      WEBHOOK_POLL_MS: '50',
    };
    child = await startServerProcess(env);
    const total = BOOKINGS * 2;
    await receiver.until(() => receiver!.events('/crash').length >= total / 4, 30_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    const beforeRestart = receiver.events('/crash').length;
    expect(beforeRestart).toBeLessThan(total);
    child = await startServerProcess(env);
    const unique = () => new Set(receiver!.events('/crash').map((event) => event.id)).size;
    await receiver.until(() => unique() >= total, 60_000);
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = undefined;

    const received = receiver.received.filter((entry) => entry.path === '/crash');
    for (const entry of received)
      expect(verifySignature(hook.secret, entry.headers['x-portal-signature'] as string, entry.body)).toBe(
        true,
      );
    const events = receiver.events('/crash');
    expect(unique()).toBe(total);
    // Per booking: its submit arrives before its cancel (first arrivals; a redelivery may follow).
    for (const id of bookings) {
      const mine = events.filter((event) => event.data.id === id).map((event) => event.type);
      expect(mine.indexOf('booking.submit'), `booking ${id}: ${mine.join(', ')}`).toBe(0);
      expect(mine.indexOf('booking.cancel')).toBeGreaterThan(0);
    }
    console.log(
      `[${kind}] ${total} events: ${beforeRestart} before kill -9, ${received.length - total} delivered twice`,
    );
  }, 180_000);
});
