import type {
  BookingDetail,
  BookingDocking,
  BookingRow,
  Contact,
  ListData,
  Quote,
  Shipper,
} from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_LOGINS, seedDemo } from '../src/demo/index.js';
import { type Envelope, login } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const HAN = /[\u4e00-\u9fff]/;

describeEachDatabase('demo data', (kind) => {
  let t: TestApp;
  let seeded: boolean;
  const tokens = { customer: '', forwarder: '' };

  const get = async <T>(url: string, token: string, lang: 'cn' | 'en' = 'en') => {
    const reply = await call<Envelope<T>>(t.app, {
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      lang,
    });
    expect(reply.status, url).toBe(200);
    return reply.body.data;
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const deps = { database: t.database, storage: t.app.deps.storage, kv: t.app.deps.kv, log: t.app.log };
    seeded = await seedDemo(deps);
    for (const [role, { username, password }] of [
      ['customer', DEMO_LOGINS[0]],
      ['forwarder', DEMO_LOGINS[1]],
    ] as const) {
      const reply = await login(t.app, username, password);
      expect(reply.status).toBe(200);
      tokens[role] = reply.body.data.token;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds a new database, and a second time nothing', async () => {
    expect(seeded).toBe(true);
    const count = async () =>
      (
        await rows<{ users: number; rates: number; bookings: number; contacts: number }>(
          sql`select (select count(*)::int from users) as users, (select count(*)::int from rates) as rates,
                     (select count(*)::int from bookings) as bookings, (select count(*)::int from contacts) as contacts`,
        )
      )[0];
    const before = await count();
    expect(
      await seedDemo({
        database: t.database,
        storage: t.app.deps.storage,
        kv: t.app.deps.kv,
        log: t.app.log,
      }),
    ).toBe(false);
    expect(await count()).toEqual(before);
  });

  it('lists at least 8 forwarders in the directory, in both languages, each with a logo that is served', async () => {
    const { lists, total } = await get<ListData<Shipper>>('/api/shipper?size=100', tokens.customer);
    expect(total).toBeGreaterThanOrEqual(8);
    expect(lists.map((s) => s.username)).toContain('forwarder@example.com');
    for (const forwarder of lists) {
      expect(forwarder.company1, forwarder.company1).toBe(forwarder.company1.toUpperCase());
      expect(forwarder.company2).toMatch(HAN);
      expect(forwarder.address2).toMatch(HAN);
      // The profile is written in Chinese and in English.
      expect(forwarder.profile).toMatch(HAN);
      expect(forwarder.profile).toMatch(/[A-Za-z]{4,} [A-Za-z]{2,}/);
      for (const list of [forwarder.businesses_name, forwarder.routes_name, forwarder.ports_name])
        expect(list.length, forwarder.company1).toBeGreaterThan(0);
      expect(forwarder.logo_thumb, forwarder.company1).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
      // Logos are public: the directory's cards show them without a token.
      const logo = await t.app.inject({ method: 'GET', url: forwarder.logo_thumb ?? '' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    const chinese = await get<ListData<Shipper>>('/api/shipper?size=100', tokens.customer, 'cn');
    expect(chinese.lists.flatMap((s) => s.ports_name)).toContain('上海');
  });

  it("gives the demo customer a team: an operator and a viewer who share the company's bookings", async () => {
    const signIn = async (index: 2 | 3) => {
      const reply = await login(t.app, DEMO_LOGINS[index].username, DEMO_LOGINS[index].password, 'en');
      expect(reply.status).toBe(200);
      return reply.body.data.token;
    };
    const operator = await signIn(2);
    const viewer = await signIn(3);
    const owners = await get<ListData<{ id: number }>>('/api/order?size=100', tokens.customer, 'en');
    for (const [token, role] of [
      [operator, 'operator'],
      [viewer, 'viewer'],
    ] as const) {
      const info = await get<{ person: { role: string } }>('/api/userinfo', token, 'en');
      expect(info.person.role).toBe(role);
      const theirs = await get<ListData<{ id: number }>>('/api/order?size=100', token, 'en');
      expect(theirs.total).toBe(owners.total);
    }
    const write = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/customer/contact',
      headers: { authorization: `Bearer ${viewer}` },
      lang: 'en',
      payload: {},
    });
    expect(write.status).toBe(403);
    expect(write.body.msg).toMatch(/viewer/i);
    // The operator imported the contact book: the owner's activity page names them.
    const trail = await get<{ list: { person: string; kind: string; action: string }[] }>(
      '/api/activity?kind=contact&page_size=100',
      tokens.customer,
      'en',
    );
    expect(trail.list.some((row) => row.person === 'WANG FANG 王芳' && row.action === 'import')).toBe(true);
  });

  it('has only the documented logins: every other account has a random password of its own', async () => {
    const others = await rows<{ username: string; hash: string }>(
      sql`select email as username, password_hash as hash from people
           where email <> all(${sql.param(DEMO_LOGINS.map((l) => l.username))}::text[])`,
    );
    expect(others.length).toBeGreaterThanOrEqual(7);
    expect(new Set(others.map((o) => o.hash)).size).toBe(others.length);
    for (const { hash } of others) expect(hash).toMatch(/^\$argon2id\$/);
    for (const { username } of others.slice(0, 2)) {
      const reply = await login(t.app, username, DEMO_LOGINS[0].password, 'en');
      expect(reply.status).toBe(400);
      expect(reply.body.msg).toBe('Login failed, please check your username and password');
    }
  });

  it('publishes at least 150 rates over real lanes, all valid today, some ending within a week', async () => {
    const today = day(0);
    const all = await rows<{ sdate: string; edate: string; route: string; prices: Record<string, string> }>(
      sql`select r.sdate::text as sdate, r.edate::text as edate, tr.code as route,
                 (select json_object_agg(c.code, s.price::text) from rate_spaces s
                    join container_types c on c.id = s.container_id where s.rate_id = r.id) as prices
            from rates r join ports p on p.id = r.to_id join trade_routes tr on tr.id = p.route_id`,
    );
    expect(all.length).toBeGreaterThanOrEqual(150);
    for (const rate of all) {
      expect(rate.sdate <= today && rate.edate >= today, `${rate.sdate} ~ ${rate.edate}`).toBe(true);
      const price = (code: string) =>
        rate.prices[code] === undefined ? undefined : Number(rate.prices[code]);
      const [p20, p40, hq40] = [price('20GP'), price('40GP'), price('40HQ')];
      // Every rate quotes a forty-foot box; a twenty-foot one costs less.
      expect(p40 ?? hq40, JSON.stringify(rate)).toBeGreaterThan(50);
      if (p20 !== undefined) expect(p20).toBeLessThan(p40 ?? hq40 ?? 0);
      if (p40 !== undefined && hq40 !== undefined) expect(hq40).toBeGreaterThanOrEqual(p40);
    }
    const expiring = all.filter((rate) => rate.edate <= day(7));
    expect(expiring.length).toBeGreaterThanOrEqual(5);
    expect(expiring.length).toBeLessThan(all.length / 3);
    const routes = new Set(all.map((rate) => rate.route));
    for (const route of ['EU', 'MED', 'USWC', 'USEC', 'SEA', 'ME']) expect(routes).toContain(route);
    // A dry 40' from China to North Europe costs more than one to Southeast Asia, as on the market.
    const median40 = (route: string) => {
      const prices = all
        .filter((rate) => rate.route === route && rate.prices['40GP'] !== undefined)
        .map((rate) => Number(rate.prices['40GP']))
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] ?? 0;
    };
    expect(median40('EU')).toBeGreaterThan(1500);
    expect(median40('SEA')).toBeLessThan(1000);

    const board = await get<ListData<Quote>>('/api/quote?size=1000', tokens.forwarder);
    expect(board.total).toBe(all.length);
    expect(new Set(board.lists.map((q) => q.forwarder_id)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives the demo customer at least 50 contacts: shippers and consignees, in capitals, some Chinese', async () => {
    const { lists, total } = await get<ListData<Contact>>('/api/customer/contact?size=100', tokens.customer);
    expect(total).toBeGreaterThanOrEqual(50);
    const types = new Set(lists.map((c) => c.type));
    expect(types).toContain('shipper');
    expect(types).toContain('consignee');
    for (const contact of lists) {
      for (const field of ['company1', 'linkman', 'address1', 'city'] as const)
        expect(contact[field]).toBe(contact[field].toUpperCase());
    }
    expect(lists.filter((c) => HAN.test(c.company2)).length).toBeGreaterThanOrEqual(15);
    expect(new Set(lists.map((c) => c.country_id)).size).toBeGreaterThanOrEqual(15);
  });

  it('gives the demo customer at least 40 bookings in every status, FCL and LCL, dated from today', async () => {
    const { lists, total } = await get<ListData<BookingRow>>('/api/order?size=100', tokens.customer);
    expect(total).toBeGreaterThanOrEqual(40);
    for (const status of [0, 1, 2, 3, 5, 40]) {
      const inStatus = lists.filter((b) => b.status === status);
      expect(inStatus.length, `status ${status}`).toBeGreaterThanOrEqual(3);
    }
    for (const mode of [1, 2]) {
      const statuses = new Set(lists.filter((b) => b.container_mode === mode).map((b) => b.status));
      expect(statuses.size, `mode ${mode}`).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(lists.map((b) => b.forwarder_name)).size).toBeGreaterThanOrEqual(8);
    for (const booking of lists) {
      expect(booking.create_time.slice(0, 10) >= day(-1)).toBe(true);
      if (booking.etd) expect(booking.etd >= day(-1) && booking.etd <= day(30), booking.etd).toBe(true);
      if (booking.eta && booking.etd) expect(booking.eta > booking.etd).toBe(true);
    }
    // Booking 1, which browser tests open on both sides, is an FCL booking from the demo
    // forwarder's first quote whose space is released.
    const first = await get<BookingDetail>('/api/order/1', tokens.customer);
    expect(first).toMatchObject({ container_mode: 1, status: 2 });
    expect(first.quote_id).not.toBeNull();
  });

  it('carries documents, liaison and history along the way a booking went', async () => {
    const { lists } = await get<ListData<BookingRow>>('/api/order?size=100&status=5', tokens.customer);
    expect(lists.length).toBeGreaterThan(0);
    for (const row of lists) {
      const detail = await get<BookingDetail>(`/api/order/${row.id}`, tokens.customer);
      expect(detail.history.map((h) => h.action)).toEqual([
        'create',
        'submit',
        'release',
        'submit_si',
        'ship',
      ]);
      expect(detail.documents.map((d) => d.document_type)).toEqual(
        expect.arrayContaining(['booking_confirmation', 'bl']),
      );
      expect(detail.schedule.bl_no).not.toBe('');
      const docking = await get<BookingDocking>(`/api/order/docking/${row.id}`, tokens.customer);
      expect(docking.forwarder?.phone).toBeTruthy();
      expect(docking.schedule.vessel).not.toBe('');
      expect(docking.schedule.so_no).not.toBe('');
    }
    const [withDocuments] = await rows<{ bookings: number; pdfs: number }>(
      sql`select count(distinct booking_id)::int as bookings, count(*)::int as pdfs from booking_documents`,
    );
    expect(withDocuments?.bookings).toBeGreaterThanOrEqual(8);
    const [document] = (await get<BookingDetail>(`/api/order/${lists[0]?.id}`, tokens.customer)).documents;
    const file = await t.app.inject({
      method: 'GET',
      url: document?.url ?? '',
      headers: { authorization: `Bearer ${tokens.customer}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives the demo forwarder received bookings to act on: accept, release, confirm SI and ship', async () => {
    const { lists } = await get<ListData<BookingRow>>('/api/forwarder/order?size=100', tokens.forwarder);
    expect(lists.length).toBeGreaterThanOrEqual(10);
    // Drafts stay the member's own.
    expect(lists.some((b) => b.status === 0)).toBe(false);
    const actions = new Set<string>();
    for (const row of lists.filter((b) => [1, 2, 3].includes(b.status))) {
      const detail = await get<BookingDetail>(`/api/forwarder/order/${row.id}`, tokens.forwarder);
      for (const action of detail.actions) actions.add(action);
    }
    for (const action of ['accept', 'release', 'confirm_si', 'ship', 'void'])
      expect(actions).toContain(action);
  });
});
