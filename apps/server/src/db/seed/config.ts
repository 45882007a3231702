import { CONFIG_DEFAULTS } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { systemConfig } from '../schema.js';

/** Adds the configuration entries that are missing, with their defaults; never overwrites a set value. */
export async function seedConfig(db: Db): Promise<void> {
  await db
    .insert(systemConfig)
    .values(Object.entries(CONFIG_DEFAULTS).map(([name, value]) => ({ name, value })))
    .onConflictDoNothing({ target: systemConfig.name });
}
