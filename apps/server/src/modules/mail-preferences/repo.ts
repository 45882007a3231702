import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { mailDigestQueue, mailPreferences, people } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';

/* E-mail preferences and the digest queue: every read and write is scoped by person. */

export async function storedPreferences(db: Db, personId: number) {
  return db
    .select({ event: mailPreferences.event, mode: mailPreferences.mode })
    .from(mailPreferences)
    .where(eq(mailPreferences.personId, personId));
}

export async function upsertPreferences(
  db: Db,
  personId: number,
  rows: { event: string; mode: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(mailPreferences)
    .values(rows.map((row) => ({ personId, ...row })))
    .onConflictDoUpdate({
      target: [mailPreferences.personId, mailPreferences.event],
      set: { mode: sql`excluded.mode`, updatedAt: sql`now()` },
    });
}

/** The people of a company with what a mail to them needs, and their stored choices for `event`. */
export async function companyPeopleFor(db: Db, companyId: number, event: string) {
  return db
    .select({
      id: people.id,
      email: people.email,
      language: people.language,
      role: people.role,
      mode: mailPreferences.mode,
    })
    .from(people)
    .leftJoin(mailPreferences, and(eq(mailPreferences.personId, people.id), eq(mailPreferences.event, event)))
    .where(eq(people.companyId, companyId))
    .orderBy(asc(people.id));
}

export async function findPersonById(db: Db, personId: number) {
  const [row] = await db
    .select({ id: people.id, email: people.email, language: people.language, companyId: people.companyId })
    .from(people)
    .where(eq(people.id, personId));
  return row;
}

export type QueuedEvent = typeof mailDigestQueue.$inferInsert;

export async function queueEvents(db: Db, rows: QueuedEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailDigestQueue).values(rows);
}

/** The people with events queued before `before`. */
export async function peopleWithQueued(db: Db, before: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ personId: mailDigestQueue.personId })
    .from(mailDigestQueue)
    .where(lt(mailDigestQueue.createdAt, before));
  return rows.map((row) => row.personId);
}

/**
 * A person's events queued before `before`, locked for this transaction; rows another instance is
 * sending are skipped (FOR UPDATE SKIP LOCKED), so each event goes out once.
 */
export async function claimQueued(db: Db, personId: number, before: Date) {
  return db
    .select()
    .from(mailDigestQueue)
    .where(and(eq(mailDigestQueue.personId, personId), lt(mailDigestQueue.createdAt, before)))
    .orderBy(asc(mailDigestQueue.id))
    .for('update', { skipLocked: true });
}

export async function deleteQueued(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(mailDigestQueue).where(inArray(mailDigestQueue.id, ids));
}
