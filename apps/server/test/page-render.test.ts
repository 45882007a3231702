import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_COOKIE, PAGE_SESSION_COOKIE } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/sessions.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import {
  bookingRefs,
  type Envelope,
  fclBookingBody,
  register,
  registrationForm,
  uniqueEmail,
} from './fixtures.js';
import { MAX_CONCURRENT_RENDERS } from '../src/platform/page-render.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

/** The web build (npm run build): the app's pages and its server entry (dist-ssr beside dist). */
const BUILT_WEB = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A busy test machine must not send the plain page where a test is about the rendered one. */
const PATIENT = { PAGE_RENDER_DEADLINE_MS: '30000', PAGE_RENDER_MAX_LOOP_DELAY_MS: '60000' };

/**
 * Member lists sent with their first view rendered, on the real web build: whose view a
 * page cookie gets, what is cached, and what a cookie of no live session gets.
 */
describeEachDatabase('first views rendered by the server', (kind) => {
  let t: TestApp;
  const members: Record<'alpha' | 'bravo', { token: string; name: string }> = {
    alpha: { token: '', name: 'ALPHA PAGEVIEW' },
    bravo: { token: '', name: 'BRAVO PAGEVIEW' },
  };

  let WEB_DIST = '';

  beforeAll(async () => {
    const entry = path.resolve(BUILT_WEB, '../dist-ssr');
    if (!fs.existsSync(path.join(entry, 'server-render.js'))) {
      throw new Error('Build first: npm run build (this suite renders pages with the web build)');
    }
    // A copy, as a deployment has it (its version is changed below), with the server entry beside it.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-render-'));
    WEB_DIST = path.join(copy, 'dist');
    fs.cpSync(BUILT_WEB, WEB_DIST, { recursive: true });
    fs.cpSync(entry, path.join(copy, 'dist-ssr'), { recursive: true });
    t = await createTestApp(kind, { env: { WEB_DIST, ...PATIENT } });
    for (const member of Object.values(members)) {
      const reply = await register(
        t.app,
        registrationForm({ username: uniqueEmail('page').toLowerCase(), linkman: member.name }),
      );
      member.token = reply.body.data.token;
    }
  });
  afterAll(async () => {
    await t?.close();
    if (WEB_DIST) fs.rmSync(path.dirname(WEB_DIST), { recursive: true, force: true });
  });

  const page = (url: string, cookies: Record<string, string>, language = 'en-US,en;q=0.9') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        'accept-language': language,
      },
    });

  it('renders the view of the cookie’s session only, never cached by others', async () => {
    for (const [self, other] of [
      ['alpha', 'bravo'],
      ['bravo', 'alpha'],
    ] as const) {
      const reply = await page('/bookings', { [PAGE_SESSION_COOKIE]: members[self].token });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(String(reply.headers.vary)).toMatch(/Cookie/i);
      expect(reply.body).toContain('id="server-state"');
      expect(reply.body).toContain(`Welcome, ${members[self].name}`);
      expect(reply.body).not.toContain(members[other].name);
      // No token in the page: the browser has its own, and the page is not the place for one.
      expect(reply.body).not.toContain(members[self].token);
      // No inline script: the content policy allows none.
      expect(reply.body).not.toMatch(/<script(?![^>]*(type="module"|type="application\/json"))/);
    }
  });

  it('renders in the stored language, else the browser’s', async () => {
    const token = members.alpha.token;
    const chinese = await page('/quotes', { [PAGE_SESSION_COOKIE]: token }, 'zh-CN,zh;q=0.9');
    expect(chinese.body).toContain('<html lang="zh-CN"');
    expect(chinese.body).toContain('船期报价');
    const stored = await page(
      '/quotes',
      { [PAGE_SESSION_COOKIE]: token, [LANGUAGE_COOKIE]: 'en-US' },
      'zh-CN',
    );
    expect(stored.body).toContain('<html lang="en-US"');
    expect(stored.body).toContain('Shipping Quotes');
    const forced = await page('/quotes?lang=cn', {
      [PAGE_SESSION_COOKIE]: token,
      [LANGUAGE_COOKIE]: 'en-US',
    });
    expect(forced.body).toContain('<html lang="zh-CN"');
    // Accept-Language by weight, not by order; a language the portal lacks is passed over.
    const weighed = await page(
      '/quotes',
      { [PAGE_SESSION_COOKIE]: token },
      'fr;q=1, en-US;q=0.4, zh-CN;q=0.8',
    );
    expect(weighed.body).toContain('<html lang="zh-CN"');
  });

  it('sends the plain page without a cookie, for a dead session, and for a page the member may not see', async () => {
    const plain = fs.readFileSync(path.join(WEB_DIST, 'pages/quotes.html'), 'utf8');
    const none = await page('/quotes', {});
    expect(none.body).toBe(plain);
    expect(none.headers['cache-control']).toBe('no-cache');
    expect(String(none.headers.vary)).toMatch(/Cookie/i);
    const forged = await page('/quotes', { [PAGE_SESSION_COOKIE]: 'A'.repeat(43) });
    expect(forged.body).toBe(plain);
    // A customer has no received bookings (the API answers 403): the page goes plain.
    const received = await page('/received-bookings', { [PAGE_SESSION_COOKIE]: members.alpha.token });
    expect(received.body).not.toContain('id="server-state"');
  });

  it('never renews the token of the session it renders for: the browser would not learn the new one', async () => {
    const token = members.bravo.token;
    const pastRenewalAge = sql`update sessions set renewed_at = now() - interval '1 hour' where token_hash = ${hashToken(token)}`;
    await t.database.db.execute(pastRenewalAge);
    const rendered = await page('/bookings', { [PAGE_SESSION_COOKIE]: token });
    expect(rendered.body).toContain(`Welcome, ${members.bravo.name}`);
    // The browser's own next request is the one that renews it, and the token it holds still works.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/userinfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    const renewed = String(own.headers['x-renewed-token']);
    expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    members.bravo.token = renewed;
  });

  it('sends the plain page at once beyond the renders it runs at the same time', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => page('/quotes', { [PAGE_SESSION_COOKIE]: members.alpha.token })),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const rendered = replies.filter((reply) => reply.body.includes('id="server-state"')).length;
    expect(rendered).toBeGreaterThanOrEqual(1);
    expect(rendered).toBeLessThanOrEqual(MAX_CONCURRENT_RENDERS);
  });

  it('links the build’s style sheet, cached for good and compressed, and sets no cookie', async () => {
    const first = await page('/quotes', { [PAGE_SESSION_COOKIE]: members.alpha.token });
    expect(first.body).toContain('id="server-state"');
    expect(first.headers['set-cookie']).toBeUndefined();
    const href =
      /<link rel="stylesheet" href="(\/assets\/antd-[0-9a-f]{12}\.css)">/.exec(first.body)?.[1] ?? '';
    expect(href).not.toBe('');
    // The rules are in the sheet; the page has the theme's variables only, not the map of styles.
    expect(first.body).not.toContain('.data-ant-cssinjs-cache-path');
    expect(first.body).toMatch(/<style>[^<]*--ant-color-primary:/);
    const sheet = await t.app.inject({ method: 'GET', url: href, headers: { 'accept-encoding': 'br' } });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/css/);
    expect(sheet.headers['content-encoding']).toBe('br');
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const text = (await t.app.inject({ method: 'GET', url: href })).body;
    expect(text).toContain('.data-ant-cssinjs-cache-path{content:"');
    expect(text).toContain('.ant-table');
    // The same sheet for every page and person, and no sheet made per render.
    const other = await page('/bookings', { [PAGE_SESSION_COOKIE]: members.bravo.token });
    expect(other.body).toContain(`<link rel="stylesheet" href="${href}">`);
    // No sheet is made per render, and none is served by another name.
    const made = await t.app.inject({ method: 'GET', url: '/page-styles/0123456789abcdef0123.css' });
    expect(made.headers['content-type']).not.toMatch(/css/);
  });

  it('puts stored text into the page literally, `$` replacement patterns and all', async () => {
    // Each of these means something to String.prototype.replace in a replacement string: `$\``
    // copies everything before the match (the page's head with its styles) into the page.
    const DOLLARS = "$`$'$&$$";
    const names = {
      forwarderZh: `美元${DOLLARS.repeat(20)}货代`,
      forwarderEn: `DOLLAR ${DOLLARS.repeat(20)} FORWARDING`,
      forwarderPerson: `Fwd ${DOLLARS.repeat(10)} Zhao`,
      customerZh: `美元${DOLLARS.repeat(20)}贸易`,
      customerEn: `DOLLAR ${DOLLARS.repeat(20)} TRADING`,
      customerPerson: `Cust ${DOLLARS.repeat(10)} Qian`,
      reference: `PO${DOLLARS.repeat(5)}`,
      so: `SO${DOLLARS.repeat(3)}`,
      vessel: `EVER ${DOLLARS.repeat(5)}`,
      voyage: `V${DOLLARS.repeat(2)}`,
      // A party goes on the B/L, so it keeps to the B/L's lengths (name 70, contact 35).
      contact: `SHIPPER ${DOLLARS.repeat(7)} LTD`,
      contactPerson: `LI ${DOLLARS.repeat(3)} LEI`,
    };
    const forwarder = await register(
      t.app,
      registrationForm({
        username: uniqueEmail('dollar-fwd').toLowerCase(),
        linkman: names.forwarderPerson,
        company1: names.forwarderEn,
        company2: names.forwarderZh,
      }),
    );
    expect(forwarder.status, JSON.stringify(forwarder.body)).toBe(200);
    await changeAuthorities({
      db: t.database.db,
      userId: forwarder.body.data.id,
      grant: ['rate', 'quote_forwarder'],
    });
    const customer = await register(
      t.app,
      registrationForm({
        username: uniqueEmail('dollar-cust').toLowerCase(),
        linkman: names.customerPerson,
        company1: names.customerEn,
        company2: names.customerZh,
      }),
    );
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
    // The quote board names the forwarder to those who hold quote_forwarder.
    await changeAuthorities({ db: t.database.db, userId: customer.body.data.id, grant: ['quote_forwarder'] });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const ref = await bookingRefs(t.app);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const rate = await call(t.app, {
      method: 'POST',
      url: '/api/rate',
      headers: as(forwarder.body.data.token),
      payload: {
        carrier_id: ref.maersk,
        pol_id: ref.sha,
        pod_id: ref.rtm,
        to_id: ref.rtm,
        sdate: day(-1),
        edate: day(30),
        spaces: [{ container_id: ref.gp20, price: '1200' }],
      },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    const contact = await call<Envelope<{ id: number }>>(t.app, {
      method: 'POST',
      url: '/api/customer/contact',
      headers: as(customer.body.data.token),
      payload: {
        type: 'both',
        company1: names.contact,
        linkman: names.contactPerson,
        address1: 'NO. 1 HARBOUR ROAD',
        city: 'NINGBO',
        country_id: 1,
        phone: '+8657487000001',
        email: 'dollar@example.com',
      },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const booking = await call<Envelope<{ id: number }>>(t.app, {
      method: 'POST',
      url: '/api/order/booking',
      headers: as(customer.body.data.token),
      payload: {
        ...fclBookingBody({
          ref,
          forwarderId: forwarder.body.data.id,
          shipperId: contact.body.data.id,
          consigneeId: contact.body.data.id,
        }),
        cust_ref_no: names.reference,
      },
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    // Submitted (the forwarder sees it), accepted and released: the lists show the vessel too.
    const id = booking.body.data.id;
    for (const [token, url, payload] of [
      [customer.body.data.token, `/api/order/${id}/submit`, undefined],
      [forwarder.body.data.token, `/api/forwarder/order/${id}/accept`, undefined],
      [
        forwarder.body.data.token,
        `/api/forwarder/order/${id}/release`,
        {
          so_no: names.so,
          vessel: names.vessel,
          voyage: names.voyage,
          etd: day(10),
          eta: day(40),
          si_cutoff: `${day(8)} 12:00`,
          cy_cutoff: `${day(9)} 17:30`,
          customs_cutoff: `${day(9)} 12:00`,
          vgm_cutoff: `${day(8)} 18:00`,
        },
      ],
    ] as const) {
      const step = await call(t.app, { method: 'POST', url, headers: as(token), payload });
      expect(step.status, `${url}: ${JSON.stringify(step.body)}`).toBe(200);
    }

    // What each first view shows, by language (zh shows the Chinese company name, en the English).
    const views = [
      { url: '/quotes', token: customer.body.data.token, zh: [names.forwarderZh], en: [names.forwarderEn] },
      { url: '/bookings', token: customer.body.data.token, zh: [names.forwarderZh], en: [names.forwarderEn] },
      {
        url: '/received-bookings',
        token: forwarder.body.data.token,
        zh: [names.customerZh],
        en: [names.customerEn],
      },
    ];
    const person = {
      [customer.body.data.token]: names.customerPerson,
      [forwarder.body.data.token]: names.forwarderPerson,
    };
    const allNames = new Set(Object.values(names));
    const html = (text: string) =>
      text.replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c,
      );
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
    for (const view of views) {
      for (const [lang, shown] of [
        ['zh-CN', view.zh],
        ['en-US', view.en],
      ] as const) {
        const context = `${view.url} in ${lang}`;
        const plain = fs.readFileSync(path.join(WEB_DIST, `pages${view.url}.html`), 'utf8');
        const reply = await page(view.url, { [PAGE_SESSION_COOKIE]: view.token, [LANGUAGE_COOKIE]: lang });
        expect(reply.statusCode, context).toBe(200);
        // The view, its styles and its data; a copied head (styles included) per `$\`` made it MBs.
        expect(reply.body.length, context).toBeLessThan(plain.length + 1_500_000);
        expect(reply.body.split('<head>'), context).toHaveLength(2);
        expect(reply.body.split('id="server-state"'), context).toHaveLength(2);
        const json = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(
          reply.body,
        );
        expect(json, context).not.toBeNull();
        const state = strings(JSON.parse(json?.[1] ?? ''));
        const expected = [...shown, person[view.token] ?? ''];
        if (view.url !== '/quotes') expected.push(names.reference, names.vessel, names.voyage);
        for (const text of expected) {
          expect(state, `${context}: ${text}`).toContain(text);
          expect(reply.body, `${context}: ${text}`).toContain(html(text));
        }
        // No stored text came out changed: every `$` in the data is one of the names as stored.
        for (const text of state.filter((s) => s.includes('$'))) {
          expect(
            allNames.has(text) || [...allNames].some((name) => text.includes(name)),
            `${context}: ${text}`,
          ).toBe(true);
        }
      }
    }
  });

  it('sends the plain page once another build is written over the one it runs', async () => {
    const cookie = { [PAGE_SESSION_COOKIE]: members.alpha.token };
    const versionFile = path.join(WEB_DIST, 'version.json');
    const version = fs.readFileSync(versionFile, 'utf8');
    expect((await page('/quotes', cookie)).body).toContain('id="server-state"');
    fs.writeFileSync(versionFile, JSON.stringify({ version: '9.9.9+newer' }));
    try {
      // Its rendering and template are the old build's, naming scripts the new build no longer has.
      expect((await page('/quotes', cookie)).body).not.toContain('id="server-state"');
    } finally {
      fs.writeFileSync(versionFile, version);
    }
    expect((await page('/quotes', cookie)).body).toContain('id="server-state"');
  });
});
