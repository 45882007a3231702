import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_SESSION_COOKIE } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import {
  bookingRefs,
  type Envelope,
  fclBookingBody,
  register,
  registrationForm,
  uniqueEmail,
} from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

const BUILT_WEB = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Longer than the deadline of the renders below: a render's API requests held this long make it late. */
const STALL_MS = 9000;

/**
 * Renders of first views side by side: each has its own session, language and way to the API, so
 * two people's pages rendered at the same time each hold their own rows only; and a render that is
 * late is not waited for.
 */
describeEachDatabase('first views rendered side by side, or late', (kind) => {
  let t: TestApp;
  let webCopy = '';
  /** The bookings list requests of renders, held until two are in flight at once. */
  let waiting: (() => void)[] = [];
  let overlapped = 0;
  /** While set, a render's API requests are answered late (a slow database, say). */
  let stalled = false;

  beforeAll(async () => {
    const entry = path.resolve(BUILT_WEB, '../dist-ssr');
    if (!fs.existsSync(path.join(entry, 'server-render.js'))) {
      throw new Error('Build first: npm run build (this suite renders pages with the web build)');
    }
    webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-overlap-'));
    fs.cpSync(BUILT_WEB, path.join(webCopy, 'dist'), { recursive: true });
    fs.cpSync(entry, path.join(webCopy, 'dist-ssr'), { recursive: true });
    t = await createTestApp(kind, {
      // A busy test machine must not send the plain page: this suite is about the rendered one.
      env: {
        WEB_DIST: path.join(webCopy, 'dist'),
        PAGE_RENDER_DEADLINE_MS: '8000',
        PAGE_RENDER_MAX_LOOP_DELAY_MS: '60000',
      },
      beforeReady: (app) =>
        app.addHook('onRequest', async (request) => {
          // Only a render's own API requests carry this header.
          if (!request.headers['x-page-render']) return;
          if (stalled) await new Promise((resolve) => setTimeout(resolve, STALL_MS));
          if (!request.url.startsWith('/api/order?')) return;
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 2) {
              overlapped += 1;
              for (const release of waiting) release();
              waiting = [];
            }
          });
        }),
    });
  });
  afterAll(async () => {
    await t?.close();
    if (webCopy) fs.rmSync(webCopy, { recursive: true, force: true });
  });

  it('renders two companies’ bookings at the same time, each page with its own rows only', async () => {
    const forwarder = await register(
      t.app,
      registrationForm({ username: uniqueEmail('ovl-fwd').toLowerCase() }),
    );
    await changeAuthorities({ db: t.database.db, userId: forwarder.body.data.id, grant: ['rate'] });
    const ref = await bookingRefs(t.app);
    const companies = [
      { person: 'OVERLAP ALPHA', reference: 'PO-ALPHA-ONLY' },
      { person: 'OVERLAP BRAVO', reference: 'PO-BRAVO-ONLY' },
    ];
    const tokens: string[] = [];
    for (const company of companies) {
      const member = await register(
        t.app,
        registrationForm({ username: uniqueEmail('ovl').toLowerCase(), linkman: company.person }),
      );
      const token = member.body.data.token;
      const as = { authorization: `Bearer ${token}` };
      const contact = await call<Envelope<{ id: number }>>(t.app, {
        method: 'POST',
        url: '/api/customer/contact',
        headers: as,
        payload: {
          type: 'both',
          company1: `${company.person} SHIPPER`,
          linkman: 'LI LEI',
          address1: 'NO. 1 HARBOUR ROAD',
          city: 'NINGBO',
          country_id: 1,
          phone: '+8657487000001',
          email: 'overlap@example.com',
        },
      });
      expect(contact.status, JSON.stringify(contact.body)).toBe(200);
      const booking = await call(t.app, {
        method: 'POST',
        url: '/api/order/booking',
        headers: as,
        payload: {
          ...fclBookingBody({
            ref,
            forwarderId: forwarder.body.data.id,
            shipperId: contact.body.data.id,
            consigneeId: contact.body.data.id,
          }),
          cust_ref_no: company.reference,
        },
      });
      expect(booking.status, JSON.stringify(booking.body)).toBe(200);
      tokens.push(token);
    }

    const pages = await Promise.all(
      tokens.map((token, index) =>
        t.app.inject({
          method: 'GET',
          url: '/bookings',
          headers: {
            cookie: `${PAGE_SESSION_COOKIE}=${token}`,
            'accept-language': index === 0 ? 'en-US' : 'zh-CN',
          },
        }),
      ),
    );
    // Both renders were waiting on their bookings at the same moment.
    expect(overlapped).toBe(1);
    for (const [index, reply] of pages.entries()) {
      const own = companies[index]!;
      const other = companies[1 - index]!;
      expect(reply.body).toContain('id="server-state"');
      expect(reply.body).toContain(own.reference);
      expect(reply.body).toContain(own.person);
      expect(reply.body).not.toContain(other.reference);
      expect(reply.body).not.toContain(other.person);
    }
    // Each in its own language, though rendered at the same time.
    expect(pages[0]!.body).toContain('<html lang="en-US"');
    expect(pages[1]!.body).toContain('<html lang="zh-CN"');
  });

  it('sends the plain page when the view misses its deadline', async () => {
    const member = await register(t.app, registrationForm({ username: uniqueEmail('late').toLowerCase() }));
    const cookie = `${PAGE_SESSION_COOKIE}=${member.body.data.token}`;
    const quotes = () => t.app.inject({ method: 'GET', url: '/quotes', headers: { cookie } });
    stalled = true;
    try {
      const late = await quotes();
      expect(late.statusCode).toBe(200);
      expect(late.body).not.toContain('id="server-state"');
      expect(late.headers['cache-control']).toBe('no-cache');
    } finally {
      stalled = false;
    }
    // The abandoned render ends on its own; the next page is rendered again.
    await new Promise((resolve) => setTimeout(resolve, STALL_MS));
    expect((await quotes()).body).toContain('id="server-state"');
  }, 60_000);
});
