import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { describe, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { seedBase } from '../src/db/seed/index.js';
import { type Database, openDatabase, runMigrations } from '../src/platform/db.js';
import { ENGINE_INDEPENDENT } from './databases.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Runs a suite once per database kind, e.g. "reference lists [postgres]", or once on PGlite as
 * "… [pglite only]" when its file is declared independent of the engine in databases.ts.
 */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void) {
  const file = path.basename(expect.getState().testPath ?? '');
  if (ENGINE_INDEPENDENT[file]) {
    describe(`${name} [pglite only]`, () => suite('pglite'));
    return;
  }
  for (const kind of testDatabaseKinds()) describe(`${name} [${kind}]`, () => suite(kind));
}

/** `url`: the PostgreSQL database's own connection URL (for a child process); none for PGlite. */
export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/**
 * A fresh, migrated and seeded database of the given kind: in-memory PGlite, or a new database on
 * the TEST_DATABASE_URL server that drop() removes again.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const copy = kind === 'pglite' ? await copyPgliteTemplate() : await copyPostgresTemplate();
  if (copy) return copy;
  const database = await createEmptyDatabase(kind);
  await runMigrations(database);
  await seedBase(database.db);
  return database;
}

/** The migrated and seeded PGlite of global-setup.ts, read once per suite file. */
let pgliteDump: Blob | undefined;
async function copyPgliteTemplate(): Promise<TestDatabase | undefined> {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteDump ??= new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ pgliteDump });
  return { ...database, drop: () => database.close() };
}

/** A new PostgreSQL database copied from global-setup.ts's migrated and seeded one. */
async function copyPostgresTemplate(): Promise<TestDatabase | undefined> {
  const template = inject('postgresTemplate');
  return template ? createPostgresDatabase(template) : undefined;
}

/** A fresh database of the given kind with nothing in it, not even migrations (see createTestDatabase). */
export async function createEmptyDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { ...database, drop: () => database.close() };
  }
  return createPostgresDatabase();
}

/** A new database on the TEST_DATABASE_URL server, empty or a copy of `template`. */
async function createPostgresDatabase(template?: string): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
};

/** The real app on a fresh database. `env` overrides configuration variables. */
export async function createTestApp(
  kind: DatabaseKind,
  options: { env?: Record<string, string>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  return createTestAppOn(await createTestDatabase(kind), options);
}

/** The real app on a database the test prepared itself; close() drops the database too. */
export async function createTestAppOn(
  database: TestDatabase,
  options: { env?: Record<string, string>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    CAPTCHA_FIXED: 'test',
    // Suites send thousands of requests a minute from one address; ops.test.ts proves the limit.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends a request and parses the JSON envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { lang?: 'cn' | 'en' },
) {
  const { lang, ...inject } = options;
  const response = await app.inject({
    ...inject,
    headers: { ...(lang ? { lang } : {}), ...inject.headers },
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as T };
}
