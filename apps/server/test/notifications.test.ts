import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { BookingDetail, ListData, NotificationList, Role, StreamTicket } from '@freight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { people } from '../src/db/schema.js';
import { insertPerson } from '../src/modules/users/people-repo.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import { hashPassword } from '../src/platform/password.js';
import {
  contactBody,
  type Envelope,
  login,
  multipart,
  register,
  registrationForm,
  uniqueEmail,
  fclBookingBody,
} from './fixtures.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/platform/db.js';
import { call, createTestApp, describeEachDatabase, type TestApp, testDatabaseKinds } from './helpers.js';
import { openSse } from './sse-client.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
type Who = { token: string; companyId: number; personId: number };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The notification centre: who is told of what (both sides of a booking, each
 * person on their own, never a third company), read state per person, and the live event stream
 * (single-use tickets, events written by other requests, ended with the session).
 */
describeEachDatabase('notifications', (kind) => {
  let t: TestApp;
  let base = '';
  const ref: Record<string, number> = {};
  const who: Record<string, Who> = {};
  const contact: Record<string, number> = {};

  const api = <T = BookingDetail>(
    name: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    call<Envelope<T>>(t.app, {
      method,
      url,
      headers: { authorization: `Bearer ${who[name]?.token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = <T>(reply: { status: number; body: Envelope<T> }): T => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };
  const inbox = async (name: string, query = '') =>
    ok(await api<NotificationList>(name, 'GET', `/api/notifications?size=100${query}`));
  /** What `name` was told about one object, oldest first, as [kind, action, party]. */
  const toldAbout = async (name: string, objectId: number) =>
    (await inbox(name)).lists
      .filter((n) => n.object_id === objectId)
      .reverse()
      .map((n) => [n.kind, n.action, n.party]);

  async function addPerson(company: string, name: string, role: Role) {
    const email = uniqueEmail(name).toLowerCase();
    const companyId = who[company]?.companyId ?? 0;
    const person = await insertPerson(t.database.db, {
      companyId,
      email,
      passwordHash: await hashPassword('quay-lantern-42'),
      name: name.toUpperCase(),
      role,
    });
    const token = (await login(t.app, email, 'quay-lantern-42')).body.data.token;
    who[name] = { token, companyId, personId: person.id };
  }
  const booking = () =>
    fclBookingBody({
      ref,
      forwarderId: who.fwd?.companyId,
      shipperId: contact.shipper,
      consigneeId: contact.consignee,
    });
  const submitted = async (by = 'operator') => {
    const draft = ok(await api(by, 'POST', '/api/order/booking', booking()));
    ok(await api(by, 'POST', `/api/order/${draft.id}/submit`));
    return draft;
  };
  const ticket = async (name: string) =>
    ok(await api<StreamTicket>(name, 'POST', '/api/notifications/ticket')).ticket;
  const stream = async (name: string) =>
    openSse(`${base}/api/notifications/stream?ticket=${encodeURIComponent(await ticket(name))}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ref, {
      maersk: await id('carrier', 'MAEU'),
      sha: await id('port', 'CNSHA'),
      rtm: await id('port', 'NLRTM'),
      gp20: await id('container', '20GP'),
      ct: await id('unit', 'CT'),
    });
    for (const name of ['owner', 'other', 'fwd']) {
      const username = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username, company1: `${name.toUpperCase()} CO` }),
      );
      const companyId = reply.body.data.id;
      const [person] = await t.database.db.select().from(people).where(eq(people.companyId, companyId));
      who[name] = { token: reply.body.data.token, companyId, personId: person?.id ?? 0 };
      if (name === 'fwd')
        await changeAuthorities({ db: t.database.db, userId: companyId, grant: ['rate', 'quote_forwarder'] });
    }
    await addPerson('owner', 'operator', 'operator');
    await addPerson('owner', 'viewer', 'viewer');
    await addPerson('fwd', 'clerk', 'operator');
    for (const key of ['shipper', 'consignee'])
      contact[key] = ok(
        await api<{ id: number }>('owner', 'POST', '/api/customer/contact', contactBody(key, 'both')),
      ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('who is told', () => {
    it("tells both sides' people of each booking event, never the actor, never a third company", async () => {
      const draft = ok(await api('operator', 'POST', '/api/order/booking', booking()));
      const packing = multipart([
        { name: 'order_id', value: String(draft.id) },
        { name: 'document_type', value: 'packing_list' },
        { name: 'file', filename: 'packing.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const early = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        headers: { authorization: `Bearer ${who.operator?.token}`, ...packing.headers },
        payload: packing.payload,
      });
      expect(early.status, JSON.stringify(early.body)).toBe(200);
      // A draft is its company's own: a document added to it tells the colleagues only, never the forwarder.
      expect(await toldAbout('owner', draft.id)).toEqual([['document', 'create', 'member']]);
      expect(await toldAbout('fwd', draft.id)).toEqual([]);
      expect(await toldAbout('clerk', draft.id)).toEqual([]);
      ok(await api('operator', 'POST', `/api/order/${draft.id}/submit`));
      ok(await api('fwd', 'POST', `/api/forwarder/order/${draft.id}/accept`));
      ok(
        await api('clerk', 'POST', `/api/forwarder/order/${draft.id}/release`, {
          so_no: 'SO123456',
          vessel: 'MAERSK EINDHOVEN',
          voyage: '612W',
          etd: day(10),
          eta: day(40),
        }),
      );
      ok(
        await api('owner', 'PUT', `/api/order/shipment/${draft.id}`, {
          notify_party: 'SAME AS CONSIGNEE',
          marks: 'N/M',
          description: 'LAPTOP COMPUTERS',
          bl_type: 'telex',
          freight_term: 'prepaid',
          containers: [
            {
              container_id: ref.gp20,
              container_no: 'MSKU1234565',
              packages: 10,
              weight: '1000',
              vgm: '3200',
            },
          ],
        }),
      );
      const form = multipart([
        { name: 'order_id', value: String(draft.id) },
        { name: 'document_type', value: 'draft_bl' },
        { name: 'file', filename: 'bl-draft.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const upload = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        headers: { authorization: `Bearer ${who.fwd?.token}`, ...form.headers },
        payload: form.payload,
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      ok(await api('fwd', 'POST', `/api/forwarder/order/${draft.id}/ship`, { bl_no: 'MAEU123456789' }));

      const member = (action: string) => ['booking', action, 'member'];
      const forwarder = (action: string) => ['booking', action, 'forwarder'];
      // The member company's people: everything but their own acts, linked to their side.
      expect(await toldAbout('viewer', draft.id)).toEqual([
        ['document', 'create', 'member'],
        member('submit'),
        member('accept'),
        member('release'),
        member('request'),
        ['document', 'create', 'member'],
        member('ship'),
      ]);
      expect(await toldAbout('operator', draft.id)).toEqual([
        member('accept'),
        member('release'),
        member('request'),
        ['document', 'create', 'member'],
        member('ship'),
      ]);
      expect(await toldAbout('owner', draft.id)).toEqual([
        ['document', 'create', 'member'],
        member('submit'),
        member('accept'),
        member('release'),
        ['document', 'create', 'member'],
        member('ship'),
      ]);
      // The forwarder company's people, each without their own acts.
      expect(await toldAbout('fwd', draft.id)).toEqual([
        forwarder('submit'),
        forwarder('release'),
        forwarder('request'),
      ]);
      expect(await toldAbout('clerk', draft.id)).toEqual([
        forwarder('submit'),
        forwarder('accept'),
        forwarder('request'),
        ['document', 'create', 'forwarder'],
        forwarder('ship'),
      ]);
      // A third company hears of nothing.
      expect((await inbox('other')).total).toBe(0);
      const [told] = (await inbox('viewer')).lists;
      expect(told).toMatchObject({ label: draft.order_no, read: false, object_id: draft.id });
      const document = (await inbox('viewer')).lists.find((n) => n.kind === 'document');
      expect(document?.label).toBe(`${draft.order_no} · bl-draft.pdf`);
    });

    it('tells of a batch cancel and a void, once per booking', async () => {
      const one = await submitted();
      const two = await submitted();
      const three = await submitted();
      ok(
        await api<unknown>('owner', 'PUT', '/api/order/cancel', {
          ids: [one.id, two.id],
          reason: 'NO CARGO',
        }),
      );
      ok(await api('fwd', 'POST', `/api/forwarder/order/${three.id}/void`, { reason: 'NO SPACE' }));
      for (const [id, action] of [
        [one.id, 'cancel'],
        [two.id, 'cancel'],
        [three.id, 'void'],
      ] as const) {
        expect((await toldAbout('clerk', id)).at(-1)).toEqual(['booking', action, 'forwarder']);
        expect((await toldAbout('viewer', id)).at(-1)).toEqual(['booking', action, 'member']);
      }
      expect((await inbox('other')).total).toBe(0);
    });
  });

  it('tells the forwarder company’s people of an RFQ it received, by its route', async () => {
    const quote = ok(
      await api<{ id: number }>('fwd', 'POST', '/api/rate', {
        carrier_id: ref.maersk,
        pol_id: ref.sha,
        pod_id: ref.rtm,
        to_id: ref.rtm,
        sdate: day(-1),
        edate: day(30),
        spaces: [{ container_id: ref.gp20, price: '1200' }],
      }),
    );
    const rfq = ok(
      await api<{ id: number }>('operator', 'POST', '/api/system/send_rfq', {
        quote_id: quote.id,
        ready_date: day(3),
        description: 'LED LAMPS',
        booking_space: '2 x 40HQ',
        target_rate: 'US$2000',
        potential_vol: '10 x 40HQ / month',
        sales: 'BOB OPERATOR',
      }),
    );
    for (const name of ['fwd', 'clerk'])
      expect((await inbox(name)).lists.find((n) => n.kind === 'rfq' && n.object_id === rfq.id)).toMatchObject(
        {
          action: 'receive',
          label: '上海 → 鹿特丹',
          party: null,
        },
      );
    for (const name of ['owner', 'operator', 'other'])
      expect((await inbox(name)).lists.some((n) => n.kind === 'rfq')).toBe(false);
  });

  describe('read state', () => {
    it('is each person’s own: mark one, mark all, and another’s id answers 404', async () => {
      await api('viewer', 'PUT', '/api/notifications/read');
      await api('owner', 'PUT', '/api/notifications/read');
      const draft = await submitted();
      ok(await api('fwd', 'POST', `/api/forwarder/order/${draft.id}/accept`));
      const viewer = await inbox('viewer', '&unread=true');
      expect(viewer.unread).toBe(2);
      expect(viewer.lists.map((n) => n.action)).toEqual(['accept', 'submit']);
      const accept = viewer.lists[0]?.id ?? 0;

      expect(ok(await api<{ unread: number }>('viewer', 'PUT', `/api/notifications/${accept}/read`))).toEqual(
        {
          unread: 1,
        },
      );
      // Twice is fine; the count stays.
      expect(
        ok(await api<{ unread: number }>('viewer', 'PUT', `/api/notifications/${accept}/read`)).unread,
      ).toBe(1);
      expect((await inbox('viewer')).lists.find((n) => n.id === accept)?.read).toBe(true);
      // The owner's own copies of the same events are still unread.
      expect(ok(await api<{ unread: number }>('owner', 'GET', '/api/notifications/unread')).unread).toBe(2);

      // Someone else's notification: a colleague's, another company's, or none at all.
      for (const name of ['owner', 'other', 'clerk'])
        expect((await api(name, 'PUT', `/api/notifications/${accept}/read`)).status).toBe(404);
      expect((await api('viewer', 'PUT', '/api/notifications/2147483647/read')).status).toBe(404);

      expect(ok(await api<{ unread: number }>('viewer', 'PUT', '/api/notifications/read'))).toEqual({
        unread: 0,
      });
      expect((await inbox('viewer', '&unread=true')).total).toBe(0);
      expect(ok(await api<{ unread: number }>('owner', 'GET', '/api/notifications/unread')).unread).toBe(2);
    });
  });

  describe('the notification centre', () => {
    it('marks one unread again, for the person only, and tells their other tabs', async () => {
      ok(await api('viewer', 'PUT', '/api/notifications/read'));
      const draft = await submitted();
      const row = (await inbox('viewer')).lists.find((n) => n.object_id === draft.id);
      expect(row?.read).toBe(false);
      const id = row?.id ?? 0;
      ok(await api('viewer', 'PUT', `/api/notifications/${id}/read`));
      const tab = await stream('viewer');
      expect((await tab.next('ready')).data).toEqual({ unread: 0 });
      expect(ok(await api<{ unread: number }>('viewer', 'PUT', `/api/notifications/${id}/unread`))).toEqual({
        unread: 1,
      });
      expect((await tab.next('unread')).data).toEqual({ unread: 1, ids: [id] });
      expect((await inbox('viewer', '&unread=true')).lists.map((n) => n.id)).toEqual([id]);
      // Someone else's: a colleague's id, another company's person, or none at all.
      for (const name of ['owner', 'other', 'clerk'])
        expect((await api(name, 'PUT', `/api/notifications/${id}/unread`)).status).toBe(404);
      expect((await api('viewer', 'PUT', '/api/notifications/2147483647/unread')).status).toBe(404);
      tab.close();
    });

    it('pages and filters by booking number, unread, and only the person’s own', async () => {
      ok(await api('owner', 'PUT', '/api/notifications/read'));
      const first = await submitted();
      const second = await submitted();
      ok(await api('fwd', 'POST', `/api/forwarder/order/${first.id}/accept`));
      const form = multipart([
        { name: 'order_id', value: String(first.id) },
        { name: 'document_type', value: 'packing_list' },
        { name: 'file', filename: 'packing.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const upload = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        headers: { authorization: `Bearer ${who.operator?.token}`, ...form.headers },
        payload: form.payload,
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);

      // By its number (part of it, any case): its actions and its documents, newest first.
      const part = first.order_no.slice(-6).toLowerCase();
      const about = await inbox('owner', `&booking=${encodeURIComponent(part)}`);
      expect(about.lists.map((n) => [n.kind, n.action, n.object_id])).toEqual([
        ['document', 'create', first.id],
        ['booking', 'accept', first.id],
        ['booking', 'submit', first.id],
      ]);
      expect(about.total).toBe(3);
      const paged = ok(
        await api<NotificationList>(
          'owner',
          'GET',
          `/api/notifications?size=2&page=2&booking=${encodeURIComponent(first.order_no)}`,
        ),
      );
      expect(paged.lists.map((n) => n.action)).toEqual(['submit']);
      expect(paged.total).toBe(3);
      expect((await inbox('owner', `&booking=${second.order_no}`)).lists.map((n) => n.object_id)).toEqual([
        second.id,
      ]);
      // With the unread filter: what is left after one is read.
      const accept = about.lists[1]?.id ?? 0;
      ok(await api('owner', 'PUT', `/api/notifications/${accept}/read`));
      const unread = await inbox('owner', `&unread=true&booking=${first.order_no}`);
      expect(unread.lists.map((n) => n.action)).toEqual(['create', 'submit']);
      // Another company naming the booking finds nothing of the owner's.
      expect((await inbox('other', `&booking=${first.order_no}`)).total).toBe(0);
      // A wildcard is text, not a pattern.
      expect((await inbox('owner', '&booking=%25')).total).toBe(0);
      const tooLong = await api('owner', 'GET', `/api/notifications?booking=${'B'.repeat(31)}`);
      expect(tooLong.status).toBe(400);
      expect(JSON.stringify(tooLong.body)).toContain('booking');
    });
  });

  describe('the event stream', () => {
    it('opens only with a fresh ticket, once', async () => {
      expect((await call(t.app, { method: 'POST', url: '/api/notifications/ticket' })).status).toBe(401);
      const bogus = await openSse(`${base}/api/notifications/stream?ticket=nothing`);
      expect(bogus.status).toBe(401);
      const fresh = await ticket('owner');
      const first = await openSse(`${base}/api/notifications/stream?ticket=${fresh}`);
      expect(first.status).toBe(200);
      const again = await openSse(`${base}/api/notifications/stream?ticket=${fresh}`);
      expect(again.status).toBe(401);
      first.close();
    });

    it('delivers what another request writes, and the read state of other tabs', async () => {
      ok(await api('clerk', 'PUT', '/api/notifications/read'));
      const clerk = await stream('clerk');
      const other = await stream('other');
      expect((await clerk.next('ready')).data).toEqual({ unread: 0 });
      const draft = await submitted();
      const event = await clerk.next('notification');
      expect(event.data).toMatchObject({
        unread: 1,
        notification: {
          kind: 'booking',
          action: 'submit',
          object_id: draft.id,
          party: 'forwarder',
          read: false,
        },
      });
      const id = (event.data as { notification: { id: number } }).notification.id;
      ok(await api('clerk', 'PUT', `/api/notifications/${id}/read`));
      expect((await clerk.next('read')).data).toEqual({ unread: 0, ids: [id] });
      // The third company's stream heard nothing of it.
      await new Promise((wake) => setTimeout(wake, 200));
      expect(other.events.map((e) => e.event)).toEqual(['ready']);
      clerk.close();
      other.close();
    });

    it('ends when the session is revoked or the person removed, and caps streams per person', async () => {
      await addPerson('owner', 'leaver', 'operator');
      const byLogout = await stream('leaver');
      await byLogout.next('ready');
      ok(await api<unknown>('leaver', 'POST', '/api/system/logout'));
      await byLogout.ended;

      await addPerson('owner', 'removed', 'operator');
      const byRemoval = await stream('removed');
      await byRemoval.next('ready');
      ok(await api<unknown>('owner', 'DELETE', `/api/team/members/${who.removed?.personId}`));
      await byRemoval.ended;
      // Its last ticket no longer opens anything either.
      expect((await api('removed', 'POST', '/api/notifications/ticket')).status).toBe(401);

      const tabs = [];
      for (let i = 0; i < 6; i++) tabs.push(await stream('viewer'));
      await tabs[0]?.ended;
      expect(t.app.notificationStreams.count()).toBe(5);
      for (const tab of tabs) tab.close();
    });

    it('ends every stream when the app closes', async () => {
      const open = await stream('owner');
      await open.next('ready');
      const closing = t.app.close();
      await open.ended;
      await closing;
    });
  });
});

/*
 * Several instances: two apps on one PostgreSQL database, sharing Redis. A ticket
 * fetched from one opens a stream on the other, and an event written through one reaches a stream
 * held by the other. Runs where CI gives both (TEST_DATABASE_URL and TEST_REDIS_URL).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl && testDatabaseKinds().includes('postgres'))
  describe('notifications across instances [postgres + redis]', () => {
    let one: TestApp;
    let two: FastifyInstance;
    let base = '';
    beforeAll(async () => {
      one = await createTestApp('postgres', { env: { REDIS_URL: redisUrl } });
      two = await buildApp({
        config: { ...one.config, dataDir: `${one.config.dataDir}-two` },
        database: await openDatabase({ databaseUrl: one.database.url, poolSize: 2 }),
        logger: false,
      });
      await two.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(two.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await two.close();
      await two.deps.database.close();
      await one.close();
    });

    it('carries an event written on one instance to a stream held by the other', async () => {
      const member = await register(
        one.app,
        registrationForm({ username: uniqueEmail('one').toLowerCase() }),
      );
      const forwarder = await register(
        one.app,
        registrationForm({ username: uniqueEmail('two').toLowerCase() }),
      );
      await changeAuthorities({
        db: one.database.db,
        userId: forwarder.body.data.id,
        grant: ['rate', 'quote_forwarder'],
      });
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      // The ticket comes from instance one; the stream is held by instance two.
      const ticket = await call<Envelope<StreamTicket>>(one.app, {
        method: 'POST',
        url: '/api/notifications/ticket',
        headers: bearer(forwarder.body.data.token),
      });
      const stream = await openSse(`${base}/api/notifications/stream?ticket=${ticket.body.data.ticket}`);
      expect(stream.status).toBe(200);
      await stream.next('ready');

      const id = async (list: string, code: string) =>
        (
          await call<Ref>(one.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })
        ).body.data.lists.find((i) => i.code === code)?.id ?? 0;
      const contactId = (
        await call<Envelope<{ id: number }>>(one.app, {
          method: 'POST',
          url: '/api/customer/contact',
          headers: bearer(member.body.data.token),
          payload: {
            type: 'both',
            company1: 'SHIPPER TRADING CO., LTD',
            linkman: 'WANG FANG',
            address1: 'NO. 1 HARBOUR ROAD',
            city: 'NINGBO',
            country_id: 1,
            phone: '+8657487000001',
          },
        })
      ).body.data.id;
      const created = await call<Envelope<BookingDetail>>(one.app, {
        method: 'POST',
        url: '/api/order/booking?submit=true',
        headers: bearer(member.body.data.token),
        payload: {
          container_mode: 1,
          forwarder_id: forwarder.body.data.id,
          shipper_id: contactId,
          consignee_id: contactId,
          ready_date: day(3),
          incoterm: 'FOB',
          pol_id: await id('port', 'CNSHA'),
          pod_id: await id('port', 'NLRTM'),
          to_id: await id('port', 'NLRTM'),
          carrier_id: await id('carrier', 'MAEU'),
          containers: [
            {
              container_id: await id('container', '20GP'),
              quantity: 1,
              hs_code: '847130',
              description: 'LAPTOP COMPUTERS',
              packages: 10,
              unit_id: await id('unit', 'CT'),
              weight: '1000',
              volume: '10',
            },
          ],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const event = await stream.next('notification');
      expect(event.data).toMatchObject({
        unread: 1,
        notification: {
          kind: 'booking',
          action: 'submit',
          object_id: created.body.data.id,
          party: 'forwarder',
        },
      });

      // Signing out on instance one ends the stream on instance two.
      await call(one.app, {
        method: 'POST',
        url: '/api/system/logout',
        headers: bearer(forwarder.body.data.token),
      });
      await stream.ended;
    });
  });
