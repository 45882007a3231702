import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers.js';
import { login, register, registrationForm, uniqueEmail } from './fixtures.js';

/**
 * Failures that fail no request are logged at error level and counted in the
 * metrics, instead of passing unseen: a stored password hash argon2 cannot read (it looked like a
 * wrong password) and the closed-site gate unable to read the configuration. The quote board's
 * background refresh is covered in board-cache.test.ts.
 */
type LogLine = { level: number; msg: string; incident?: string };
const METRICS_TOKEN = 'metrics-token-for-incident-tests-0123';
const ERROR = 50;

describeEachDatabase('incidents: logged at error level and counted', (kind) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-incidents-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent-web-dist',
      DATA_DIR: dataDir,
      CAPTCHA_FIXED: 'test',
      RATE_LIMIT_PER_MINUTE: '1000000',
      METRICS_TOKEN,
    });
    app = await buildApp({
      config,
      database,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const counted = async (incident: string) => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = reply.body.split('\n').find((l) => l.startsWith(`app_incidents_total{kind="${incident}"}`));
    return Number(line?.split(' ').pop());
  };
  const logged = (incident: string) =>
    logs.filter((l) => l.incident === incident && l.level === ERROR).length;

  it('refuses a password against an unreadable stored hash as a wrong one, and reports it', async () => {
    const username = uniqueEmail('corrupt');
    expect((await register(app, registrationForm({ username, password: 'quay-lantern-42' }))).status).toBe(
      200,
    );
    const before = await counted('password_hash_unreadable');
    await database.db.execute(
      sql`update people set password_hash = ${'$argon2id$v=19$m=19456,t=2,p=1$truncated'} where email = ${username}`,
    );
    const reply = await login(app, username, 'quay-lantern-42', 'en');
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe('Login failed, please check your username and password');
    expect(await counted('password_hash_unreadable')).toBe(before + 1);
    expect(logged('password_hash_unreadable')).toBe(1);
  });

  it('reports a closed-site gate that cannot read the configuration, and keeps the site open', async () => {
    const before = await counted('site_config_read');
    await database.db.execute(sql`alter table system_config rename to system_config_away`);
    try {
      // The gate reads the switch at most every 5 s; read it now, as the admin CLI's change would.
      const state = await app.closedGate.refresh();
      expect(state.closed).toBe(false);
      const reply = await app.inject({ method: 'GET', url: '/api/quote' });
      // Not closed by the failed read: the route answers for itself (here: sign in first).
      expect(reply.statusCode).toBe(401);
    } finally {
      await database.db.execute(sql`alter table system_config_away rename to system_config`);
    }
    expect(await counted('site_config_read')).toBeGreaterThan(before);
    expect(logged('site_config_read')).toBeGreaterThan(0);
  });
});
