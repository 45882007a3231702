import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSession } from '../src/modules/auth/sessions.js';
import { captcha, TEST_CAPTCHA } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import {
  type Body,
  bodyInjectOptions,
  buildWorld,
  caseCount,
  check,
  describeRequest,
  expectSafeReply,
  fingerprinter,
  hostileAuthorization,
  hostileBody,
  hostileId,
  hostileLang,
  hostileQuery,
  recordRoutes,
  type RouteKey,
  statusCounter,
  UPLOAD_ROUTES,
  withinBudget,
  type World,
  writeRoutes,
} from './hostile.js';

/**
 * Hostile input: every write endpoint under /api gets 200 random (50 outside `npm run test:full`) and adversarial
 * requests as a member holding every authority (so they reach validation and the handlers), plus a
 * few anonymous ones. Each reply must be 2xx or 4xx with the error envelope, never 5xx, and a
 * refused request must leave the database exactly as it was.
 */

const RUNS = caseCount(200);
const ANONYMOUS_RUNS = caseCount(20);

/** How to aim hostile requests at one route: a valid body to mutate and the ids worth hitting. */
type Target = {
  /** A valid body (undefined: the route takes none). */
  valid?: (world: World) => unknown;
  /** Ids for `:id` (besides hostile ones): the member's own in the right state, and others'. */
  ids?: (world: World) => (number | string)[];
  /** Who calls: root's session (default), a fresh root session per case (logout), or nobody (public routes). */
  session?: 'root' | 'fresh' | 'public';
  /** Per request, the text that replaces FRESH_CAPTCHA in the body (a live captcha, so logins get past it). */
  fresh?: (app: TestApp['app']) => Promise<string>;
};

const FRESH_CAPTCHA = 'fresh-captcha-id';

const ownBooking0 = (w: World) => [...w.bookings.own[0], w.bookings.received[0][0] ?? 0, w.bookings.stranger];
const received = (w: World, status: 0 | 1 | 2 | 3) => [
  ...w.bookings.received[status],
  w.bookings.own[0][0] ?? 0,
  w.bookings.stranger,
];

/**
 * One entry per write route of the app, in the order the properties run (destructive ones last).
 * The first test fails when the app has a write route that is missing here.
 */
const TARGETS: Record<RouteKey, Target> = {
  'POST /api/system/login': {
    session: 'public',
    valid: (w) => ({
      username: w.root.username,
      password: 'wrong-password',
      captcha_id: FRESH_CAPTCHA,
      captcha: TEST_CAPTCHA,
    }),
    fresh: captcha,
  },
  'POST /api/system/password': {
    session: 'public',
    valid: (w) => ({ username: w.root.username, vcode: '123456', password: 'quay-lantern-42' }),
  },
  'POST /api/userinfo': {
    session: 'public',
    valid: (w) => ({ ...w.validProfile(), username: 'new-member@example.com', password: 'quay-lantern-42' }),
  },
  'PUT /api/userinfo': { valid: (w) => w.validProfile() },
  'POST /api/customer/contact': { valid: (w) => w.validContact() },
  'PUT /api/customer/contact/:id': {
    valid: (w) => w.validContact(),
    ids: (w) => [w.contacts.editable, w.contacts.partners],
  },
  'POST /api/customer/contact/import': { valid: () => ({ file: 'contacts.xlsx' }) },
  'POST /api/rate': { valid: (w) => w.validRate() },
  'PUT /api/rate/:id': { valid: (w) => w.validRate(), ids: (w) => [w.rates.editable, w.rates.partners] },
  'POST /api/rate/import': { valid: () => ({ file: 'rates.xlsx' }) },
  'POST /api/quote/estimate': {
    valid: (w) => ({ quote_id: w.rates.quote, items: [{ container_id: w.ref.gp20, quantity: 2 }] }),
  },
  'POST /api/system/send_rfq': {
    valid: (w) => ({
      quote_id: w.rates.quote,
      pol: 'Shanghai',
      pod: 'Rotterdam',
      to: 'Rotterdam',
      carrier: 'Maersk',
      forwarder: 'PARTNER CO',
      rate: '20GP US$1,200',
      ready_date: w.day(5),
      description: 'Furniture',
      booking_space: '2 x 20GP',
      target_rate: 'US$1,100',
      potential_vol: '10 TEU a month',
      sales: 'Li Ming',
    }),
  },
  'PUT /api/forwarder/rfq/:id/status': {
    valid: () => ({ status: 'quoted' }),
    ids: (w) => [...w.rfqs.received, ...w.rfqs.sent],
  },
  'PUT /api/forwarder/rfq/:id/answer': {
    valid: (w) => ({
      prices: [{ container_id: w.ref.gp20, price: '1150' }],
      valid_until: w.day(20),
      remarks: 'ALL IN',
    }),
    ids: (w) => [...w.rfqs.received, ...w.rfqs.sent],
  },
  'POST /api/order/booking': { valid: (w) => w.validBooking() },
  'PUT /api/order/booking/:id': { valid: (w) => w.validBooking(), ids: ownBooking0 },
  'POST /api/order/:id/copy': { ids: ownBooking0 },
  'POST /api/attachment': { valid: () => ({ order_id: 1, document_type: 'other' }) },
  'POST /api/forwarder/order/:id/accept': { ids: (w) => [...received(w, 1), ...received(w, 0)] },
  'POST /api/forwarder/order/:id/release': { valid: (w) => w.validRelease(), ids: (w) => received(w, 1) },
  'PUT /api/order/shipment/:id': {
    valid: (w) => w.validShipment(),
    ids: (w) => [...w.bookings.own[2], w.bookings.received[2][0] ?? 0, w.bookings.stranger],
  },
  'POST /api/forwarder/order/:id/confirm-si': {
    valid: () => ({ reason: 'SI BY E-MAIL' }),
    ids: (w) => received(w, 2),
  },
  'POST /api/forwarder/order/:id/ship': {
    valid: () => ({ bl_no: 'MAEU123456789' }),
    ids: (w) => received(w, 3),
  },
  'POST /api/forwarder/order/:id/void': { valid: () => ({ reason: 'NO SPACE' }), ids: (w) => received(w, 1) },
  'POST /api/order/:id/submit': { ids: ownBooking0 },
  'POST /api/order/:id/cancel': {
    valid: () => ({ reason: 'CHANGED PLANS' }),
    ids: (w) => [...w.bookings.own[1], ...ownBooking0(w)],
  },
  'PUT /api/order/cancel': {
    valid: (w) => ({ ids: [w.bookings.own[1][1] ?? 0], reason: 'CHANGED PLANS' }),
  },
  'DELETE /api/document/:id': { ids: (w) => [...w.documents.own, ...w.documents.partners] },
  'DELETE /api/attachment/:id': {
    ids: (w) => [...w.attachments.own, ...w.attachments.partners, w.documents.own[0] ?? 0],
  },
  'DELETE /api/order/:id': { ids: ownBooking0 },
  'DELETE /api/customer/contact': { valid: (w) => ({ ids: [w.contacts.disposable[0]] }) },
  'DELETE /api/rate': { valid: (w) => [w.rates.disposable[0]] },
  // The team. Root is the company's only owner: changing or removing itself is refused,
  // and the partner's person is another company's (404), so no run leaves root without its role.
  'POST /api/team/invitations': { valid: () => ({ email: 'invitee@example.com', role: 'viewer' }) },
  'POST /api/team/invitations/:id/resend': { ids: () => [1, 2, 3] },
  'DELETE /api/team/invitations/:id': { ids: () => [1, 2, 3] },
  'PUT /api/team/members/:id/role': {
    valid: () => ({ role: 'viewer' }),
    ids: (w) => [w.root.personId, w.partner.personId],
  },
  'DELETE /api/team/members/:id': { ids: (w) => [w.root.personId, w.partner.personId] },
  'POST /api/team/transfer': { valid: (w) => ({ person_id: w.partner.personId }) },
  'PUT /api/me': { valid: () => ({ name: 'ROOT PERSON', language: 'en-US' }) },
  'PUT /api/me/password': {
    valid: () => ({ current_password: 'not-the-password', password: 'a new secret 123' }),
  },
  'POST /api/invitations/accept': {
    session: 'public',
    valid: () => ({ mode: 'new', token: 'A'.repeat(43), name: 'JOINER', password: 'joiner secret 123' }),
  },
  // The notification centre: the person's own; anyone else's id answers 404.
  'PUT /api/notifications/:id/read': { ids: () => [1, 2, 3] },
  'PUT /api/notifications/:id/unread': { ids: () => [1, 2, 3] },
  'PUT /api/notifications/read': {},
  'POST /api/notifications/ticket': {},
  // Webhooks: ids 1 to 3 are root's endpoints once the valid bodies made them.
  'POST /api/webhooks': { valid: () => ({ url: 'http://127.0.0.1:9/hook', events: ['booking.submit'] }) },
  'PUT /api/webhooks/:id': {
    valid: () => ({
      url: 'http://127.0.0.1:9/hook',
      events: ['booking.submit', 'booking.cancel'],
      enabled: false,
    }),
    ids: () => [1, 2, 3],
  },
  'POST /api/webhooks/:id/secret': { ids: () => [1, 2, 3] },
  'POST /api/webhooks/:id/test': { ids: () => [1, 2, 3] },
  'DELETE /api/webhooks/:id': { ids: () => [1, 2, 3] },
  // E-mail preferences: the person's own; unsubscribe is public and needs a signed token.
  'PUT /api/me/mail-preferences': { valid: () => ({ ship: 'digest', release: 'off' }) },
  'POST /api/unsubscribe': { session: 'public' },
  'POST /api/unsubscribe/undo': { session: 'public' },
  'POST /api/system/logout': { session: 'fresh' },
};

type Case = { id: string; body: Body; lang: string | undefined; query: string; address: string };

describeEachDatabase('hostile input on every write endpoint', (kind) => {
  let t: TestApp;
  let world: World;
  let routes: ReturnType<typeof recordRoutes>;
  let fingerprint: Awaited<ReturnType<typeof fingerprinter>>;
  let last: string;
  let referenceData: string;

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      // The outboxes are written but not sent: a sender's updates would change the fingerprints.
      t = await createTestApp(kind, {
        env: {
          RATE_LIMIT_PER_MINUTE: '0',
          WEBHOOKS_ALLOW_PRIVATE: 'true',
          WEBHOOK_WORKER: 'false',
          MAIL_WORKER: 'false',
        },
      });
    } finally {
      recorder.stop();
    }
    routes = recorder;
    world = await buildWorld(t);
    fingerprint = await fingerprinter(t.database.db);
    last = await fingerprint.written();
    referenceData = await fingerprint.others();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a hostile-input target for every write route of the app', () => {
    const writes = writeRoutes(routes.routes);
    expect(writes.length).toBeGreaterThan(20);
    expect(writes).toEqual(Object.keys(TARGETS).sort());
    // Every route that takes multipart forms gets hostile uploads too (hostile-uploads.test.ts).
    for (const upload of UPLOAD_ROUTES) expect(writes).toContain(upload);
    expect(routes.multipart.size).toBeGreaterThan(0);
    for (const route of routes.multipart) expect(UPLOAD_ROUTES as readonly string[]).toContain(route);
  });

  it('throttles and resets a 254-character e-mail address like any other', async () => {
    const username = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(username).toHaveLength(254);
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: {
        username,
        password: 'quay-lantern-42',
        captcha_id: await captcha(t.app),
        captcha: TEST_CAPTCHA,
      },
    });
    expect(login.status).toBe(400);
    const forget = await call(t.app, {
      method: 'GET',
      url: `/api/system/forget?username=${encodeURIComponent(username)}`,
    });
    expect(forget.status).toBe(200);
  });

  /** Sends one hostile request and checks the reply and, when refused, the database. */
  async function attack(
    route: RouteKey,
    input: Case,
    authorization: string | undefined,
    stats: ReturnType<typeof statusCounter>,
  ) {
    const [method, pattern] = route.split(' ') as [string, string];
    const url = `${pattern.replace(':id', input.id)}${input.query}`;
    const body = bodyInjectOptions(input.body);
    const fresh = TARGETS[route]?.fresh;
    if (fresh && typeof body.payload === 'string' && body.payload.includes(FRESH_CAPTCHA))
      body.payload = body.payload.replaceAll(FRESH_CAPTCHA, await fresh(t.app));
    const headers: Record<string, string> = { ...body.headers };
    if (authorization !== undefined) headers.authorization = authorization;
    if (input.lang !== undefined) headers.lang = input.lang;
    const context = `${describeRequest({ method, url, payload: body.payload, headers })} from ${input.address}`;
    const response = await withinBudget(
      t.app.inject({
        method: method as 'POST',
        url,
        headers,
        remoteAddress: input.address,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      }),
      () => context,
    );
    stats.add(response);
    expectSafeReply(response, context);
    const after = await fingerprint.written();
    if (response.statusCode >= 400)
      expect(after, `database changed by a refused request (${response.statusCode}): ${context}`).toBe(last);
    last = after;
  }

  for (const [route, target] of Object.entries(TARGETS) as [RouteKey, Target][]) {
    it(`${route}: ${RUNS} hostile requests as a member, ${ANONYMOUS_RUNS} anonymous`, async () => {
      const cases = (valid: unknown): fc.Arbitrary<Case> =>
        fc.record({
          id: hostileId(target.ids?.(world) ?? []),
          body: hostileBody(valid),
          lang: hostileLang,
          query: hostileQuery,
          // A few client addresses, so that per-address login throttles do not end every attempt.
          address: fc.constantFrom('127.0.0.1', '10.0.0.1', '10.0.0.2', '2001:db8::1'),
        });
      const valid = target.valid?.(world);
      const stats = statusCounter(route);
      last = await fingerprint.written();
      const session = target.session ?? 'root';
      await check(
        route,
        cases(valid),
        async (input) => {
          let authorization: string | undefined;
          if (session === 'root') authorization = `Bearer ${world.root.token}`;
          if (session === 'fresh')
            authorization = `Bearer ${await startSession({ db: t.database.db, config: t.config, personId: world.root.personId })}`;
          await attack(route, input, authorization, stats);
        },
        RUNS,
      );
      await check(
        `${route} (anonymous)`,
        fc.tuple(cases(valid), hostileAuthorization),
        async ([input, authorization]) => attack(route, input, authorization, stats),
        ANONYMOUS_RUNS,
      );
      stats.print();
      expect(await fingerprint.others(), 'reference data (or an unlisted table) changed').toBe(referenceData);
    });
  }
});
