import path from 'node:path';
import type { Config } from '../config.js';
import { type Database, openDatabase, runMigrations } from '../platform/db.js';
import { seedBase } from './seed/index.js';

/** Opens the configured database (PostgreSQL, or PGlite in DATA_DIR/pglite), migrates it and seeds reference data. */
export async function prepareDatabase(config: Config, poolSize = config.databasePoolSize): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize,
    pgliteOptimize: config.pgliteOptimize,
  });
  try {
    await runMigrations(database);
    await seedBase(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
