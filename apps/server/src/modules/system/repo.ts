import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { incoterms, systemConfig } from '../../db/schema.js';

export async function readConfigRows(db: Db): Promise<{ name: string; value: string }[]> {
  return db.select({ name: systemConfig.name, value: systemConfig.value }).from(systemConfig);
}

export async function writeConfigValue(db: Db, name: string, value: string): Promise<void> {
  await db
    .insert(systemConfig)
    .values({ name, value })
    .onConflictDoUpdate({ target: systemConfig.name, set: { value, updatedAt: new Date() } });
}

export async function readIncoterms(db: Db) {
  return db
    .select({ code: incoterms.code, nameEn: incoterms.nameEn, nameZh: incoterms.nameZh })
    .from(incoterms)
    .orderBy(asc(incoterms.sort), asc(incoterms.id));
}
