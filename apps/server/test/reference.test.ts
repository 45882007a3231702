import type { ListData, ReferenceItem } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedBase } from '../src/db/seed/index.js';
import { register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Envelope<T> = { code: number; msg: string; data: T; errors?: { field: string; message: string }[] };
type List = Envelope<ListData<ReferenceItem>>;

describeEachDatabase('reference lists', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, lang?: 'cn' | 'en') => call<List>(t.app, { method: 'GET', url, lang });

  it('serves every ISO 3166-1 country with both names, named in the request language', async () => {
    const zh = await get('/api/country?keyword=CN');
    expect(zh.status).toBe(200);
    expect(zh.body.code).toBe(0);
    const china = zh.body.data.lists.find((c) => c.code === 'CN');
    expect(china).toMatchObject({ name: '中国', name_zh: '中国', name_en: 'China', code3: 'CHN' });
    const en = await get('/api/country?keyword=DE', 'en');
    expect(en.body.data.lists.find((c) => c.code === 'DE')?.name).toBe('Germany');
    const all = await get('/api/country');
    expect(all.body.data.total).toBeGreaterThanOrEqual(249);
    expect(all.body.data.lists).toHaveLength(all.body.data.total);
  });

  it('orders countries by their name in the request language: Chinese by pinyin, English alphabetically', async () => {
    const zh = (await get('/api/country')).body.data.lists.map((c) => c.name);
    // 阿富汗 (Āfùhàn) … 澳大利亚 (Àodàlìyà) … 巴西 (Bāxī) … 中国 (Zhōngguó): pinyin, not code points or ISO codes.
    const at = (name: string) => zh.indexOf(name);
    expect(at('阿富汗')).toBeGreaterThanOrEqual(0);
    expect(at('阿富汗')).toBeLessThan(at('澳大利亚'));
    expect(at('澳大利亚')).toBeLessThan(at('巴西'));
    expect(at('巴西')).toBeLessThan(at('德国'));
    expect(at('德国')).toBeLessThan(at('美国'));
    expect(at('美国')).toBeLessThan(at('日本'));
    expect(at('日本')).toBeLessThan(at('中国'));
    const en = (await get('/api/country', 'en')).body.data.lists.map((c) => c.name);
    expect(en.slice(0, 2)).toEqual(['Afghanistan', 'Åland Islands']);
    expect(en.indexOf('Germany')).toBeLessThan(en.indexOf('Japan'));
    expect(en.at(-1)).toBe('Zimbabwe');
    // Pages follow the same order.
    const second = (await get('/api/country?page=2&size=10', 'en')).body.data.lists.map((c) => c.name);
    expect(second).toEqual(en.slice(10, 20));
  });

  it('serves at least 150 seaports with UN/LOCODE, country and route, searchable in both languages', async () => {
    const all = await get('/api/port?size=1000');
    expect(all.body.data.total).toBeGreaterThanOrEqual(150);
    for (const port of all.body.data.lists) {
      expect(port.code).toMatch(/^[A-Z]{2}[A-Z0-9]{3}$/);
      expect(port.country_id).toBeGreaterThan(0);
      expect(port.country_name).toBeTruthy();
    }
    const byEn = await get('/api/port?keyword=shanghai', 'en');
    expect(byEn.body.data.lists.map((p) => p.code)).toContain('CNSHA');
    const byZh = await get(`/api/port?keyword=${encodeURIComponent('鹿特丹')}`);
    expect(byZh.body.data.lists.map((p) => p.code)).toContain('NLRTM');
    expect(byZh.body.data.lists[0]?.country_name).toBe('荷兰');

    const cn = (await get('/api/country?keyword=CN')).body.data.lists.find((c) => c.code === 'CN');
    const chinese = await get(`/api/port?country_id=${cn?.id}&size=1000`);
    expect(chinese.body.data.total).toBeGreaterThanOrEqual(10);
    expect(chinese.body.data.lists.every((p) => p.country_id === cn?.id)).toBe(true);
  });

  it('searches ports and carriers the way the trade types them, in either language, best match first', async () => {
    const codes = async (url: string, lang?: 'cn' | 'en') =>
      (await get(url, lang)).body.data.lists.map((item) => item.code);
    for (const lang of ['cn', 'en'] as const) {
      for (const typed of ['DEHAM', 'deham', 'Hamburg', 'ham', '汉堡'])
        expect(await codes(`/api/port?keyword=${encodeURIComponent(typed)}`, lang), typed).toContain('DEHAM');
      expect(await codes('/api/port?keyword=CNSHA', lang)).toEqual(['CNSHA']);
      expect((await codes('/api/carrier?keyword=COSCO', lang))[0]).toBe('COSU');
      expect((await codes('/api/carrier?keyword=MSK', lang))[0]).toBe('MAEU');
      // Maersk itself before the carrier whose name only contains it (Sealand, a Maersk company).
      const maersk = await codes('/api/carrier?keyword=maersk', lang);
      expect(maersk.slice(0, 2)).toEqual(['MAEU', 'SEJJ']);
    }
    // A name that starts with the search leads.
    expect((await codes('/api/port?keyword=hamburg', 'en'))[0]).toBe('DEHAM');
    // Searching keeps paging: the total counts every match.
    const paged = await get('/api/port?keyword=cn&size=5');
    expect(paged.body.data.lists).toHaveLength(5);
    expect(paged.body.data.total).toBeGreaterThan(5);
  });

  it('seeds every port and carrier with both names and its code, ports with a country', async () => {
    const ports = (await get('/api/port?size=1000', 'en')).body.data.lists;
    for (const port of ports) {
      expect(port.name_en, port.code).toMatch(/[A-Za-z]/);
      expect(port.name_zh, port.code).toMatch(/[\u4e00-\u9fff]/);
      expect(port.country_name, port.code).toBeTruthy();
    }
    const carriers = (await get('/api/carrier?size=1000', 'en')).body.data.lists;
    for (const carrier of carriers) {
      expect(carrier.code).toMatch(/^[A-Z0-9]{4}$/);
      expect(carrier.name_en, carrier.code).toMatch(/[A-Za-z]/);
      expect(carrier.name_zh, carrier.code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('serves carriers with SCAC, ISO 6346 containers, currencies, units by type and the other lists', async () => {
    const carriers = await get('/api/carrier');
    expect(carriers.body.data.total).toBeGreaterThanOrEqual(20);
    expect(carriers.body.data.lists.find((c) => c.code === 'MAEU')?.name).toBe('马士基');

    const containers = await get('/api/container', 'en');
    const codes = containers.body.data.lists.map((c) => c.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        '20GP',
        '40GP',
        '40HQ',
        '45HQ',
        '20RF',
        '40RF',
        '20OT',
        '40OT',
        '20FR',
        '40FR',
        '20TK',
      ]),
    );
    expect(containers.body.data.lists.find((c) => c.code === '40HQ')).toMatchObject({
      iso_code: '45G1',
      teu: 2,
    });

    const currencies = await get('/api/currency?keyword=USD');
    expect(currencies.body.data.lists.find((c) => c.code === 'USD')).toMatchObject({
      numeric: '840',
      minor_units: 2,
      name: '美元',
    });

    const packages = await get('/api/unit?type=3');
    expect(packages.body.data.total).toBeGreaterThanOrEqual(8);
    expect(packages.body.data.lists.every((u) => u.type === 3)).toBe(true);
    expect(packages.body.data.lists.map((u) => u.code)).toContain('CT');

    for (const list of ['charge', 'industry', 'business', 'route']) {
      const reply = await get(`/api/${list}`);
      expect(reply.status, list).toBe(200);
      expect(reply.body.data.total, list).toBeGreaterThanOrEqual(5);
      expect(reply.body.data.lists[0]?.name, list).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('names trade routes as routes: China’s own ports are domestic coastal trade, not “中国”', async () => {
    const zh = (await get('/api/route?size=100')).body.data.lists.map((r) => r.name);
    expect(zh).toContain('内贸（沿海）');
    expect(zh).not.toContain('中国');
    const en = (await get('/api/route?size=100', 'en')).body.data.lists.map((r) => r.name);
    expect(en).toContain('China domestic (coastal)');
  });

  it('lists forwarders only to members holding quote_forwarder', async () => {
    expect((await get('/api/forwarder')).status).toBe(401);
    const username = uniqueEmail('fwd');
    const member = await register(
      t.app,
      registrationForm({ username, company1: 'OCEAN LINK LOGISTICS', company2: '海联物流' }),
    );
    const asMember = await call<List>(t.app, {
      method: 'GET',
      url: '/api/forwarder',
      headers: { authorization: `Bearer ${member.body.data.token}` },
    });
    expect(asMember.status).toBe(403);
    await t.database.db.execute(
      sql`update companies set is_forwarder = true, authorities = authorities || '{rate,quote_forwarder}' where username = ${username}`,
    );
    const asForwarder = await call<List>(t.app, {
      method: 'GET',
      url: '/api/forwarder?keyword=ocean',
      headers: { authorization: `Bearer ${member.body.data.token}` },
    });
    expect(asForwarder.status).toBe(200);
    expect(asForwarder.body.data.lists).toEqual([
      expect.objectContaining({
        name: '海联物流',
        name_en: 'OCEAN LINK LOGISTICS',
        name_zh: '海联物流',
        country_name: expect.any(String),
      }),
    ]);
  });

  it('pages with page and size and reports the total', async () => {
    const first = await get('/api/port?page=1&size=7');
    const second = await get('/api/port?page=2&size=7');
    expect(first.body.data.lists).toHaveLength(7);
    expect(second.body.data.lists).toHaveLength(7);
    expect(first.body.data.total).toBe(second.body.data.total);
    const ids = new Set([...first.body.data.lists, ...second.body.data.lists].map((p) => p.id));
    expect(ids.size).toBe(14);
    const beyond = await get('/api/port?page=1000&size=10');
    expect(beyond.body.data.lists).toEqual([]);
  });

  it('matches LIKE wildcards in a keyword literally', async () => {
    const reply = await get('/api/port?keyword=%25');
    expect(reply.status).toBe(200);
    expect(reply.body.data.total).toBe(0);
    const underscore = await get('/api/carrier?keyword=_');
    expect(underscore.body.data.total).toBe(0);
  });

  it('refuses a size over 1000, a negative page and wrong types with localized field errors', async () => {
    const big = await get('/api/port?size=1001');
    expect(big.status).toBe(400);
    expect(big.body.code).toBe(1);
    expect(big.body.errors?.[0]).toEqual({ field: 'size', message: '每页条数不能大于 1000' });
    expect(big.body.msg).toBe('每页条数不能大于 1000');

    const negative = await get('/api/port?page=-1', 'en');
    expect(negative.status).toBe(400);
    expect(negative.body.errors?.[0]).toEqual({ field: 'page', message: 'Page cannot be less than 1' });

    const word = await get('/api/port?size=abc', 'en');
    expect(word.status).toBe(400);
    expect(word.body.errors?.[0]?.field).toBe('size');
    expect(word.body.errors?.[0]?.message).toBe('Page size has the wrong format');

    const fraction = await get('/api/port?page=1.5', 'en');
    expect(fraction.body.errors?.[0]?.message).toBe('Page must be a whole number');

    const unitType = await get('/api/unit?type=9', 'en');
    expect(unitType.status).toBe(400);
    expect(unitType.body.errors?.[0]?.field).toBe('type');
  });

  it('seeds idempotently: a second run changes nothing', async () => {
    const snapshot = async () => {
      const lists = [
        'country',
        'port',
        'carrier',
        'container',
        'currency',
        'charge',
        'industry',
        'business',
        'route',
        'unit',
      ];
      const out: Record<string, unknown> = {};
      for (const list of lists) out[list] = (await get(`/api/${list}?size=1000`)).body.data;
      return out;
    };
    const before = await snapshot();
    await seedBase(t.database.db);
    await seedBase(t.database.db);
    expect(await snapshot()).toEqual(before);
  });
});
