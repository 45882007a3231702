import type { ListData, Shipper } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, image, register, registrationForm, uniqueEmail } from './fixtures.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;

describeEachDatabase('shipper alliance directory', (kind) => {
  let t: TestApp;
  let viewer: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    const ref = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ids, {
      fcl: await ref('business', 'FCL'),
      lcl: await ref('business', 'LCL'),
      sha: await ref('port', 'CNSHA'),
      rtm: await ref('port', 'NLRTM'),
      eu: await ref('route', 'EU'),
      uswc: await ref('route', 'USWC'),
    });
    const forwarder = async (
      company1: string,
      company2: string,
      extra: Record<string, string>,
      listed = true,
    ) => {
      const username = uniqueEmail('fwd');
      await register(
        t.app,
        registrationForm({ username, company1, company2, profile: `${company1} profile`, ...extra }),
        [
          { name: 'logo', filename: 'logo.png', contentType: 'image/png', data: await image('png') },
          { name: 'license', filename: 'l.png', contentType: 'image/png', data: await image('png') },
        ],
      );
      await t.database.db.execute(
        sql`update companies set is_forwarder = true, listed_in_directory = ${listed} where username = ${username}`,
      );
    };
    await forwarder('BLUE OCEAN LOGISTICS', '蓝海物流', {
      businesses: `${ids.fcl}`,
      ports: `${ids.sha}`,
      routes: `${ids.eu}`,
    });
    await forwarder('RED SEA FREIGHT', '红海货运', {
      businesses: `${ids.fcl},${ids.lcl}`,
      ports: `${ids.rtm}`,
      routes: `${ids.uswc}`,
    });
    await forwarder('HIDDEN FORWARDING', '隐身货代', { businesses: `${ids.fcl}` }, false);
    viewer = (await register(t.app, registrationForm({ company1: 'PLAIN CUSTOMER' }))).body.data.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (query: string, lang?: 'cn' | 'en', url = '/api/shipper') =>
    call<Envelope<ListData<Shipper>>>(t.app, {
      method: 'GET',
      url: `${url}${query}`,
      headers: { authorization: `Bearer ${viewer}` },
      lang,
    });

  it('lists listed forwarders only, with names of their businesses, routes and ports in the request language', async () => {
    const all = await search('');
    expect(all.body.data.lists.map((s) => s.company1)).toEqual(['BLUE OCEAN LOGISTICS', 'RED SEA FREIGHT']);
    const red = all.body.data.lists[1];
    expect(red).toMatchObject({
      businesses_name: ['整箱', '拼箱'],
      ports_name: ['鹿特丹'],
      routes_name: ['美西线'],
      profile: 'RED SEA FREIGHT profile',
    });
    expect(red?.logo_thumb).toMatch(/^\/api\/file\//);
    const en = await search('?company=blue', 'en');
    expect(en.body.data.lists[0]?.ports_name).toEqual(['Shanghai']);
  });

  it('filters by company (either language), business, port and route, and pages', async () => {
    expect(
      (await search(`?company=${encodeURIComponent('红海')}`)).body.data.lists.map((s) => s.company2),
    ).toEqual(['红海货运']);
    expect((await search(`?business_id=${ids.lcl}`)).body.data.total).toBe(1);
    expect((await search(`?business_id=${ids.fcl}`)).body.data.total).toBe(2);
    expect((await search(`?port_id=${ids.sha}`)).body.data.lists[0]?.company1).toBe('BLUE OCEAN LOGISTICS');
    expect((await search(`?route_id=${ids.uswc}&business_id=${ids.fcl}`)).body.data.lists[0]?.company1).toBe(
      'RED SEA FREIGHT',
    );
    const page2 = await search('?page=2&size=1');
    expect(page2.body.data).toMatchObject({ total: 2, lists: [{ company1: 'RED SEA FREIGHT' }] });
    expect((await search('', undefined, '/api/customer')).body.data.total).toBe(2);
  });

  it('shows only the dialog fields: no password hash, session, licence or other private data', async () => {
    const first = (await search('')).body.data.lists[0];
    const detail = await call<Envelope<Shipper>>(t.app, {
      method: 'GET',
      url: `/api/shipper/${first?.id}`,
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(Object.keys(detail.body.data).sort()).toEqual(
      [
        'address1',
        'address2',
        'businesses_name',
        'company1',
        'company2',
        'id',
        'linkman',
        'logo_thumb',
        'phone',
        'ports_name',
        'profile',
        'routes_name',
        'username',
      ].sort(),
    );
    expect(JSON.stringify(detail.body)).not.toMatch(/argon2|license|token|password/i);
  });

  it('answers 404 for an unlisted or unknown member and 401 without a login', async () => {
    const hidden = await t.database.db.execute(
      sql`select id from companies where company1 = 'HIDDEN FORWARDING'`,
    );
    const hiddenId = (hidden as unknown as { rows: { id: number }[] }).rows[0]?.id;
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/shipper/${hiddenId}`,
          headers: { authorization: `Bearer ${viewer}` },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/shipper/999999',
          headers: { authorization: `Bearer ${viewer}` },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/api/shipper' })).status).toBe(401);
  });
});
