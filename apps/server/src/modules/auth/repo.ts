import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { statementsByShape } from '../../platform/sql.js';
import { people, sessions, companies } from '../../db/schema.js';

/**
 * What a live session finds: the person and their company. `authorities` are the company's; the
 * session hook narrows them by the person's role.
 */
export type SessionRow = {
  companyId: number;
  personId: number;
  email: string;
  name: string;
  role: string;
  language: string;
  companyAuthorities: string[];
};

export async function insertSession(
  db: Db,
  values: { personId: number; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

function liveSessionQuery(db: Db, statementName: string) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      renewedAt: sessions.renewedAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        companyId: people.companyId,
        personId: people.id,
        email: people.email,
        name: people.name,
        role: people.role,
        language: people.language,
        companyAuthorities: companies.authorities,
      },
    })
    .from(sessions)
    .innerJoin(people, eq(people.id, sessions.personId))
    .innerJoin(companies, eq(companies.id, people.companyId))
    .where(
      and(
        or(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          and(
            eq(sessions.previousTokenHash, sql.placeholder('hash')),
            gt(sessions.previousValidUntil, sql`now()`),
          ),
        ),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sql.placeholder('idleSeconds')})`),
      ),
    )
    .limit(1)
    .prepare(statementName);
}

/** Every signed-in request runs it: built once per database, prepared once per connection. */
const liveSessionQueries = statementsByShape<ReturnType<typeof liveSessionQuery>>('live_session', 1);

/**
 * The live session a token hash belongs to: its current hash, or its previous hash while the
 * renewal grace lasts. Revoked, idle-expired and absolutely-expired sessions are not found.
 */
export async function findLiveSession(db: Db, tokenHash: string, idleMs: number) {
  const query = liveSessionQueries(db, '', (statementName) => liveSessionQuery(db, statementName));
  const [row] = await query.execute({ hash: tokenHash, idleSeconds: idleMs / 1000 });
  return row;
}

/** Swaps in a new token hash; of two concurrent renewals only the first changes the row. */
export async function renewSession(
  db: Db,
  id: number,
  oldHash: string,
  newHash: string,
  graceMs: number,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({
      tokenHash: newHash,
      previousTokenHash: oldHash,
      previousValidUntil: sql`now() + make_interval(secs => ${graceMs / 1000})`,
      renewedAt: sql`now()`,
      lastSeenAt: sql`now()`,
    })
    .where(and(eq(sessions.id, id), eq(sessions.tokenHash, oldHash)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function touchSession(db: Db, id: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, id));
}

export async function revokeSessionByHash(db: Db, tokenHash: string): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(sessions.tokenHash, tokenHash), eq(sessions.previousTokenHash, tokenHash)),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of a person, or every one but `exceptId`. */
export async function revokePersonSessions(db: Db, personId: number, exceptId?: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.personId, personId),
        isNull(sessions.revokedAt),
        exceptId === undefined ? undefined : ne(sessions.id, exceptId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Of `ids`, the sessions still live (not revoked, not expired, not idle), with their person's company. */
export async function liveSessionsAmong(
  db: Db,
  ids: number[],
  idleMs: number,
): Promise<{ id: number; companyId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: sessions.id, companyId: people.companyId })
    .from(sessions)
    .innerJoin(people, eq(people.id, sessions.personId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    );
}
