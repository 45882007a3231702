import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorEnvelope } from '@freight/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { call, createTestApp, createTestDatabase, describeEachDatabase, type TestApp } from './helpers.js';
import type { TestDatabase } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type LogLine = { level: number; msg: string; reqId?: string; err?: unknown };

describe('headers, body limits, request ids and logs (default configuration)', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ops-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent-web-dist',
      DATA_DIR: dataDir,
      CAPTCHA_FIXED: 'test',
    });
    // The real logger configuration, written to a stream the test reads.
    app = await buildApp({
      config,
      database,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      },
    });
    app.get('/api/test/boom', async () => {
      throw new Error('boom for the log');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the security headers: CSP without inline scripts, no framing, nosniff, referrer policy, no HSTS outside production', async () => {
    for (const url of ['/api/system/config', '/api/no/such/route', '/version.json']) {
      const reply = await app.inject({ method: 'GET', url });
      const csp = String(reply.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['script-src'], url).toEqual(["'self'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps CORS closed: no Access-Control headers for another origin, and no preflight', async () => {
    const get = await app.inject({
      method: 'GET',
      url: '/api/system/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(get.statusCode).toBe(200);
    expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/system/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('refuses an oversize login body with 413 and the envelope, while larger JSON bodies stay allowed elsewhere', async () => {
    const big = JSON.stringify({
      username: 'a@example.com',
      password: 'x'.repeat(20 * 1024),
      captcha_id: 'x',
      captcha: 'x',
    });
    for (const [lang, msg] of [
      ['en', 'The request is too large'],
      ['cn', '请求内容过大'],
    ] as const) {
      const reply = await call(app, {
        method: 'POST',
        url: '/api/system/login',
        payload: big,
        headers: { 'content-type': 'application/json' },
        lang,
      });
      expect(reply.status).toBe(413);
      expect(errorEnvelope.parse(reply.body)).toEqual({ code: 1, msg });
      expect(reply.headers['x-request-id']).toMatch(UUID);
    }
    // Under the small limit the body is read and validated as usual.
    const small = await call(app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username: 'a@example.com', password: 'x'.repeat(8 * 1024), captcha_id: 'x', captcha: 'x' },
      lang: 'en',
    });
    expect(small.status).toBe(400);
    // Other JSON routes keep the 1 MB limit: 100 KB is read (then refused for want of a session) …
    const profile = JSON.stringify({ remark: 'x'.repeat(100 * 1024) });
    const put = (payload: string) =>
      call(app, {
        method: 'PUT',
        url: '/api/userinfo',
        payload,
        headers: { 'content-type': 'application/json' },
        lang: 'en',
      });
    expect((await put(profile)).status).toBe(401);
    // … and 2 MB is not.
    expect((await put(JSON.stringify({ remark: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(413);
  });

  it('gives every reply an x-request-id: a safe incoming one is kept, anything else replaced by a UUID', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['x-request-id']).toMatch(UUID);
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);

    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-01.Ab_9' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-01.Ab_9');
    for (const unsafe of ['has space', '<script>', 'a'.repeat(65), 'quote"d', 'new\\line']) {
      const reply = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': unsafe },
      });
      expect(reply.headers['x-request-id'], unsafe).toMatch(UUID);
    }
    const notFound = await app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-request-id': 'nf-1' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('nf-1');
  });

  it('writes the request id on every log line of a request, errors included', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'trace-ops-500' },
    });
    expect(reply.statusCode).toBe(500);
    const mine = logs.filter((line) => line.reqId === 'trace-ops-500');
    expect(mine.map((line) => line.msg)).toEqual([
      'incoming request',
      'unhandled error',
      'request completed',
    ]);
    expect(mine[1]?.level).toBe(50);
    // Every line written while serving requests carries its request's id.
    const requestLines = logs.filter((line) => /request|error/.test(line.msg));
    expect(requestLines.length).toBeGreaterThan(10);
    expect(requestLines.filter((line) => !line.reqId)).toEqual([]);
  });

  it('has no metrics endpoint without METRICS_TOKEN', async () => {
    const reply = await call(app, {
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(reply.status).toBe(404);
  });
});

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const ALLOWED = 'https://portal.example.com';

describeEachDatabase('production settings: HSTS, CORS allow-list, rate limit, metrics', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        NODE_ENV: 'production',
        ALTCHA_HMAC_KEY: 'altcha-key-for-production-tests-0123456789',
        WEBHOOK_SECRET_KEY: 'webhook-key-for-production-tests-0123456789',
        CAPTCHA_FIXED: '',
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        CORS_ORIGINS: `${ALLOWED}, https://admin.example.com`,
        RATE_LIMIT_PER_MINUTE: '5',
        METRICS_TOKEN,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each test is its own client (TRUST_PROXY: the address comes from X-Forwarded-For). */
  let clients = 0;
  const client = () => `198.51.100.${++clients}`;

  it('sends HSTS in production', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': client() },
    });
    expect(reply.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(String(reply.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('answers the listed origins only, preflight included', async () => {
    const ip = client();
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/system/config',
      headers: { origin: ALLOWED, 'x-forwarded-for': ip },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(allowed.headers.vary)).toMatch(/origin/i);
    expect(String(allowed.headers['access-control-expose-headers'])).toContain('X-Renewed-Token');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/rate/1',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,lang',
        'x-forwarded-for': ip,
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);

    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/rate/1',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'PUT',
        'x-forwarded-for': client(),
      },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits each client address to RATE_LIMIT_PER_MINUTE API requests: 429, Retry-After, the envelope', async () => {
    const ip = client();
    const get = (url: string, lang?: 'cn' | 'en', address = ip) =>
      call(t.app, { method: 'GET', url, headers: { 'x-forwarded-for': address }, lang });
    for (let i = 0; i < 5; i++) {
      const reply = await get('/api/system/config');
      expect(reply.status).toBe(200);
      expect(reply.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    const limited = await get('/api/system/config', 'en');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(errorEnvelope.parse(limited.body)).toEqual({
      code: 1,
      msg: `Too many requests; please try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}`,
    });
    expect(limited.headers['x-request-id']).toMatch(UUID);
    expect((await get('/api/system/dictionary?field=status', 'cn')).body).toMatchObject({
      code: 1,
      msg: expect.stringMatching(/^请求过于频繁，请 \d+ 秒后再试$/),
    });
    // Unknown API paths count too; health checks, metrics and non-API paths never do.
    expect((await get('/api/no/such/thing')).status).toBe(429);
    expect((await get('/api/ready')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/version.json', headers: { 'x-forwarded-for': ip } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { 'x-forwarded-for': ip, authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).statusCode,
    ).toBe(200);
    // Another address has its own allowance.
    expect((await get('/api/system/config', undefined, client())).status).toBe(200);
  });

  it('serves Prometheus metrics to the holder of METRICS_TOKEN only', async () => {
    const ip = client();
    await t.app.inject({ method: 'GET', url: '/api/system/config', headers: { 'x-forwarded-for': ip } });
    await t.app.inject({ method: 'GET', url: '/api/rate/42', headers: { 'x-forwarded-for': ip } });
    const metrics = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { 'x-forwarded-for': ip, ...(authorization ? { authorization } : {}) },
      });
    for (const wrong of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Basic ${METRICS_TOKEN}`,
      `Bearer ${METRICS_TOKEN}x`,
    ]) {
      const reply = await metrics(wrong);
      expect(reply.statusCode, wrong).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
      expect(errorEnvelope.parse(reply.json()).code).toBe(1);
    }
    const reply = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.body;
    const series = (name: string, labels: Record<string, string>) =>
      text
        .split('\n')
        .filter(
          (line) =>
            line.startsWith(`${name}{`) &&
            Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)),
        );
    expect(
      series('http_request_duration_seconds_bucket', {
        route: '/api/system/config',
        method: 'GET',
        status_code: '200',
      }).length,
    ).toBeGreaterThan(5);
    expect(
      series('http_request_duration_seconds_count', { route: '/api/system/config', status_code: '200' }),
    ).toHaveLength(1);
    expect(
      series('http_requests_total', { route: '/api/system/config', method: 'GET', status_code: '200' }),
    ).toHaveLength(1);
    // The route pattern, never the raw URL.
    expect(series('http_requests_total', { route: '/api/rate/:id', status_code: '401' })).toHaveLength(1);
    expect(text).not.toContain('/api/rate/42');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    if (kind === 'postgres') {
      expect(text).toMatch(/^db_pool_clients \d+$/m);
      expect(text).toMatch(/^db_pool_idle_clients \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests 0$/m);
      expect(text).toMatch(/^db_pool_max_clients 5$/m);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });
});

describe('configuration of the operations settings', () => {
  it('reads the defaults: CORS closed, 600 requests a minute, no metrics', () => {
    expect(loadConfig({})).toMatchObject({
      corsOrigins: [],
      rateLimitPerMinute: 600,
      metricsToken: undefined,
    });
    expect(
      loadConfig({ RATE_LIMIT_PER_MINUTE: '0', CORS_ORIGINS: 'https://a.example, http://b.example:8080' }),
    ).toMatchObject({
      rateLimitPerMinute: 0,
      corsOrigins: ['https://a.example', 'http://b.example:8080'],
    });
  });

  it('refuses bad values, without printing a secret', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS="\*": must list origins/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN=\(hidden\): must be 16 to 200/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).not.toThrow(/short/);
  });
});
