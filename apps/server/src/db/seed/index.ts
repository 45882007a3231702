import type { Db } from '../../platform/db.js';
import { seedConfig } from './config.js';
import { seedReferenceData } from './reference.js';

/** Seeds what every database needs (reference data, configuration defaults). Idempotent. */
export async function seedBase(db: Db): Promise<void> {
  await seedReferenceData(db);
  await seedConfig(db);
}
