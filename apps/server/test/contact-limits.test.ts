import {
  type ContactRow,
  type ListData,
  type NotificationList,
  notificationLink,
  PARTY_LIMITS,
} from '@freight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactBookTasks, contacts } from '../src/db/schema.js';
import { LIMITS_REPORT_TASK, reportContactsTooLong } from '../src/modules/contacts/limits-report.js';
import { dedupeKey } from '../src/modules/contacts/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import {
  contactBody,
  type Envelope,
  multipart,
  register,
  registrationForm,
  signedInPerson,
} from './fixtures.js';
import { xlsx } from './sheets.js';

type Who = { token: string; companyId: number };
type ImportFailure = Envelope & { rows?: { row: number; column: string; message: string }[] };

/*
 * The contact book takes the B/L's lengths (DCSA's): a contact too long is refused naming its field,
 * on the form and in the import; contacts saved before and too long stay whole, are marked in the
 * list and can be listed alone, and each company holding any is told once.
 */
describeEachDatabase('contacts within the B/L’s lengths', (kind) => {
  let t: TestApp;
  const who: Record<string, Who> = {};
  const legacy: Record<string, number> = {};
  /** 71 characters, one more than a party's name takes. */
  const longName = `${'LONG NAME TRADING '.repeat(3)}${'X'.repeat(PARTY_LIMITS.name + 1 - 54)}`;
  /** 70 characters typed, 71 on the B/L's street line ("…, …"). */
  const twoLineAddress = `${'A'.repeat(35)}\n${'B'.repeat(34)}`;

  const as = (name: string) => ({ authorization: `Bearer ${who[name]?.token}` });
  const list = (name: string, query = '') =>
    call<Envelope<ListData<ContactRow>>>(t.app, {
      method: 'GET',
      url: `/api/customer/contact${query}`,
      headers: as(name),
    });
  const send = (name: string, method: 'POST' | 'PUT', url: string, body: object, lang?: 'cn' | 'en') =>
    call<Envelope<{ id: number }>>(t.app, { method, url, headers: as(name), payload: body, lang });
  const inbox = async (name: string) => {
    const reply = await call<Envelope<NotificationList>>(t.app, {
      method: 'GET',
      url: '/api/notifications?size=100',
      headers: as(name),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data.lists.filter((n) => n.kind === 'contact');
  };

  /** A contact as it may have been saved before the book took the B/L's lengths. */
  async function insertLegacy(companyId: number, values: Partial<typeof contacts.$inferInsert>) {
    const base = { ...contactBody('legacy', 'both'), ...values };
    const [row] = await t.database.db
      .insert(contacts)
      .values({
        companyId: companyId,
        type: 'both',
        company1: base.company1,
        linkman: base.linkman,
        address1: base.address1,
        city: base.city,
        countryId: base.country_id,
        phone: base.phone,
        email: base.email,
        dedupeKey: dedupeKey({ type: 'both', company1: base.company1, linkman: base.linkman }),
      })
      .returning({ id: contacts.id });
    return row?.id ?? 0;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ['alice', 'bob']) {
      const reply = await register(t.app, registrationForm({ company1: `${name.toUpperCase()} CO` }));
      who[name] = { token: reply.body.data.token, companyId: reply.body.data.id };
    }
    const alice = who.alice?.companyId ?? 0;
    who.operator = await signedInPerson(t, alice, 'operator', 'operator');
    who.viewer = await signedInPerson(t, alice, 'viewer', 'viewer');
    legacy.name = await insertLegacy(alice, { company1: longName, city: 'C'.repeat(PARTY_LIMITS.city + 1) });
    legacy.address = await insertLegacy(alice, { company1: 'TWO LINE ADDRESS CO', address1: twoLineAddress });
    // Bob's contact is as long as a B/L takes, not longer.
    await insertLegacy(who.bob?.companyId ?? 0, { company1: 'B'.repeat(PARTY_LIMITS.name) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a contact longer than a B/L takes with 400, naming the field in the request’s language', async () => {
    const long = { ...contactBody('refused', 'both'), company1: longName };
    const cn = await send('alice', 'POST', '/api/customer/contact', long, 'cn');
    expect(cn.status).toBe(400);
    expect(cn.body.errors).toEqual([{ field: 'company1', message: '英文公司名称不能超过 70 个字符' }]);
    const en = await send('alice', 'POST', '/api/customer/contact', long, 'en');
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([
      { field: 'company1', message: 'Company name (English) cannot be longer than 70 characters' },
    ]);
    const street = await send(
      'alice',
      'POST',
      '/api/customer/contact',
      { ...contactBody('street', 'both'), address1: twoLineAddress },
      'en',
    );
    expect(street.status).toBe(400);
    expect(street.body.errors).toEqual([
      {
        field: 'address1',
        message:
          'Address (English) cannot be longer than 70 characters on a B/L, where its lines are joined with ", "',
      },
    ]);
    const phone = await send(
      'alice',
      'POST',
      '/api/customer/contact',
      { ...contactBody('phone', 'both'), phone: '1'.repeat(PARTY_LIMITS.phone + 1) },
      'cn',
    );
    expect(phone.body.errors).toEqual([{ field: 'phone', message: '电话不能超过 30 个字符' }]);
    expect((await list('alice', '?keyword=refused')).body.data.total).toBe(0);
  });

  it('keeps contacts saved before whole, marks what a B/L cannot take, and lists them alone', async () => {
    const fine = await send('alice', 'POST', '/api/customer/contact', contactBody('fine', 'both'));
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    const all = (await list('alice', '?size=50')).body.data.lists;
    const byId = new Map(all.map((row) => [row.id, row]));
    expect(byId.get(legacy.name ?? 0)).toMatchObject({ company1: longName, too_long: ['company1', 'city'] });
    expect(byId.get(legacy.address ?? 0)).toMatchObject({ address1: twoLineAddress, too_long: ['address1'] });
    expect(byId.get(fine.body.data.id)?.too_long).toEqual([]);

    const tooLong = await list('alice', '?too_long=1');
    expect(tooLong.status).toBe(200);
    expect(tooLong.body.data.total).toBe(2);
    expect(tooLong.body.data.lists.map((row) => row.id).sort()).toEqual([legacy.address, legacy.name].sort());
    // With the other filters, and never another company's.
    expect((await list('alice', '?too_long=1&keyword=two%20line')).body.data.total).toBe(1);
    const bob = await list('bob', '?too_long=1');
    expect(bob.body.data.total).toBe(0);
    expect((await list('bob')).body.data.lists.map((row) => row.too_long)).toEqual([[]]);
    expect((await list('alice', '?too_long=yes')).status).toBe(400);
  });

  it('tells the company holding such contacts once, its people who may change them, and no one else', async () => {
    // Migration 0030 left the report to do; nothing has done it yet.
    const [task] = await t.database.db
      .select()
      .from(contactBookTasks)
      .where(eq(contactBookTasks.name, LIMITS_REPORT_TASK));
    expect(task).toEqual({ name: LIMITS_REPORT_TASK, doneAt: null });

    expect(await reportContactsTooLong(t.app.deps.db)).toEqual({ companies: 1 });
    for (const name of ['alice', 'operator']) {
      const told = await inbox(name);
      expect(told, name).toMatchObject([
        { kind: 'contact', action: 'too_long', label: '2', object_id: null, party: null, read: false },
      ]);
      expect(notificationLink(told[0] ?? { kind: 'contact', object_id: null, party: null })).toBe(
        '/contacts?too_long=1',
      );
    }
    expect(await inbox('viewer')).toEqual([]);
    expect(await inbox('bob')).toEqual([]);

    // Again (another start, another instance): done, nobody is told twice.
    expect(await reportContactsTooLong(t.app.deps.db)).toEqual({ companies: 0 });
    expect(await inbox('alice')).toHaveLength(1);
    expect(await inbox('operator')).toHaveLength(1);
    const [done] = await t.database.db.select().from(contactBookTasks);
    expect(done?.doneAt).toBeInstanceOf(Date);
  });

  it('takes an edit of such a contact only shortened, then no longer marks it', async () => {
    const url = `/api/customer/contact/${legacy.name}`;
    const current = (await list('alice', '?too_long=1')).body.data.lists.find(
      (row) => row.id === legacy.name,
    );
    if (!current) throw new Error('legacy contact not listed');
    const values = {
      type: current.type,
      company1: current.company1,
      linkman: current.linkman,
      address1: current.address1,
      city: current.city,
      country_id: current.country_id,
      phone: current.phone,
      email: current.email,
    };
    const unchanged = await send('alice', 'PUT', url, values, 'en');
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.errors).toEqual([
      { field: 'company1', message: 'Company name (English) cannot be longer than 70 characters' },
      { field: 'city', message: 'City cannot be longer than 35 characters' },
    ]);
    const shortened = await send('alice', 'PUT', url, {
      ...values,
      company1: 'SHORT NAME CO',
      city: 'NINGBO',
    });
    expect(shortened.status, JSON.stringify(shortened.body)).toBe(200);
    const left = (await list('alice', '?too_long=1')).body.data.lists;
    expect(left.map((row) => row.id)).toEqual([legacy.address]);
  });

  it('refuses an import with a cell too long, naming its row and column, and imports nothing', async () => {
    const headers = ['type', 'company1', 'linkman', 'address1', 'city', 'country_id', 'phone', 'email'];
    const rows = [
      headers,
      ['shipper', 'IMPORT FITS LTD', 'WANG FANG', 'NO. 2 ROAD', 'NINGBO', 'CN', '+86 574 1', ''],
      [
        'shipper',
        'IMPORT LONG LTD',
        'L'.repeat(PARTY_LIMITS.contactName + 1),
        'NO. 3 ROAD',
        'NINGBO',
        'CN',
        '1',
        '',
      ],
      ['consignee', 'IMPORT CITY GMBH', 'HANS', 'HAFEN 1', 'H'.repeat(PARTY_LIMITS.city + 1), 'DE', '1', ''],
    ];
    const upload = (lang: 'cn' | 'en') => {
      const form = multipart([
        {
          name: 'file',
          filename: 'contacts.xlsx',
          contentType: 'application/octet-stream',
          data: xlsx(rows),
        },
      ]);
      return call<ImportFailure>(t.app, {
        method: 'POST',
        url: '/api/customer/contact/import',
        headers: { ...as('alice'), ...form.headers },
        payload: form.payload,
        lang,
      });
    };
    const en = await upload('en');
    expect(en.status).toBe(422);
    expect(en.body.rows).toEqual([
      { row: 3, column: 'linkman', message: 'Contact person cannot be longer than 35 characters' },
      { row: 4, column: 'city', message: 'City cannot be longer than 35 characters' },
    ]);
    const cn = await upload('cn');
    expect(cn.body.rows).toEqual([
      { row: 3, column: 'linkman', message: '联系人不能超过 35 个字符' },
      { row: 4, column: 'city', message: '城市不能超过 35 个字符' },
    ]);
    expect((await list('alice', '?keyword=import')).body.data.total).toBe(0);
  });
});
