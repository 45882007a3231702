import {
  type ActivityReply,
  type ActivityRow,
  type BookingDetail,
  DEFAULT_TIME_ZONE,
  type ListData,
  type Role,
  zonedDate,
} from '@freight/contract';
import { activity } from '../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson } from '../src/modules/users/people-repo.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import { hashPassword } from '../src/platform/password.js';
import {
  contactBody as bookContact,
  type Envelope,
  login,
  multipart,
  register,
  registrationForm,
  uniqueEmail,
} from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { readXlsx, xlsx } from './sheets.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
/** A day of the portal's zone (Asia/Shanghai by default), `offset` days from today there. */
const day = (offset: number) => zonedDate(new Date(Date.now() + offset * 86_400_000), DEFAULT_TIME_ZONE);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * The company activity trail: every change of a booking, document, contact,
 * rate and the company profile is recorded with who, when, what and the changed fields, in the
 * transaction of the change; owners and admins read it (filtered, paged, exported).
 */
describeEachDatabase('activity trail', (kind) => {
  let t: TestApp;
  const ref: Record<string, number> = {};
  /** who signs in: a company's owner (registered) or another person of it */
  const who: Record<string, { token: string; companyId: number; personId: number; name: string }> = {};
  const contact: Record<string, number> = {};

  const api = <T = BookingDetail>(
    name: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang?: 'cn' | 'en',
  ) =>
    call<Envelope<T>>(t.app, {
      method,
      url,
      headers: { authorization: `Bearer ${who[name]?.token}` },
      ...(payload === undefined ? {} : { payload }),
      ...(lang ? { lang } : {}),
    });
  const trail = async (name: string, query = '') => {
    const reply = await api<ActivityReply>(name, 'GET', `/api/activity?page_size=100${query}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };
  /** The newest row of `name`'s company trail. */
  const latest = async (name: string): Promise<ActivityRow | undefined> => (await trail(name)).list[0];
  const ok = <T>(reply: { status: number; body: Envelope<T> }): T => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };

  /** Another person of `company`, signed in with `role`. */
  async function addPerson(company: string, name: string, personName: string, role: Role) {
    const email = uniqueEmail(name).toLowerCase();
    const companyId = who[company]?.companyId ?? 0;
    const person = await insertPerson(t.database.db, {
      companyId,
      email,
      passwordHash: await hashPassword('quay-lantern-42'),
      name: personName,
      role,
    });
    const token = (await login(t.app, email, 'quay-lantern-42')).body.data.token;
    who[name] = { token, companyId, personId: person.id, name: personName };
  }

  const contactBody = (key: string, overrides: object = {}) => ({
    ...bookContact(key, 'both'),
    ...overrides,
  });
  const booking = (overrides: object = {}) => ({
    container_mode: 1,
    forwarder_id: who.fwd?.companyId,
    shipper_id: contact.shipper,
    consignee_id: contact.consignee,
    cust_ref_no: 'PO-2026-001',
    ready_date: day(3),
    incoterm: 'FOB',
    place_of_receipt: 'NINGBO FACTORY',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maersk,
    remark: 'EARLY SPACE PLEASE',
    containers: [
      {
        container_id: ref.gp20,
        quantity: 1,
        hs_code: '847130',
        description: 'LAPTOP COMPUTERS',
        packages: 10,
        unit_id: ref.ct,
        weight: '1000',
        volume: '10',
      },
    ],
    ...overrides,
  });
  const rate = (overrides: object = {}) => ({
    carrier_id: ref.maersk,
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    sdate: day(-1),
    edate: day(30),
    spaces: [{ container_id: ref.gp20, price: '1200' }],
    ...overrides,
  });
  const release = {
    so_no: 'SO123456',
    vessel: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: day(10),
    eta: day(40),
  };
  const fwd = (id: number, action: string, payload?: object) =>
    api('fwd', 'POST', `/api/forwarder/order/${id}/${action}`, payload);

  beforeAll(async () => {
    t = await createTestApp(kind);
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
    for (const [name, linkman] of [
      ['owner', 'Alice Owner'],
      ['other', 'Oscar Other'],
      ['fwd', 'Fred Forwarder'],
    ] as const) {
      const username = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username, linkman, company1: `${name.toUpperCase()} CO` }),
      );
      const companyId = reply.body.data.id;
      who[name] = { token: reply.body.data.token, companyId, personId: 0, name: linkman };
      if (name === 'fwd')
        await changeAuthorities({ db: t.database.db, userId: companyId, grant: ['rate', 'quote_forwarder'] });
    }
    await addPerson('owner', 'operator', 'Bob Operator', 'operator');
    await addPerson('owner', 'viewer', 'Vera Viewer', 'viewer');
    await addPerson('owner', 'admin', 'Ada Admin', 'admin');
    for (const key of ['shipper', 'consignee'])
      contact[key] = ok(
        await api<{ id: number }>('owner', 'POST', '/api/customer/contact', contactBody(key)),
      ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('what is recorded', () => {
    it('records contacts: create, update with exactly the changed fields, delete and import', async () => {
      const created = ok(
        await api<{ id: number }>('operator', 'POST', '/api/customer/contact', contactBody('trail')),
      );
      const row = await latest('owner');
      expect(row).toMatchObject({
        person: 'Bob Operator',
        person_id: who.operator?.personId,
        kind: 'contact',
        action: 'create',
        object_id: created.id,
        label: 'TRAIL TRADING CO., LTD · WANG FANG',
        fields: [],
      });
      expect(Math.abs(Date.parse(row?.at ?? '') - Date.now())).toBeLessThan(60_000);

      ok(
        await api('operator', 'PUT', `/api/customer/contact/${created.id}`, {
          ...contactBody('trail'),
          city: 'SHANGHAI',
          phone: '+8621000000',
        }),
      );
      expect(await latest('owner')).toMatchObject({
        kind: 'contact',
        action: 'update',
        object_id: created.id,
        fields: ['city', 'phone'],
      });
      // Saving the same values changes nothing, and records nothing.
      const before = (await trail('owner')).total;
      ok(
        await api('operator', 'PUT', `/api/customer/contact/${created.id}`, {
          ...contactBody('trail'),
          city: 'SHANGHAI',
          phone: '+8621000000',
        }),
      );
      expect((await trail('owner')).total).toBe(before);

      ok(await api('operator', 'DELETE', '/api/customer/contact', [created.id]));
      expect(await latest('owner')).toMatchObject({
        kind: 'contact',
        action: 'delete',
        object_id: created.id,
        label: 'TRAIL TRADING CO., LTD · WANG FANG',
      });

      const csv = [
        'type,company1,linkman,address1,city,country_id,phone',
        'both,IMPORTED CO.,LI LEI,NO. 2 ROAD,NINGBO,CN,+86574000',
      ].join('\r\n');
      const form = multipart([
        { name: 'file', filename: 'book.csv', contentType: 'text/csv', data: Buffer.from(csv) },
      ]);
      const imported = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/customer/contact/import',
        headers: { authorization: `Bearer ${who.owner?.token}`, ...form.headers },
        payload: form.payload,
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(await latest('owner')).toMatchObject({
        person: 'Alice Owner',
        kind: 'contact',
        action: 'import',
        object_id: null,
        label: 'book.csv',
      });
    });

    it('records every booking action, with the changed fields of an edit, and the timeline names the person', async () => {
      const draft = ok(await api('operator', 'POST', '/api/order/booking', booking()));
      expect(await latest('owner')).toMatchObject({
        person: 'Bob Operator',
        kind: 'booking',
        action: 'create',
        object_id: draft.id,
        label: draft.order_no,
      });
      ok(
        await api('owner', 'PUT', `/api/order/booking/${draft.id}`, {
          ...booking(),
          remark: 'ANY SPACE',
          ready_date: day(4),
          containers: [{ ...booking().containers[0], packages: 12 }],
        }),
      );
      expect(await latest('owner')).toMatchObject({
        person: 'Alice Owner',
        action: 'update',
        object_id: draft.id,
        fields: ['ready_date', 'remark', 'containers'],
      });
      ok(await api('operator', 'POST', `/api/order/${draft.id}/submit`));
      ok(await fwd(draft.id, 'accept'));
      ok(await fwd(draft.id, 'release', release));
      const si = {
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
      };
      ok(await api('owner', 'PUT', `/api/order/shipment/${draft.id}`, si));
      const shipped = ok(await fwd(draft.id, 'ship', { bl_no: 'MAEU123456789' }));

      const mine = (await trail('owner', '&kind=booking')).list.filter((r) => r.object_id === draft.id);
      expect(mine.map((r) => [r.action, r.person])).toEqual([
        ['request', 'Alice Owner'],
        ['submit', 'Bob Operator'],
        ['update', 'Alice Owner'],
        ['create', 'Bob Operator'],
      ]);
      // The forwarder's actions are in the forwarder's own trail, under its person.
      expect(mine.every((r) => r.booking_party === 'member')).toBe(true);
      const theirs = (await trail('fwd', '&kind=booking')).list.filter((r) => r.object_id === draft.id);
      expect(theirs.map((r) => [r.action, r.person, r.label])).toEqual([
        ['ship', 'Fred Forwarder', draft.order_no],
        ['release', 'Fred Forwarder', draft.order_no],
        ['accept', 'Fred Forwarder', draft.order_no],
      ]);
      expect(theirs.every((r) => r.booking_party === 'forwarder')).toBe(true);
      // The timeline names the person of each side.
      expect(shipped.history.map((h) => [h.action, h.person_name])).toEqual([
        ['create', 'Bob Operator'],
        ['submit', 'Bob Operator'],
        ['accept', 'Fred Forwarder'],
        ['release', 'Fred Forwarder'],
        ['submit_si', 'Alice Owner'],
        ['ship', 'Fred Forwarder'],
      ]);

      // confirm and void (the forwarder), cancel, copy and delete (the member).
      const second = ok(await api('owner', 'POST', '/api/order/booking?submit=true', booking()));
      ok(await fwd(second.id, 'release', release));
      ok(await fwd(second.id, 'confirm-si', { reason: 'BY MAIL' }));
      ok(await fwd(second.id, 'void', { reason: 'NO SPACE' }));
      expect((await trail('fwd')).list.slice(0, 3).map((r) => [r.action, r.object_id])).toEqual([
        ['void', second.id],
        ['confirm', second.id],
        ['release', second.id],
      ]);
      const third = ok(await api('owner', 'POST', '/api/order/booking?submit=true', booking()));
      ok(await api('owner', 'POST', `/api/order/${third.id}/cancel`, { reason: 'NOT NEEDED' }));
      const copy = ok(await api('owner', 'POST', `/api/order/${third.id}/copy`));
      ok(await api<{ deleted: number }>('owner', 'DELETE', `/api/order/${copy.id}`));
      expect((await trail('owner')).list.slice(0, 5).map((r) => [r.action, r.object_id])).toEqual([
        ['delete', copy.id],
        ['copy', copy.id],
        ['cancel', third.id],
        ['submit', third.id],
        ['create', third.id],
      ]);
      // A deleted booking is no longer linked.
      expect((await latest('owner'))?.booking_party).toBeNull();
    });

    it('records booking documents: upload and delete, linked to their booking', async () => {
      const draft = ok(await api('owner', 'POST', '/api/order/booking', booking()));
      const form = multipart([
        { name: 'order_id', value: String(draft.id) },
        { name: 'document_type', value: 'packing_list' },
        { name: 'file', filename: 'packing.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const uploaded = await call<Envelope<{ file: { id: number } }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        headers: { authorization: `Bearer ${who.operator?.token}`, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      expect(await latest('owner')).toMatchObject({
        person: 'Bob Operator',
        kind: 'document',
        action: 'create',
        object_id: draft.id,
        label: `${draft.order_no} · packing.pdf`,
      });
      ok(await api('operator', 'DELETE', `/api/document/${uploaded.body.data.file.id}`));
      expect(await latest('owner')).toMatchObject({
        kind: 'document',
        action: 'delete',
        object_id: draft.id,
      });
    });

    it('records rates: create, update with the changed fields, delete and import', async () => {
      const created = ok(await api<{ id: number }>('fwd', 'POST', '/api/rate', rate()));
      expect(await latest('fwd')).toMatchObject({
        kind: 'rate',
        action: 'create',
        object_id: created.id,
        label: 'CNSHA → NLRTM',
      });
      ok(
        await api('fwd', 'PUT', `/api/rate/${created.id}`, {
          ...rate(),
          remark: 'NEW',
          spaces: [{ container_id: ref.gp20, price: '1300' }],
        }),
      );
      expect(await latest('fwd')).toMatchObject({ action: 'update', fields: ['remark', 'spaces'] });
      // The same prices written differently (1300 and 1300.00) are no change.
      ok(
        await api('fwd', 'PUT', `/api/rate/${created.id}`, {
          ...rate(),
          remark: 'NEW',
          sdate: day(0),
          spaces: [{ container_id: ref.gp20, price: '1300.00' }],
        }),
      );
      expect(await latest('fwd')).toMatchObject({ action: 'update', fields: ['sdate'] });
      ok(await api('fwd', 'DELETE', '/api/rate', [created.id]));
      expect(await latest('fwd')).toMatchObject({
        action: 'delete',
        object_id: created.id,
        label: 'CNSHA → NLRTM',
      });

      const template = readXlsx(
        (await t.app.inject({ method: 'GET', url: '/api/rate/template?lang=en' })).rawPayload,
      );
      const headers = (template.rows('Rates')[0] as string[]).slice(0, 11);
      const form = multipart([
        {
          name: 'file',
          filename: 'rates.xlsx',
          contentType: 'application/octet-stream',
          data: xlsx([headers, ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', 'IMP', 999]]),
        },
      ]);
      const imported = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/rate/import',
        headers: { authorization: `Bearer ${who.fwd?.token}`, ...form.headers },
        payload: form.payload,
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(await latest('fwd')).toMatchObject({
        action: 'import',
        label: 'rates.xlsx',
        person: 'Fred Forwarder',
      });
    });

    it('records the company profile with its changed fields (a password is not the company’s)', async () => {
      const info = ok(await api<Record<string, unknown>>('admin', 'GET', '/api/userinfo'));
      const update = {
        linkman: 'Li Lei',
        phone: info.phone,
        company1: info.company1,
        company2: info.company2,
        address1: info.address1,
        city: 'Hangzhou',
        country_id: info.country_id,
      };
      ok(await api('admin', 'PUT', '/api/userinfo', update));
      expect(await latest('owner')).toMatchObject({
        person: 'Ada Admin',
        kind: 'company',
        action: 'update',
        object_id: who.owner?.companyId,
        label: 'OWNER CO',
        fields: ['linkman', 'city'],
      });
    });
  });

  describe('the same transaction', () => {
    it('leaves no trail of a refused transition, a failing import or a refused batch', async () => {
      const { total } = await trail('owner');
      const draft = ok(await api('owner', 'POST', '/api/order/booking', booking()));
      const afterCreate = (await trail('owner')).total;
      expect(afterCreate).toBe(total + 1);
      // A draft cannot be cancelled (409): nothing recorded.
      expect((await api('owner', 'POST', `/api/order/${draft.id}/cancel`, { reason: 'X' })).status).toBe(409);
      // A sheet with a bad row is refused whole (422): nothing recorded.
      const form = multipart([
        {
          name: 'file',
          filename: 'bad.csv',
          contentType: 'text/csv',
          data: Buffer.from('company1,linkman,address1,city,country_id,phone\nBAD CO.,LI,ROAD,CITY,XX,+86\n'),
        },
      ]);
      const badImport = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/customer/contact/import',
        headers: { authorization: `Bearer ${who.owner?.token}`, ...form.headers },
        payload: form.payload,
      });
      expect(badImport.status).toBe(422);
      // A batch naming another company's contact is refused after its own rows were deleted and
      // recorded: the rollback takes the trail with the deletes.
      const mine = ok(
        await api<{ id: number }>('owner', 'POST', '/api/customer/contact', contactBody('keep')),
      );
      const theirs = ok(
        await api<{ id: number }>('other', 'POST', '/api/customer/contact', contactBody('theirs')),
      );
      const afterContact = (await trail('owner')).total;
      const batch = await api('owner', 'DELETE', '/api/customer/contact', [mine.id, theirs.id]);
      expect(batch.status).toBe(404);
      expect((await api('owner', 'GET', `/api/customer/contact/${mine.id}`)).status).toBe(200);
      expect((await trail('owner')).total).toBe(afterContact);
      expect(
        (await trail('owner')).list.some(
          (r) => r.kind === 'contact' && r.action === 'delete' && r.object_id === mine.id,
        ),
      ).toBe(false);
    });
  });

  describe('reading the trail', () => {
    it('is scoped to the company', async () => {
      const theirs = await trail('other');
      expect(theirs.list.length).toBeGreaterThan(0);
      expect(theirs.list.every((r) => r.person === 'Oscar Other')).toBe(true);
      expect(theirs.people).toEqual([{ id: expect.any(Number), name: 'Oscar Other' }]);
      const ours = await trail('owner');
      expect(ours.list.some((r) => r.person === 'Oscar Other')).toBe(false);
      expect(ours.people.map((p) => p.name).sort()).toEqual(['Ada Admin', 'Alice Owner', 'Bob Operator']);
    });

    it('filters by person, kind and inclusive days of the portal zone, newest first, paged', async () => {
      const all = await trail('owner');
      const ids = all.list.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const bob = await trail('owner', `&person_id=${who.operator?.personId}`);
      expect(bob.total).toBeGreaterThan(0);
      expect(bob.list.every((r) => r.person === 'Bob Operator')).toBe(true);
      const contacts = await trail('owner', '&kind=contact');
      expect(contacts.list.every((r) => r.kind === 'contact')).toBe(true);
      expect(contacts.total).toBe(all.list.filter((r) => r.kind === 'contact').length);
      expect((await trail('owner', `&from=${day(0)}&to=${day(0)}`)).total).toBe(all.total);
      expect((await trail('owner', `&to=${day(-1)}`)).total).toBe(0);
      expect((await trail('owner', `&from=${day(1)}`)).total).toBe(0);
      const page2 = await api<ActivityReply>('owner', 'GET', '/api/activity?page=2&page_size=2');
      expect(ok(page2).list.map((r) => r.id)).toEqual(ids.slice(2, 4));
      const bad = await api('owner', 'GET', '/api/activity?kind=planet', undefined, 'en');
      expect(bad.status).toBe(400);
    });

    it('exports the filtered trail as .xlsx with headers in the language', async () => {
      const contacts = await trail('owner', '&kind=contact');
      const reply = await t.app.inject({
        method: 'GET',
        url: '/api/activity/export?kind=contact',
        headers: { authorization: `Bearer ${who.admin?.token}`, lang: 'en' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('spreadsheetml');
      const book = readXlsx(reply.rawPayload);
      expect(book.sheets).toEqual(['Activity']);
      const rows = book.rows('Activity');
      expect(rows[0]).toEqual([
        'Time (Asia/Shanghai, UTC+8)',
        'Person',
        'Kind',
        'Action',
        'Object',
        'Changed fields',
      ]);
      expect(rows.length - 1).toBe(contacts.total);
      const update = contacts.list.find((r) => r.action === 'update');
      const line = rows[contacts.list.indexOf(update as ActivityRow) + 1];
      expect(line?.slice(1)).toEqual(['Bob Operator', 'Contact', 'Updated', update?.label, 'City, Phone']);
      expect(String(line?.[0])).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      const zh = readXlsx(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/activity/export?kind=contact',
            headers: { authorization: `Bearer ${who.owner?.token}`, lang: 'cn' },
          })
        ).rawPayload,
      );
      expect(zh.rows('操作记录')[0]).toEqual([
        '时间（Asia/Shanghai, UTC+8）',
        '操作人',
        '类别',
        '操作',
        '对象',
        '修改的字段',
      ]);
    });

    it('reads days and times in the portal zone: an evening in UTC is the next morning in Shanghai', async () => {
      // 2026-01-01 17:30 UTC is 2026-01-02 01:30 in Asia/Shanghai: the day a person there lived it.
      await t.database.db.insert(activity).values({
        companyId: who.owner?.companyId ?? 0,
        personId: who.admin?.personId ?? null,
        personName: 'Ada Admin',
        kind: 'company',
        action: 'update',
        label: 'ZONE PROBE',
        at: new Date('2026-01-01T17:30:00Z'),
      });
      const probe = (reply: ActivityReply) => reply.list.filter((r) => r.label === 'ZONE PROBE');
      expect(probe(await trail('owner', '&from=2026-01-02&to=2026-01-02'))).toHaveLength(1);
      expect(probe(await trail('owner', '&from=2026-01-01&to=2026-01-01'))).toHaveLength(0);
      const sheet = async (lang: 'cn' | 'en') =>
        readXlsx(
          (
            await t.app.inject({
              method: 'GET',
              url: '/api/activity/export?from=2026-01-02&to=2026-01-02',
              headers: { authorization: `Bearer ${who.owner?.token}`, lang },
            })
          ).rawPayload,
        );
      expect((await sheet('cn')).rows('操作记录')[1]?.[0]).toBe('2026-01-02 01:30');
      expect((await sheet('en')).rows('Activity')[1]?.[0]).toBe('01/02/2026 01:30');
    });

    it('names roles in the reader language and keeps a removed person in the person filter', async () => {
      await addPerson('owner', 'leaver', 'Lee Leaver', 'operator');
      const leaver = who.leaver?.personId ?? 0;
      // The leaver leaves a row of their own, then is made a viewer and removed.
      ok(await api<{ id: number }>('leaver', 'POST', '/api/customer/contact', contactBody('leaver')));
      expect((await api('admin', 'PUT', `/api/team/members/${leaver}/role`, { role: 'viewer' })).status).toBe(
        200,
      );
      expect((await api('admin', 'DELETE', `/api/team/members/${leaver}`)).status).toBe(200);
      const all = await trail('owner');
      const change = all.list.find((r) => r.kind === 'role' && r.object_id === leaver);
      expect(change).toMatchObject({ role_from: 'operator', role_to: 'viewer', fields: ['role'] });
      expect(change?.label).not.toMatch(/operator|viewer/);
      const removal = all.list.find((r) => r.action === 'remove' && r.object_id === leaver);
      expect(removal).toMatchObject({ role_from: 'viewer', role_to: null });
      expect(all.people).toContainEqual({ id: leaver, name: 'Lee Leaver' });
      const theirs = await trail('owner', `&person_id=${leaver}`);
      expect(theirs.total).toBeGreaterThan(0);
      expect(theirs.list.every((r) => r.person === 'Lee Leaver')).toBe(true);
      const zh = readXlsx(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/activity/export?kind=role',
            headers: { authorization: `Bearer ${who.owner?.token}`, lang: 'cn' },
          })
        ).rawPayload,
      );
      const line = zh.rows('操作记录').find((row) => String(row[4]).startsWith(change?.label ?? '?'));
      expect(line?.[4]).toBe(`${change?.label}（操作员 → 查看者）`);
      expect(line?.[5]).toBe('角色');
    });

    it('is for owners and admins: an operator and a viewer get 403, a stranger 401', async () => {
      for (const name of ['operator', 'viewer']) {
        expect((await api(name, 'GET', '/api/activity')).status).toBe(403);
        expect((await api(name, 'GET', '/api/activity/export')).status).toBe(403);
      }
      expect((await call(t.app, { method: 'GET', url: '/api/activity' })).status).toBe(401);
      expect((await api('admin', 'GET', '/api/activity')).status).toBe(200);
    });
  });
});
