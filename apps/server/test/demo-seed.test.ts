import type {
  BookingDetail,
  BookingDocking,
  BookingRow,
  Contact,
  ListData,
  Quote,
  Shipper,
} from '@freight/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DEMO_LOGINS, seedDemo } from '../src/demo/index.js';
import { type Db, rowsOf as rowsIn } from '../src/platform/db.js';
import { copyDemoTemplate, openPortalDatabase, templateProblem } from '../src/demo/template.js';
import { type Envelope, login } from './fixtures.js';
import { call, createTestApp, type DatabaseKind, type TestApp, testDatabaseKinds } from './helpers.js';
import { demoTemplate, fromTemplate, removeDemoTemplate } from './template.js';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const HAN = /[\u4e00-\u9fff]/;

/**
 * The demo data as a new database gets it: seeded through the use cases (PostgreSQL with
 * SEED_DEMO, and an embedded database without a current template), or copied from the demo template
 * the build makes (a new embedded database), which demo-template.test.ts looks at more closely.
 */
type Making = [DatabaseKind, 'seeded' | 'template'];
const makings = testDatabaseKinds().flatMap((kind): Making[] =>
  kind === 'pglite'
    ? [
        [kind, 'seeded'],
        [kind, 'template'],
      ]
    : [[kind, 'seeded']],
);

describe.each(makings)('demo data [%s, %s]', (kind, making) => {
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
    if (making === 'template') {
      const copy = await fromTemplate(await demoTemplate());
      t = copy.t;
      seeded = copy.fromTemplate;
    } else {
      t = await createTestApp(kind);
      const deps = { database: t.database, storage: t.app.deps.storage, kv: t.app.deps.kv, log: t.app.log };
      seeded = await seedDemo(deps);
    }
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
          sql`select (select count(*)::int from companies) as users, (select count(*)::int from rates) as rates,
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

describe('demo template [pglite only]', () => {
  type Copy = Awaited<ReturnType<typeof fromTemplate>>;
  let template: string;
  // Two new databases from one template: made now, and on a "today" three days and five hours later.
  const now = new Date();
  const later = new Date(now.getTime() + 3 * DAY_MS + 5 * 3_600_000);
  const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);
  const movedDays = dayOf(later) - dayOf(now);
  let a: Copy;
  let b: Copy;
  const rowsOf = <T extends Record<string, unknown>>(copy: Copy, query: SQL) =>
    rowsIn<T>(copy.t.database.db, query);
  const etdsOf = async (db: Db) =>
    (
      await rowsIn<{ etd: string }>(
        db,
        sql`select etd::text as etd from bookings where etd is not null order by id`,
      )
    ).map((r) => r.etd);

  beforeAll(async () => {
    template = await demoTemplate();
    a = await fromTemplate(template, now);
    b = await fromTemplate(template, later);
  });
  afterAll(async () => {
    await a?.t.close();
    await b?.t.close();
  });

  it('moves every date by whole days and every moment by the time since the template was made', async () => {
    expect(a.fromTemplate && b.fromTemplate).toBe(true);
    type Booking = { id: number; etd: string | null; ready: string; cutoff: string | null; created: string };
    const bookings = (copy: Copy) =>
      rowsOf<Booking>(
        copy,
        // A cut-off as its port of loading's wall clock reads it.
        sql`select id, etd::text as etd, ready_date::text as ready,
                   (si_cutoff at time zone (select time_zone from ports where id = pol_id))::text as cutoff,
                   created_at as created from bookings order by id`,
      );
    const [before, after] = [await bookings(a), await bookings(b)];
    expect(after.length).toBe(40);
    // A day, or a day and a time, `days` later.
    const plus = (value: string, days: number) =>
      new Date(Date.parse(`${value.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10) +
      value.slice(10);
    before.forEach((booking, i) => {
      const moved = after[i] as Booking;
      expect(moved.ready).toBe(plus(booking.ready, movedDays));
      if (booking.etd) expect(moved.etd).toBe(plus(booking.etd, movedDays));
      // A cut-off keeps its time of day.
      if (booking.cutoff)
        expect(moved.cutoff).toBe(plus(booking.cutoff.replace(/:00$/, ''), movedDays) + ':00');
      const gap = new Date(moved.created).getTime() - new Date(booking.created).getTime();
      expect(Math.abs(gap - (later.getTime() - now.getTime()))).toBeLessThan(1000);
    });
    // Seen from the later "today": everything happened just before it, and dates count from it.
    const today = later.toISOString().slice(0, 10);
    const inWeek = new Date(later.getTime() + 7 * DAY_MS).toISOString().slice(0, 10);
    const [moments] = await rowsOf<{ newest: string; oldest: string }>(
      b,
      sql`select max(at) as newest, min(at) as oldest from activity`,
    );
    expect(new Date(moments?.newest ?? 0).getTime()).toBeLessThanOrEqual(later.getTime());
    expect(new Date(moments?.oldest ?? 0).getTime()).toBeGreaterThan(later.getTime() - 3_600_000);
    const [rates] = await rowsOf<{ all: number; valid: number; ending: number }>(
      b,
      sql`select count(*)::int as all,
                 count(*) filter (where sdate <= ${today}::date and edate >= ${today}::date)::int as valid,
                 count(*) filter (where edate <= ${inWeek}::date)::int as ending from rates`,
    );
    expect(rates?.valid).toBe(rates?.all);
    expect(rates?.ending).toBeGreaterThanOrEqual(5);
    for (const { etd } of after)
      if (etd) expect(etd >= plus(today, -1) && etd <= plus(today, 30), etd).toBe(true);
  });

  it("moves the dates in the demo's documents with them", async () => {
    const [confirmation] = await rowsOf<{ booking: number; etd: string; eta: string }>(
      b,
      sql`select b.id as booking, b.etd::text as etd, b.eta::text as eta from booking_documents d
            join bookings b on b.id = d.booking_id
           where d.document_type = 'booking_confirmation' order by d.id limit 1`,
    );
    const token = (await login(b.t.app, DEMO_LOGINS[0].username, DEMO_LOGINS[0].password)).body.data.token;
    const detail = await call<Envelope<BookingDetail>>(b.t.app, {
      method: 'GET',
      url: `/api/order/${confirmation?.booking}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const document = detail.body.data.documents.find((d) => d.document_type === 'booking_confirmation');
    const pdf = await b.t.app.inject({
      method: 'GET',
      url: document?.url ?? '',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdf.rawPayload.toString('latin1');
    expect(text).toContain(`ETD ${confirmation?.etd}   ETA ${confirmation?.eta}`);
    // Still a whole PDF: the cross-reference table points at its objects.
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    for (const [, offset] of text.matchAll(/^(\d{10}) 00000 n $/gm))
      expect(text.slice(Number(offset)), offset).toMatch(/^\d+ 0 obj/);
  });

  it('gives each new database password hashes of its own, and the documented logins work', async () => {
    const hashes = async (copy: Copy) =>
      rowsOf<{ email: string; hash: string }>(
        copy,
        sql`select email, password_hash as hash from people order by email`,
      );
    const [first, second] = [await hashes(a), await hashes(b)];
    expect(first.map((p) => p.email)).toEqual(second.map((p) => p.email));
    expect(first.length).toBe(12);
    const all = [...first, ...second].map((p) => p.hash);
    expect(new Set(all).size).toBe(all.length);
    for (const { username, password } of DEMO_LOGINS) {
      const reply = await login(b.t.app, username, password, 'en');
      expect(reply.status, username).toBe(200);
    }
    const others = second.filter((p) => !DEMO_LOGINS.some((l) => l.username === p.email));
    const refused = await login(b.t.app, others[0]?.email ?? '', DEMO_LOGINS[0].password, 'en');
    expect(refused.status).toBe(400);
  });

  it('is brought to its day once: after a start stopped half-way, and never again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-template-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'true' });
      // A start that copied the template and stopped before bringing it to its day.
      expect(await copyDemoTemplate(template, dataDir, later)).toBe(true);
      expect(await copyDemoTemplate(template, dataDir, later)).toBe(false);
      const etds = async (at: Date) => {
        const { database, fromTemplate: moved } = await openPortalDatabase(config, { template, now: at });
        try {
          return { moved, etds: await etdsOf(database.db) };
        } finally {
          await database.close();
        }
      };
      const first = await etds(later);
      expect(first.moved).toBe(true);
      expect(first.etds).toEqual(await etdsOf(b.t.database.db));
      const again = await etds(new Date(later.getTime() + 10 * DAY_MS));
      expect(again).toEqual({ moved: false, etds: first.etds });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is used only when made by the build that runs', async () => {
    expect(templateProblem(template, 'test')).toBeUndefined();
    expect(templateProblem(template, 'another build')).toMatch(/older than the build/);
    expect(templateProblem(path.join(template, 'nowhere'))).toMatch(/no demo template/);
  });
});

afterAll(removeDemoTemplate);
