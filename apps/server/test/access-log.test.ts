import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { signUnsubscribe } from '../src/modules/mail-preferences/tokens.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers.js';

type LogLine = { level: number; msg: string; reqId?: string; req?: { url: string } };
const DEBUG = 20;
const INFO = 30;

/**
 * The access log of a real app instance, with the production logger configuration at debug: what
 * it writes of secrets carried in a path, and at which level it writes the probes.
 */
describeEachDatabase('the access log', (kind) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let unsubscribeKey: string;
  const logs: LogLine[] = [];
  const raw: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-access-log-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent-web-dist',
      DATA_DIR: dataDir,
      CAPTCHA_FIXED: 'test',
    });
    unsubscribeKey = config.unsubscribeHmacKey;
    app = await buildApp({
      config,
      database,
      logger: {
        level: 'debug',
        stream: {
          write: (line: string) => {
            raw.push(line);
            logs.push(JSON.parse(line) as LogLine);
          },
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const linesOf = (reqId: string | undefined) => logs.filter((line) => line.reqId === reqId);

  it('writes no token of a path or query: invitation links, unsubscribe links, reset links', async () => {
    const token = () => randomBytes(32).toString('base64url');
    const secrets: string[] = [];
    const calls: { method: 'GET' | 'POST'; url: (secret: string) => string }[] = [
      { method: 'GET', url: (s) => `/api/invitations/${s}` },
      { method: 'GET', url: (s) => `/api/invitations/${s}?lang=en` },
      // No route: the token is in the path all the same.
      { method: 'POST', url: (s) => `/api/invitations/${s}` },
      { method: 'GET', url: (s) => `/api/invitations/${s}/more` },
      { method: 'GET', url: (s) => `/api/unsubscribe?token=${s}` },
      { method: 'POST', url: (s) => `/api/unsubscribe?token=${s}` },
      { method: 'GET', url: (s) => `/join?token=${s}` },
      { method: 'GET', url: (s) => `/unsubscribe?token=${s}` },
      { method: 'GET', url: (s) => `/forget-password?email=a%40b.c&token=${s}` },
    ];
    for (const call of calls) {
      const secret = token();
      secrets.push(secret);
      const reply = await app.inject({ method: call.method, url: call.url(secret) });
      expect(linesOf(String(reply.headers['x-request-id'])).length, call.url('…')).toBeGreaterThan(0);
    }
    // A real signed unsubscribe token too (it holds the person and the scope, and it works).
    const signed = signUnsubscribe(unsubscribeKey, { personId: 1, scope: 'all' });
    secrets.push(signed);
    await app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(signed)}` });

    const log = raw.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
    const urls = logs.flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/api/invitations/[redacted]');
    expect(urls).toContain('/api/invitations/[redacted]?lang=en');
    expect(urls).toContain('/api/invitations/[redacted]/more');
    // Routes that only look alike keep their path: the log still says what was asked.
    await app.inject({ method: 'POST', url: '/api/invitations/accept', payload: {} });
    expect(logs.flatMap((line) => (line.req ? [line.req.url] : []))).toContain('/api/invitations/accept');
  });

  it('writes the health and readiness probes at debug, other requests at info', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      const lines = linesOf(String(reply.headers['x-request-id']));
      expect(
        lines.map((line) => line.msg),
        url,
      ).toEqual(['incoming request', 'request completed']);
      expect(
        lines.every((line) => line.level === DEBUG),
        url,
      ).toBe(true);
    }
    const other = await app.inject({ method: 'GET', url: '/api/system/config' });
    const lines = linesOf(String(other.headers['x-request-id']));
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.every((line) => line.level === INFO)).toBe(true);
  });
});
