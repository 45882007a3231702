import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorEnvelope } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../src/config.js';
import { deploymentKey } from '../src/platform/deployment-key.js';
import { AppError } from '../src/platform/errors.js';
import { DatabaseUnavailableError, openDatabase } from '../src/platform/db.js';
import { ok, serializeReply, sharedData } from '../src/platform/reply.js';
import { statementsByShape } from '../src/platform/sql.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Failure = z.infer<typeof errorEnvelope>;

const echoBody = z.strictObject({
  name: z.string().min(1).max(20),
  count: z.number().int().min(0),
  kind: z.enum(['a', 'b']),
});

describeEachDatabase('request handling', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '1.2.3+test' }));
    t = await createTestApp(kind, {
      env: { WEB_DIST: webDist },
      // A route that exists only in this test, to drive the real validator and error handler.
      beforeReady: (app) => {
        app.post('/api/test/echo', { schema: { body: echoBody } }, async (request) => ({
          code: 0,
          msg: 'ok',
          data: request.body,
        }));
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        app.get('/api/test/conflict', async () => {
          throw new AppError(409, 'errors.conflict');
        });
        // A write that refers to a row that is not there (as when another request deleted it
        // between a check and the write): the real database's foreign key refuses it.
        app.post('/api/test/dangling', async () => {
          await app.deps.db.execute(
            sql`insert into ports (code, name_en, name_zh, country_id, time_zone) values ('ZZTST', 'X', 'X', 2147483000, 'UTC')`,
          );
          return { code: 0, msg: 'ok' };
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const post = <T = Failure>(payload: string, lang?: 'cn' | 'en') =>
    call<T>(t.app, {
      method: 'POST',
      url: '/api/test/echo',
      payload,
      headers: { 'content-type': 'application/json' },
      lang,
    });

  it('accepts a valid body', async () => {
    const sent = { name: 'x', count: 1, kind: 'a' };
    const reply = await post<unknown>(JSON.stringify(sent));
    expect(reply.status).toBe(200);
    // The handler echoes what validation handed it: the body arrives whole and unchanged.
    expect(reply.body).toEqual({ code: 0, msg: 'ok', data: sent });
  });

  it('answers malformed JSON with 400 and a localized message', async () => {
    const zh = await post('{"name": ');
    expect(zh.status).toBe(400);
    expect(errorEnvelope.parse(zh.body).msg).toBe('请求体不是有效的 JSON');
    const en = await post('{bad json', 'en');
    expect(en.body.msg).toBe('The request body is not valid JSON');
  });

  it('names every field at fault: wrong types, missing fields, unknown enum values, unknown keys', async () => {
    const reply = await post(JSON.stringify({ count: '3', kind: 'z', extra: 1 }), 'en');
    expect(reply.status).toBe(400);
    const body = errorEnvelope.parse(reply.body);
    const byField = Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      // A field with a label in the terms is named by it; one without, by its key.
      name: 'Name is required',
      count: 'count has the wrong format',
      kind: 'kind has an invalid value',
      extra: 'Field not accepted: extra',
    });
  });

  it('never leaks a stack trace or internal message on a bug', async () => {
    const reply = await call<Failure>(t.app, { method: 'GET', url: '/api/test/boom', lang: 'en' });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ code: 1, msg: 'Internal server error; please try again later' });
    expect(JSON.stringify(reply.body)).not.toContain('secret');
  });

  it('maps service errors to their status and a message in the request language', async () => {
    const reply = await call<Failure>(t.app, { method: 'GET', url: '/api/test/conflict' });
    expect(reply.status).toBe(409);
    expect(reply.body.msg).toBe('数据冲突，请刷新后重试');
  });

  it('answers a write that lost a race with another (a foreign key or unique value gone) with 409, not 500', async () => {
    const reply = await call<Failure>(t.app, { method: 'POST', url: '/api/test/dangling', lang: 'en' });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 1, msg: 'The data has changed; please refresh and try again' });
  });

  it('answers an unknown API path with a 404 envelope, in the request language', async () => {
    const reply = await call<Failure>(t.app, { method: 'GET', url: '/api/no/such/thing?x=1', lang: 'en' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 1, msg: 'No such endpoint: GET /api/no/such/thing' });
    const post404 = await call<Failure>(t.app, { method: 'POST', url: '/api/nothing' });
    expect(post404.status).toBe(404);
    expect(post404.body.msg).toBe('接口不存在：POST /api/nothing');
  });

  it('serves the SPA with history fallback, and the build version', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/bookings/edit-fcl/12?tab=2' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('<div id="root">');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const version = await t.app.inject({ method: 'GET', url: `/version.json?t=${Date.now()}` });
    expect(version.json()).toEqual({ version: '1.2.3+test' });
    expect(version.headers['cache-control']).toBe('no-store');
    fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '1.2.4+test' }));
    expect((await t.app.inject({ method: 'GET', url: '/version.json' })).json()).toEqual({
      version: '1.2.4+test',
    });
  });

  it('sends security headers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/system/config' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // Printing frames the page's own PDF blob, and nothing from elsewhere.
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('reply serializer', () => {
  it('writes the JSON of shared data once and gives the same text as JSON.stringify', () => {
    let written = 0;
    const page = sharedData({
      lists: [{ id: 1, name: '中远 "COSCO"' }],
      total: 1,
      toJSON() {
        written += 1;
        return { lists: this.lists, total: this.total };
      },
    });
    const expected = JSON.stringify({ code: 0, msg: 'ok', data: { lists: page.lists, total: 1 } });
    expect(serializeReply(ok(page))).toBe(expected);
    expect(serializeReply(ok(page))).toBe(expected);
    expect(written).toBe(1);
    const plain = { lists: [], total: 0 };
    expect(serializeReply(ok(plain))).toBe(JSON.stringify(ok(plain)));
    expect(serializeReply({ code: 400, msg: 'bad', data: null })).toBe(
      '{"code":400,"msg":"bad","data":null}',
    );
  });
});

describe('statements by shape', () => {
  it('builds once per shape and database, names by shape, and forgets the least recently used', () => {
    const statements = statementsByShape<{ name: string; built: number }>('list', 2);
    let built = 0;
    const build = (name: string) => ({ name, built: ++built });
    const [one, two] = [{}, {}];
    const a = statements(one, 'status', build);
    expect(statements(one, 'status', build)).toBe(a);
    const b = statements(one, 'status,keyword', build);
    expect(b.name).not.toBe(a.name);
    expect(b.name).toMatch(/^list_[0-9a-f]{24}$/);
    // Another database builds its own, under the same name (the name follows the SQL text).
    const other = statements(two, 'status', build);
    expect(other).not.toBe(a);
    expect(other.name).toBe(a.name);
    // A third shape on `one` pushes out the least recently used ('status' was used before 'status,keyword').
    statements(one, 'status', build);
    statements(one, 'pol', build);
    expect(statements(one, 'status', build)).toBe(a);
    expect(statements(one, 'status,keyword', build)).not.toBe(b);
    expect(built).toBe(5);
  });
});

describe('configuration and start-up', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: undefined,
      nodeEnv: 'development',
      pgliteOptimize: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(loadConfig({ PGLITE_OPTIMIZE: 'true' }).pgliteOptimize).toBe(true);
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL="mysql:\/\/x": must be a postgres/,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ PGLITE_OPTIMIZE: 'fast' })).toThrow(/PGLITE_OPTIMIZE/);
    // Demo accounts have published passwords: refused in production, as CAPTCHA_FIXED is.
    const production = {
      NODE_ENV: 'production',
      ALTCHA_HMAC_KEY: 'k'.repeat(32),
      WEBHOOK_SECRET_KEY: 'w'.repeat(64),
    };
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true/);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig(production).seedDemo).toBe(false);
    // The proof-of-work key: required in production, the same on every instance, never
    // shown; elsewhere one is made for the process.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALTCHA_HMAC_KEY is required/);
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'short-secret' })).toThrow(/ALTCHA_HMAC_KEY=\(hidden\)/);
    // The key that signs is made from it and the deployment's address (platform/deployment-key.ts).
    expect(loadConfig(production).altchaHmacKey).toBe(
      deploymentKey('k'.repeat(32), loadConfig(production).publicUrl, 'proof-of-work challenges'),
    );
    expect(loadConfig({}).altchaHmacKey).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).altchaHmacKey).not.toBe(loadConfig({}).altchaHmacKey);
    // Webhooks: every instance decrypts the stored signing secrets, so production needs
    // the key; endpoints on private networks (SSRF) are for tests and development only.
    expect(() => loadConfig({ ...production, WEBHOOK_SECRET_KEY: undefined })).toThrow(
      /WEBHOOK_SECRET_KEY is required/,
    );
    expect(() => loadConfig({ ...production, WEBHOOKS_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOKS_ALLOW_PRIVATE=true/,
    );
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooks.allowPrivate).toBe(true);
    // The fault tests' transaction hold: in test runs only.
    for (const nodeEnv of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV: nodeEnv, TEST_HOLD_AT: 'rate-import' })).toThrow(/TEST_HOLD_AT/);
    expect(loadConfig({ NODE_ENV: 'test', TEST_HOLD_AT: 'rate-import' }).testHoldAt).toBe('rate-import');
  });

  it('reports an unreachable database in one line, without the password', async () => {
    const attempt = openDatabase({ databaseUrl: 'postgres://user:hunter2@127.0.0.1:1/nowhere' });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^Cannot reach the database at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/nowhere: /,
    );
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('\n');
  });
});
