import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedBase } from '../src/db/seed/index.js';
import type { Database } from '../src/platform/db.js';
import type { DatabaseKind } from './helpers.js';

/* For the suites that upgrade a database written as the schema stood at an older migration. */

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * Migrates to `last` with Drizzle's own migrator, reading a copy of the migrations whose journal stops
 * there; the real runMigrations then applies the rest as an upgrade would.
 */
export async function migrateUpTo(database: Database, kind: DatabaseKind, last: number): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  try {
    fs.cpSync(MIGRATIONS, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= last);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    if (kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Seeds today's reference data into a database migrated only up to 0030 or before: the seed writes
 * each port's time zone, a column 0031 adds, so the column is lent for the seed and taken back. The
 * later migrations then find the database as a server seeded before them left it.
 */
export async function seedBeforeTimeZones(database: Database): Promise<void> {
  await database.db.execute(sql`alter table ports add column time_zone varchar(64)`);
  await seedBase(database.db);
  await database.db.execute(sql`alter table ports drop column time_zone`);
}
