import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { files } from '../../db/schema.js';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<string> {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export async function deleteFiles(db: Db, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.delete(files).where(inArray(files.id, ids)).returning();
}
