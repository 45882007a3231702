import path from 'node:path';
import type { Config } from '../config.js';
import { type Database, openDatabase, runMigrations } from '../platform/db.js';
import { seedBase } from './seed/index.js';

/**
 * Opens the configured database (PostgreSQL, or PGlite in DATA_DIR/pglite), migrates it and seeds
 * reference data. `migrated` runs in between (a copy of a template is brought to its day there).
 */
export async function prepareDatabase(
  config: Config,
  poolSize = config.databasePoolSize,
  migrated?: (database: Database) => Promise<void>,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize,
    pgliteOptimize: config.pgliteOptimize,
  });
  try {
    await runMigrations(database);
    await migrated?.(database);
    await seedBase(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
