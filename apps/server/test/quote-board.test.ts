import type { ListData, Quote, Rate } from '@freight/contract';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { rateSpaces } from '../src/db/schema.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The quote board serves computed pages from memory until a rate changes. These tests prove that a
 * change shows at once on the instance that made it, and within a second on another instance on the
 * same database, and that creates, changes, deletes and imports all count as changes.
 */
describeEachDatabase('quote board cache', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  const ref: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A second instance on the same database (and so the same shared store), as behind a balancer.
    other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ref, {
      carrier: await id('carrier', 'MAEU'),
      pol: await id('port', 'CNSHA'),
      pod: await id('port', 'NLRTM'),
      gp20: await id('container', '20GP'),
    });
    for (const name of ['forwarder', 'member']) {
      const reply = await register(t.app, registrationForm({ username: uniqueEmail(name).toLowerCase() }));
      tokens[name] = reply.body.data.token;
      if (name === 'forwarder')
        await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: ['rate'] });
    }
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const as = (name: string) => ({ authorization: `Bearer ${tokens[name]}` });
  const board = async (app: FastifyInstance) => {
    const reply = await call<Envelope<ListData<Quote>>>(app, {
      method: 'GET',
      url: `/api/quote?pol_id=${ref.pol}&size=100`,
      headers: as('member'),
    });
    expect(reply.status).toBe(200);
    return reply.body.data;
  };
  const priceOn = async (app: FastifyInstance, id: number) =>
    (await board(app)).lists.find((q) => q.id === id)?.spaces[0]?.price;
  const rateBody = (price: string) => ({
    carrier_id: ref.carrier,
    pol_id: ref.pol,
    pod_id: ref.pod,
    to_id: ref.pod,
    sdate: day(-1),
    edate: day(30),
    transit_days: 20,
    spaces: [{ container_id: ref.gp20, price }],
  });

  /** Creates a rate through the API (of the first instance unless told) as the forwarder; its id. */
  const createRate = async (price: string, app: FastifyInstance = t.app) => {
    const created = await call<Envelope<Rate>>(app, {
      method: 'POST',
      url: '/api/rate',
      headers: as('forwarder'),
      payload: rateBody(price),
    });
    expect(created.status).toBe(200);
    return created.body.data.id;
  };

  it('shows a created, changed and deleted rate at once on the instance that wrote it', async () => {
    const before = await board(t.app);
    await board(t.app); // now served from memory
    const id = await createRate('100');
    expect((await board(t.app)).total).toBe(before.total + 1);
    expect(await priceOn(t.app, id)).toBe('100.00');

    const changed = await call(t.app, {
      method: 'PUT',
      url: `/api/rate/${id}`,
      headers: as('forwarder'),
      payload: rateBody('150.5'),
    });
    expect(changed.status).toBe(200);
    expect(await priceOn(t.app, id)).toBe('150.50');

    // A refused write is not a change: the page stays as it was.
    const refused = await call(t.app, {
      method: 'PUT',
      url: `/api/rate/${id}`,
      headers: as('forwarder'),
      payload: rateBody('-1'),
    });
    expect(refused.status).toBe(400);
    expect(await priceOn(t.app, id)).toBe('150.50');

    const deleted = await call(t.app, {
      method: 'DELETE',
      url: '/api/rate',
      headers: as('forwarder'),
      payload: [id],
    });
    expect(deleted.status).toBe(200);
    expect((await board(t.app)).total).toBe(before.total);
    expect(await priceOn(t.app, id)).toBeUndefined();
  });

  it('serves pages from memory between rate changes, on both instances', async () => {
    // A write first: it stores the board version (kept for weeks) that every read then checks.
    const id = await createRate('320');
    expect(await priceOn(t.app, id)).toBe('320.00');
    expect(await priceOn(other, id)).toBe('320.00');
    // Changed behind the app's back: the pages in memory do not see it, so they are not recomputed.
    await t.database.db.update(rateSpaces).set({ price: '999' }).where(eq(rateSpaces.rateId, id));
    expect(await priceOn(t.app, id)).toBe('320.00');
    expect(await priceOn(other, id)).toBe('320.00');
    // A change through the app makes every page stale; the pages in use are recomputed before it
    // answers (so a change behind the app's back right after it is not seen either).
    await call(t.app, {
      method: 'PUT',
      url: `/api/rate/${id}`,
      headers: as('forwarder'),
      payload: rateBody('330'),
    });
    await t.database.db.update(rateSpaces).set({ price: '998' }).where(eq(rateSpaces.rateId, id));
    expect(await priceOn(t.app, id)).toBe('330.00');
    // The other instance recomputes when it sees the new version: it reads the database as it is now.
    await expect.poll(() => priceOn(other, id), { timeout: 3_000, interval: 50 }).toBe('998.00');
  });

  it('shows a change made on another instance within a second', async () => {
    /** Milliseconds from now until the other instance's board shows `price` for rate `id`. */
    const untilOtherShows = async (id: number, price: string) => {
      const answered = performance.now();
      await expect.poll(() => priceOn(other, id), { timeout: 3_000, interval: 10 }).toBe(price);
      return performance.now() - answered;
    };
    // The worst case: the other instance has just confirmed its board version (its own write swapped
    // its pages in), so it trusts that version as long as it may before reading the store again.
    await createRate('205', other);
    const id = await createRate('210');
    expect(await untilOtherShows(id, '210.00')).toBeLessThan(1_000);

    await createRate('206', other);
    await call(t.app, {
      method: 'PUT',
      url: `/api/rate/${id}`,
      headers: as('forwarder'),
      payload: rateBody('7'),
    });
    expect(await untilOtherShows(id, '7.00')).toBeLessThan(1_000);
  });
});
