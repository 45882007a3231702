import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { pageOffset } from '../../platform/sql.js';
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

/** One owner's files of one kind, newest first, a page at a time. */
export async function findFilePage(
  db: Db,
  options: { companyId: number; kind: string; page: number; size: number },
): Promise<{ rows: FileRow[]; total: number }> {
  const where = and(eq(files.companyId, options.companyId), eq(files.kind, options.kind));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(options.size)
      .offset(pageOffset(options.page, options.size)),
    db.select({ value: count() }).from(files).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countFiles(db: Db, companyId: number, kind: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.kind, kind)));
  return row?.value ?? 0;
}
