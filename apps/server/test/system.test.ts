import type { DictionaryItem, ListData, SiteConfig } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setSiteConfigValue } from '../src/modules/system/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Envelope<T> = { code: number; msg: string; data: T; errors?: { field: string; message: string }[] };

describeEachDatabase('system endpoints', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the site configuration with the defaults, typed', async () => {
    const reply = await call<Envelope<SiteConfig>>(t.app, { method: 'GET', url: '/api/system/config' });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(0);
    expect(reply.body.msg).toBe('ok');
    expect(reply.body.data).toMatchObject({
      app_close: false,
      app_mode: 1,
      app_color: '#6cbaa9',
      freight_collect: 'EXW,FCA,FOB',
      def_sort: 100,
      def_rules: 1,
      app_close_tips: '',
    });
  });

  it('reflects a stored change and falls back to the default for a value broken in the database', async () => {
    await setSiteConfigValue({ db: t.database.db, name: 'app_mode', value: '2' });
    await setSiteConfigValue({ db: t.database.db, name: 'app_close', value: 'true' });
    await t.database.db.execute(
      sql`update system_config set value = 'not-a-colour' where name = 'app_color'`,
    );
    const reply = await call<Envelope<SiteConfig>>(t.app, { method: 'GET', url: '/api/system/config' });
    expect(reply.body.data).toMatchObject({ app_mode: 2, app_close: true, app_color: '#6cbaa9' });
    await expect(setSiteConfigValue({ db: t.database.db, name: 'app_mode', value: '3' })).rejects.toThrow(
      /app_mode/,
    );
    await expect(setSiteConfigValue({ db: t.database.db, name: 'no_such', value: '1' })).rejects.toThrow(
      /Unknown/,
    );
    await setSiteConfigValue({ db: t.database.db, name: 'app_mode', value: '1' });
    await setSiteConfigValue({ db: t.database.db, name: 'app_close', value: 'false' });
  });

  it('closes the API behind the maintenance page while app_close is on, and opens it again', async () => {
    const close = async (value: 'true' | 'false', tips = '') => {
      await setSiteConfigValue({ db: t.database.db, name: 'app_close', value });
      await setSiteConfigValue({ db: t.database.db, name: 'app_close_tips', value: tips });
      await t.app.closedGate.refresh();
    };
    const login = { method: 'POST' as const, url: '/api/system/login', payload: {} };
    try {
      await close('true');
      for (const [lang, text] of [
        ['en', 'Site is closed for maintenance'],
        ['cn', '网站维护中'],
      ] as const) {
        const refused = await call<Envelope<null>>(t.app, { ...login, lang });
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ code: 1, msg: text });
        const list = await call<Envelope<null>>(t.app, { method: 'GET', url: '/api/rate', lang });
        expect(list.status).toBe(503);
      }
      // The page still learns that the site is closed, and operators still see the instance.
      const config = await call<Envelope<SiteConfig>>(t.app, { method: 'GET', url: '/api/system/config' });
      expect(config.body.data.app_close).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await close('true', 'Back at 18:00 UTC');
      const tips = await call<Envelope<null>>(t.app, { ...login, lang: 'cn' });
      expect(tips.body.msg).toBe('Back at 18:00 UTC');
    } finally {
      await close('false');
    }
    // Open again: the login form is answered (its own 400), not the maintenance message.
    expect((await call<Envelope<null>>(t.app, login)).status).toBe(400);
  });

  it('serves dictionaries in the request language', async () => {
    const zh = await call<Envelope<ListData<DictionaryItem>>>(t.app, {
      method: 'GET',
      url: '/api/system/dictionary?field=order_status',
    });
    expect(zh.body.data.lists).toEqual([
      { id: 0, name: '草稿', color: 'default' },
      { id: 1, name: '待放舱', color: 'blue' },
      { id: 2, name: '待补料', color: 'orange' },
      { id: 3, name: '待出运', color: 'green' },
      { id: 5, name: '已出运', color: 'blue' },
      { id: 40, name: '已取消', color: 'default' },
    ]);
    const en = await call<Envelope<ListData<DictionaryItem>>>(t.app, {
      method: 'GET',
      url: '/api/system/dictionary?field=incoterm',
      lang: 'en',
    });
    expect(en.body.data.total).toBe(11);
    expect(en.body.data.lists.map((i) => i.id)).toEqual(
      expect.arrayContaining(['EXW', 'FOB', 'CIF', 'DDP', 'DPU']),
    );
    expect(en.body.data.lists.find((i) => i.id === 'FOB')?.name).toMatch(/^FOB Free On Board/i);
  });

  it('refuses an unknown or missing dictionary field with a localized message naming it', async () => {
    const unknown = await call<Envelope<null>>(t.app, {
      method: 'GET',
      url: '/api/system/dictionary?field=nope',
      lang: 'en',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 1,
      errors: [{ field: 'field', message: 'Dictionary field has an invalid value' }],
    });
    const missing = await call<Envelope<null>>(t.app, { method: 'GET', url: '/api/system/dictionary' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请选择字典字段');
  });

  it('answers health and readiness', async () => {
    const health = await call<Envelope<{ status: string }>>(t.app, { method: 'GET', url: '/api/health' });
    expect(health.body.data.status).toBe('ok');
    const ready = await call<Envelope<{ status: string; database: string }>>(t.app, {
      method: 'GET',
      url: '/api/ready',
    });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', database: kind });
  });

  it('publishes an OpenAPI document and a browsable reference', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/system/config',
        '/api/system/dictionary',
        '/api/port',
        '/api/forwarder',
        '/api/ready',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
