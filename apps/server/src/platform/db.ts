import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from '../db/schema.js';
import { trackCommits } from './commit-events.js';

// Each driver is loaded only when it is used: an embedded portal does not carry node-postgres, a
// PostgreSQL one does not carry the PGlite WASM module (about 15 MB resident each).

type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The rows a raw statement answers. Both drivers answer `{ rows }`, which the driver-neutral Db
 * type cannot state: this is the one place that says so.
 */
export async function rowsOf<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** apps/server/src/db/migrations, found from src/platform or dist/platform alike. */
const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Hides the password of a connection URL in messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export class DatabaseUnavailableError extends Error {}

/** Opens PostgreSQL (when a URL is given) or embedded PGlite in `dataDir`, and checks that it answers. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite only: let V8 optimize its hot code (see openPglite). */
  pgliteOptimize?: boolean;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  pgliteDump?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.pgliteOptimize ?? false, options.pgliteDump);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new DatabaseUnavailableError(`Cannot reach the database at ${redactUrl(url)}: ${reason}`);
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  trackCommits(db);
  return {
    db,
    kind: 'postgres',
    ping: () => pingDb(db),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, optimize: boolean, dump?: Blob): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers live inside the server's own heap here (WASM);
  // 16 MB keeps an embedded portal near 300 MB resident, the files stay cached by the OS.
  const options = { postgresqlconf: ['shared_buffers = 16MB'], ...(dump ? { loadDataDir: dump } : {}) };
  // PostgreSQL compiled to WebAssembly: by default V8 keeps it on its baseline compiler (Liftoff)
  // rather than tiering hot functions up to TurboFan. Measured on the import benchmarks: ~60 MB
  // less resident memory (idle 205 MB instead of 265), database work ~18% slower (a 50,000-rate
  // import 18 s instead of 15.5). PGLITE_OPTIMIZE=true chooses speed. The flag is read when the
  // module is compiled, which is below, once per process.
  if (!optimize) v8.setFlagsFromString('--liftoff-only');
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  trackCommits(db);
  return {
    db,
    kind: 'pglite',
    ping: () => pingDb(db),
    close: () => client.close(),
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock (on a connection of its own, so that the
 * work's queries use the pool as usual): instances starting together on one database do one-off
 * work, such as seeding it, one after another. The embedded database has one process anyway.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') return work();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

/** Key of the advisory lock that keeps two instances from migrating at the same time. */
const MIGRATION_LOCK = 7_340_112;

/** Applies the committed SQL migrations. On PostgreSQL, instances starting together take turns. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: MIGRATIONS_DIR,
    });
    return;
  }
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
