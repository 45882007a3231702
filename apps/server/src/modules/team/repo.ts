import type { Role } from '@freight/contract';
import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { invitations, people, companies } from '../../db/schema.js';

export type InvitationRecord = typeof invitations.$inferSelect;

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
const valid = and(pending, gt(invitations.expiresAt, sql`now()`));

export async function insertInvitation(
  db: Db,
  values: typeof invitations.$inferInsert,
): Promise<InvitationRecord> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The company's invitations not yet accepted nor revoked (expired ones too, flagged by the caller). */
export function listPendingInvitations(db: Db, companyId: number): Promise<InvitationRecord[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), pending))
    .orderBy(asc(invitations.id));
}

/** A pending invitation of the company; another company's, an accepted or a revoked one is not found. */
export async function findPendingInvitation(
  db: Db,
  companyId: number,
  id: number,
): Promise<InvitationRecord | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.companyId, companyId), pending))
    .limit(1);
  return row;
}

/** Whether the company has an invitation to the address that can still be accepted. */
export async function hasValidInvitation(db: Db, companyId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.email, email), valid))
    .limit(1);
  return row !== undefined;
}

/** A valid invitation by its token's hash, with the inviting company's names. */
export async function findValidInvitationByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, company1: companies.company1, company2: companies.company2 })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.tokenHash, tokenHash), valid))
    .limit(1);
  return row;
}

/**
 * Marks a valid invitation accepted. Of two concurrent accepts of one token only one finds it
 * still valid (the row is locked by the first update until its transaction ends).
 */
export async function claimInvitation(db: Db, tokenHash: string): Promise<InvitationRecord | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.tokenHash, tokenHash), valid))
    .returning();
  return row;
}

/** A new token and expiry for a pending invitation of the company. */
export async function renewInvitation(
  db: Db,
  companyId: number,
  id: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<InvitationRecord | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash, expiresAt })
    .where(and(eq(invitations.id, id), eq(invitations.companyId, companyId), pending))
    .returning();
  return row;
}

/** Revokes a pending invitation of the company; answers its address, or undefined if none was. */
export async function revokeInvitation(db: Db, companyId: number, id: number): Promise<string | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.id, id), eq(invitations.companyId, companyId), pending))
    .returning({ email: invitations.email });
  return row?.email;
}

/**
 * Revokes the pending invitations that `personId` sent for the company to a role outside `keep` (the
 * roles they may still give; none when they leave). An invitation carries its sender's authority:
 * once the sender loses it, the link must not let anyone in on their behalf.
 */
export async function revokeInvitationsBeyond(
  db: Db,
  companyId: number,
  personId: number,
  keep: readonly Role[],
): Promise<number> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.invitedBy, personId),
        pending,
        keep.length > 0 ? notInArray(invitations.role, [...keep]) : undefined,
      ),
    )
    .returning({ id: invitations.id });
  return rows.length;
}

/**
 * The sender of an invitation as they are now, their row shared-locked until the transaction ends
 * (a role change or removal of theirs waits, and then revokes what is still pending).
 */
export async function lockInviter(db: Db, personId: number) {
  const [row] = await db
    .select({ companyId: people.companyId, role: people.role })
    .from(people)
    .where(eq(people.id, personId))
    .for('share');
  return row;
}

/** Locks the given people's rows (FOR UPDATE, in id order) and returns them as they now are. */
export function lockPeople(db: Db, companyId: number, ids: number[]) {
  return db
    .select()
    .from(people)
    .where(and(eq(people.companyId, companyId), inArray(people.id, ids)))
    .orderBy(asc(people.id))
    .for('update');
}

/** The company's names and its language-neutral data an invitation mail needs. */
export async function companyNames(db: Db, companyId: number) {
  const [row] = await db
    .select({ company1: companies.company1, company2: companies.company2 })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}
