import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated and seeded PGlite data directory. */
    pgliteTemplate: string;
    /** The name of a migrated and seeded PostgreSQL database to copy (empty without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

const MAKER = fileURLToPath(new URL('./make-templates.ts', import.meta.url));

/**
 * The API suites make a fresh database for nearly every app they start, about two hundred in a run.
 * Migrating and seeding each is cheap; a new PGlite is not (its initdb costs about 2 s of CPU, a
 * copy of a dump 0.6 s). So the migrated and seeded database is made once per run, on each engine
 * (make-templates.ts), and helpers.createTestDatabase copies it: PGlite from the dump, PostgreSQL
 * with CREATE DATABASE … TEMPLATE. Suites that test migrations start from an empty database.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-template-'));
  const dumpFile = path.join(dir, 'pglite.tar');
  const made = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', MAKER, dumpFile], {
    encoding: 'utf8',
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (made.status !== 0) throw new Error(`making the test databases failed (${made.status})`);
  const postgresTemplate = made.stdout.trim();
  project.provide('pgliteTemplate', dumpFile);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl || !postgresTemplate) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
    await admin.end();
  };
}
