import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Db } from '../../apps/server/src/surface.js';

export type Statement = { sql: string; params: unknown[] };

/** The SQL the server's own code runs for `work`, captured through Drizzle's logger. */
export async function captureSql(url: string, work: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: Statement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => captured.push({ sql: text, params }) },
  }) as unknown as Db;
  try {
    await work(db);
  } finally {
    await pool.end();
  }
  return captured;
}
