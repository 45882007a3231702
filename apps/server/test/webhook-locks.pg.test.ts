import type { WebhookCreated } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Claimed, recordFailed } from '../src/modules/webhooks/repo.js';
import { rowsOf } from '../src/platform/db.js';
import { createTestApp, type TestApp, testDatabaseKinds } from './helpers.js';
import { webhookWorld } from './webhook-world.js';

/*
 * Lock order between the webhook worker and the endpoints' managers, on PostgreSQL (PGlite has one
 * connection and no concurrent transactions): a manager deleting an endpoint while the worker records
 * a failed attempt of one of its deliveries must wait for it, not deadlock with it.
 */
for (const kind of testDatabaseKinds().filter((k) => k === 'postgres'))
  describe(`webhook lock order [${kind}]`, () => {
    let t: TestApp;
    let world: Awaited<ReturnType<typeof webhookWorld>>;

    beforeAll(async () => {
      // No workers: the test plays the webhook worker's part itself, at the moment it chooses.
      t = await createTestApp(kind, {
        env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_WORKER: 'false', MAIL_WORKER: 'false' },
      });
      world = await webhookWorld(t.app, t.database.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('deletes an endpoint while an attempt of its delivery is being recorded', async () => {
      const { db } = t.database;
      const hook = world.ok(
        await world.api<WebhookCreated>('owner', 'POST', '/api/webhooks', {
          url: 'http://127.0.0.1:9/down',
          events: ['booking.submit'],
        }),
      );
      world.ok(await world.api('owner', 'POST', `/api/webhooks/${hook.id}/test`));
      const [delivery] = await rowsOf<Claimed>(
        db,
        sql`select d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts, d.created_at,
              e.url, e.secret_enc, e.company_id, e.failures, e.circuit_failures, false as probe
            from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
            where d.endpoint_id = ${hook.id}`,
      );
      if (!delivery) throw new Error('the test event queued no delivery');

      let deletion: ReturnType<typeof world.api> | undefined;
      // The worker's transaction: it holds the delivery when the manager's delete arrives…
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from webhook_deliveries where id = ${delivery.id} for update`);
        deletion = world.api('owner', 'DELETE', `/api/webhooks/${hook.id}`);
        const deadline = Date.now() + 10_000;
        while (!(await waitingOnALock(t))) {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // …and then records the failed attempt, which touches the endpoint as well.
        await recordFailed(tx, delivery, {
          status: 503,
          error: 'receiver says no',
          retryAt: new Date(Date.now() + 60_000),
          disableAfter: 15,
          circuit: { failures: 5, firstMs: 60_000, maxMs: 3_600_000 },
        });
      });
      const reply = await deletion;
      expect(reply?.status, JSON.stringify(reply?.body)).toBe(200);
      const [left] = await rowsOf<{ endpoints: number; deliveries: number }>(
        db,
        sql`select (select count(*) from webhook_endpoints where id = ${hook.id})::int as endpoints,
              (select count(*) from webhook_deliveries where endpoint_id = ${hook.id})::int as deliveries`,
      );
      expect(left).toEqual({ endpoints: 0, deliveries: 0 });
    });
  });

/** Whether a statement of this test's database is waiting for a lock (the manager's delete). */
async function waitingOnALock(t: TestApp): Promise<boolean> {
  const [row] = await rowsOf<{ waiting: number }>(
    t.database.db,
    sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return (row?.waiting ?? 0) > 0;
}
