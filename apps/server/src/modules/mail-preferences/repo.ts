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
 * Takes a person's events queued before `before` out of the queue and returns them. Rows another
 * instance is taking at the same moment are skipped (FOR UPDATE SKIP LOCKED), so each event is
 * taken once; the short statement holds no lock while the mail is sent.
 */
export async function takeQueued(db: Db, personId: number, before: Date) {
  const claimed = db
    .select({ id: mailDigestQueue.id })
    .from(mailDigestQueue)
    .where(and(eq(mailDigestQueue.personId, personId), lt(mailDigestQueue.createdAt, before)))
    .for('update', { skipLocked: true });
  const rows = await db.delete(mailDigestQueue).where(inArray(mailDigestQueue.id, claimed)).returning();
  return rows.sort((a, b) => a.id - b.id);
}
