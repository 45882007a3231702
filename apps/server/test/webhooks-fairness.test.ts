import { randomUUID } from 'node:crypto';
import type { WebhookCreated, WebhookDeliveryRow, WebhookEndpointRow } from '@freight/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema.js';
import { type Claimed, claimDue, type Holdings, insertDeliveries } from '../src/modules/webhooks/repo.js';
import { startWebhookWorker, type WebhookWorker } from '../src/modules/webhooks/worker.js';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startBlackHole, startReceiver } from './webhook-receiver.js';
import { webhookWorld } from './webhook-world.js';

/**
 * One company's webhooks cannot starve another's: the worker claims due deliveries round-robin
 * across companies, holds at most a few slots per company and per endpoint, opens the circuit of
 * an endpoint that stopped answering (persisted on its row, so that every instance agrees), and the
 * test button is limited per company. The claims are checked on the query itself; the attack (a
 * company with three receivers that never answer and a backlog) against the real worker.
 */
describeEachDatabase('webhook fairness', (kind) => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof webhookWorld>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hole: Awaited<ReturnType<typeof startBlackHole>>;
  let worker: WebhookWorker | undefined;
  const company = (name: string) => world.who[name]?.companyId ?? 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    hole = await startBlackHole();
    // This app only writes the outbox; the tests start a worker when they want one.
    t = await createTestApp(kind, {
      env: {
        WEBHOOK_WORKER: 'false',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOK_CONCURRENCY: '4',
        WEBHOOK_PER_COMPANY: '2',
        WEBHOOK_POLL_MS: '20',
        WEBHOOK_RETRY_FIRST_MS: '60000',
      },
    });
    world = await webhookWorld(t.app, t.database.db);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    // Every test starts without endpoints (their deliveries go with them).
    await t.database.db.delete(webhookEndpoints);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await hole?.close();
  });

  const endpoint = async (name: string, url: string, events: string[] = ['booking.submit']) =>
    world.ok(await world.api<WebhookCreated>(name, 'POST', '/api/webhooks', { url, events }));
  /** `count` test deliveries to an endpoint, due `ageMs` ago (older first). */
  const queue = (endpointId: number, count: number, ageMs: number) =>
    insertDeliveries(
      t.database.db,
      Array.from({ length: count }, (_, i) => {
        const eventId = randomUUID();
        return {
          endpointId,
          eventId,
          eventType: 'webhook.test',
          bookingId: null,
          payload: JSON.stringify({ id: eventId, type: 'webhook.test', data: {} }),
          nextAttemptAt: new Date(Date.now() - ageMs + i),
        };
      }),
    );
  const claim = (limit: number, holdings: Partial<Holdings> = {}) =>
    claimDue(t.database.db, {
      limit,
      leaseMs: 60_000,
      holdings: {
        perEndpoint: 8,
        perCompany: 8,
        endpoints: new Map(),
        companies: new Map(),
        ...holdings,
      },
    });
  const companiesOf = (rows: Claimed[]) => rows.map((row) => Number(row.company_id));
  const deliveriesOf = (endpointIds: number[]) =>
    t.database.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpointIds));

  it('claims the due deliveries round-robin across companies, not oldest first', async () => {
    const a = [
      await endpoint('owner', receiver.url('/a1')),
      await endpoint('owner', receiver.url('/a2')),
      await endpoint('owner', receiver.url('/a3')),
    ];
    const b = await endpoint('other', receiver.url('/b'));
    const c = await endpoint('fwd', receiver.url('/c'));
    // The owner's backlog is an hour older than the others' single deliveries.
    for (const hook of a) await queue(hook.id, 10, 3_600_000);
    await queue(b.id, 1, 1000);
    await queue(c.id, 1, 500);

    const first = await claim(4);
    expect(first).toHaveLength(4);
    expect(companiesOf(first).sort()).toEqual(
      [company('owner'), company('owner'), company('other'), company('fwd')].sort(),
    );
    // Within the owner's company, round-robin over its endpoints too.
    const owners = first.filter((row) => Number(row.company_id) === company('owner'));
    expect(new Set(owners.map((row) => row.endpoint_id)).size).toBe(2);
    // Claimed rows are leased: the next claim takes the owner's next ones.
    const second = await claim(4);
    expect(companiesOf(second)).toEqual([
      company('owner'),
      company('owner'),
      company('owner'),
      company('owner'),
    ]);
    const firstIds = new Set(first.map((row) => row.id));
    expect(second.filter((row) => firstIds.has(row.id))).toEqual([]);
  });

  it('passes over a company or an endpoint holding its share of the slots', async () => {
    const a1 = await endpoint('owner', receiver.url('/a1'));
    const a2 = await endpoint('owner', receiver.url('/a2'));
    const b = await endpoint('other', receiver.url('/b'));
    await queue(a1.id, 10, 3_600_000);
    await queue(a2.id, 10, 3_600_000);
    await queue(b.id, 3, 1000);

    // The owner's company holds its 2 slots: none of its deliveries, however old, is claimed.
    const capped = await claim(16, {
      perCompany: 2,
      companies: new Map([[company('owner'), 2]]),
      endpoints: new Map([[a1.id, 2]]),
    });
    expect(companiesOf(capped)).toEqual([company('other'), company('other')]);
    // One slot left to it: one delivery, not the ten that are due.
    const one = await claim(16, { perCompany: 2, companies: new Map([[company('owner'), 1]]) });
    expect(companiesOf(one).filter((id) => id === company('owner'))).toHaveLength(1);
    // An endpoint at its own cap is passed over while its company has room.
    const lanes = await claim(16, { perEndpoint: 3, endpoints: new Map([[a1.id, 3]]) });
    expect(lanes.map((row) => row.endpoint_id)).toEqual([a2.id, a2.id, a2.id]);
    const rest = await claim(16, { perEndpoint: 2 });
    expect(rest.filter((row) => row.endpoint_id === a1.id)).toHaveLength(2);
    expect(rest.filter((row) => row.endpoint_id === a2.id)).toHaveLength(2);
  });

  it('sends nothing to an open circuit, and one probe to a half-open one', async () => {
    const a = await endpoint('owner', receiver.url('/a'));
    await queue(a.id, 5, 60_000);
    const circuit = (until: Date | null) =>
      t.database.db
        .update(webhookEndpoints)
        .set({ circuitFailures: 5, circuitOpenUntil: until })
        .where(eq(webhookEndpoints.id, a.id));

    await circuit(new Date(Date.now() + 60_000));
    expect(await claim(16)).toEqual([]);
    // Waiting behind the open circuit costs the deliveries no attempt.
    expect((await deliveriesOf([a.id])).map((d) => d.attempts)).toEqual([0, 0, 0, 0, 0]);
    const [listed] = world.ok(await world.api<WebhookEndpointRow[]>('owner', 'GET', '/api/webhooks'));
    expect(listed).toMatchObject({ circuit: 'open' });
    expect(Date.parse(listed?.circuit_retry_at ?? '')).toBeGreaterThan(Date.now());

    await circuit(new Date(Date.now() - 1000));
    const [relisted] = world.ok(await world.api<WebhookEndpointRow[]>('owner', 'GET', '/api/webhooks'));
    expect(relisted).toMatchObject({ circuit: 'half_open' });
    const probe = await claim(16);
    expect(probe.map((row) => [row.endpoint_id, row.probe])).toEqual([[a.id, true]]);
    // The probe moved the circuit ahead: no other worker probes at the same time.
    expect(await claim(16)).toEqual([]);
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, a.id));
    expect(row?.circuitOpenUntil?.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  /** Starts the real worker on the test's database with short deadlines. */
  const startWorker = (settings: Partial<TestApp['config']['webhooks']>) => {
    worker = startWebhookWorker({
      db: t.database.db,
      config: { ...t.config.webhooks, worker: true, ...settings },
      publicUrl: t.config.publicUrl,
      log: t.app.log,
    });
  };
  const counts = async (endpointIds: number[]) => {
    const rows = await deliveriesOf(endpointIds);
    return {
      untried: rows.filter((d) => d.attempts === 0).length,
      tried: rows.filter((d) => d.attempts > 0).length,
      timedOut: rows.filter((d) => d.lastError === 'timed out').length,
    };
  };

  it("delivers another company's event promptly while one company's receivers never answer", async () => {
    // The attack: three endpoints that accept and never answer, and a backlog of real events.
    const a = [
      await endpoint('owner', hole.url('/a1')),
      await endpoint('owner', hole.url('/a2')),
      await endpoint('owner', hole.url('/a3')),
    ];
    const b = await endpoint('other', receiver.url('/victim'), ['team.join']);
    for (let i = 0; i < 8; i++) await world.submitted();
    world.ok(await world.api('other', 'POST', `/api/webhooks/${b.id}/test`));
    const ids = a.map((hook) => hook.id);
    expect(await counts(ids)).toEqual({ untried: 24, tried: 0, timedOut: 0 });

    startWorker({ timeoutMs: 3000, concurrency: 4, companyConcurrency: 2 });
    await receiver.until(() => receiver.events('/victim').length === 1, 10_000);
    // The victim's delivery went out with the attacker's first claim: the attacker held its two
    // slots and none of its requests had even timed out yet; its backlog was all still waiting.
    const atArrival = await counts(ids);
    expect(atArrival.timedOut).toBe(0);
    expect(atArrival.tried).toBeLessThanOrEqual(2);
    expect(atArrival.untried).toBeGreaterThanOrEqual(22);
    expect(hole.mostOpen()).toBeLessThanOrEqual(2);
    const [victim] = world.ok(
      await world.api<{ lists: WebhookDeliveryRow[] }>('other', 'GET', `/api/webhooks/${b.id}/deliveries`),
    ).lists;
    expect(victim).toMatchObject({ event_type: 'webhook.test', attempts: 1 });
  });

  it('opens the circuit of a receiver that stopped answering, then probes it and sends the rest', async () => {
    const before = hole.connections();
    const a = await endpoint('owner', hole.url('/dead'));
    for (let i = 0; i < 12; i++) await world.submitted();
    startWorker({ timeoutMs: 300, circuitOpenMs: 4000, concurrency: 4, companyConcurrency: 2 });
    const listed = async () =>
      world
        .ok(await world.api<WebhookEndpointRow[]>('owner', 'GET', '/api/webhooks'))
        .find((row) => row.id === a.id);
    const deadline = Date.now() + 10_000;
    while ((await listed())?.circuit !== 'open') {
      expect(Date.now(), 'the circuit did not open').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Opened after five unanswered attempts (a sixth may have been in flight); the rest wait
    // unattempted instead of holding slots for their timeouts.
    const open = await listed();
    expect(open?.enabled).toBe(true);
    expect(Date.parse(open?.circuit_retry_at ?? '')).toBeGreaterThan(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 800));
    const reached = hole.connections() - before;
    expect(reached).toBeGreaterThanOrEqual(5);
    expect(reached).toBeLessThanOrEqual(6);
    const whileOpen = await counts([a.id]);
    expect(whileOpen.tried).toBe(reached);
    expect(whileOpen.untried).toBe(12 - reached);

    // The receiver comes back: once the circuit half-opens, one probe succeeds and it closes.
    hole.answer();
    const delivered = async () => (await deliveriesOf([a.id])).filter((d) => d.status === 'delivered');
    const drained = Date.now() + 15_000;
    while ((await delivered()).length < 12 - reached) {
      expect(Date.now(), 'the backlog was not sent after the circuit closed').toBeLessThan(drained);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const closed = await listed();
    expect(closed).toMatchObject({ circuit: 'closed', circuit_retry_at: null, failures: 0 });
    // The deliveries that waited were attempted once, after it had closed.
    expect((await delivered()).map((d) => d.attempts)).toEqual(Array.from({ length: 12 - reached }, () => 1));
    const [state] = await t.database.db
      .select({ failures: webhookEndpoints.circuitFailures })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, a.id));
    expect(state?.failures).toBe(0);
  });

  it('limits test events per company with a localized 429', async () => {
    const hook = await endpoint('fwd', receiver.url('/tests'));
    for (let i = 0; i < 10; i++) world.ok(await world.api('fwd', 'POST', `/api/webhooks/${hook.id}/test`));
    const refused = await world.api('fwd', 'POST', `/api/webhooks/${hook.id}/test`);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^At most 10 test events a minute; please try again in \d+ seconds?$/);
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/test`,
      headers: { authorization: `Bearer ${world.who.fwd?.token}`, lang: 'cn' },
    });
    expect(zh.statusCode).toBe(429);
    expect(Number(zh.headers['retry-after'])).toBeGreaterThan(0);
    expect((zh.json() as { msg: string }).msg).toMatch(/^每分钟最多发送 10 个测试事件，请 \d+ 秒后再试$/);
    // Nothing was queued by the refused presses; another company's button still works.
    const [queued] = await t.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(queued?.value).toBe(10);
    const other = await endpoint('other', receiver.url('/others'));
    world.ok(await world.api('other', 'POST', `/api/webhooks/${other.id}/test`));
  });
});
