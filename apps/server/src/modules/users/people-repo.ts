import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { people, companies } from '../../db/schema.js';

export type PersonRow = typeof people.$inferSelect;
type NewPerson = typeof people.$inferInsert;
export type PersonPatch = Partial<
  Pick<NewPerson, 'passwordHash' | 'name' | 'role' | 'language' | 'companyId'>
>;

export async function insertPerson(db: Db, person: NewPerson): Promise<PersonRow> {
  const [row] = await db.insert(people).values(person).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A person by login e-mail (lower-cased by the caller), with their company's name. */
export async function findPersonByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ person: people, company: companies.company1 })
    .from(people)
    .innerJoin(companies, eq(companies.id, people.companyId))
    .where(eq(people.email, email))
    .limit(1);
  return row;
}

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(people).where(eq(people.id, id)).limit(1);
  return row;
}

export async function updatePerson(db: Db, id: number, patch: PersonPatch): Promise<void> {
  await db.update(people).set(patch).where(eq(people.id, id));
}

export async function deletePerson(db: Db, id: number): Promise<void> {
  await db.delete(people).where(eq(people.id, id));
}

export async function touchSignIn(db: Db, id: number): Promise<void> {
  await db
    .update(people)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(people.id, id));
}

export async function listCompanyPeople(db: Db, companyId: number): Promise<PersonRow[]> {
  return db.select().from(people).where(eq(people.companyId, companyId)).orderBy(asc(people.id));
}

/**
 * Locks the company's owners (FOR UPDATE) and counts them: two concurrent demotions or removals
 * of owners queue here, so the second sees the first's result and cannot leave the company
 * without one. Call inside the transaction that makes the change.
 */
export async function lockOwners(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.companyId, companyId), eq(people.role, 'owner')))
    .orderBy(asc(people.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Every company with its number of people, for the admin CLI. */
export async function listCompanies(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.company1,
      email: companies.username,
      isForwarder: companies.isForwarder,
      people: sql<number>`count(${people.id})::int`,
    })
    .from(companies)
    .leftJoin(people, eq(people.companyId, companies.id))
    .groupBy(companies.id)
    .orderBy(asc(companies.id));
}

/** A company by id, or by the e-mail it registered with (lower-cased by the caller). */
export async function findCompany(db: Db, key: { id: number } | { email: string }) {
  const [row] = await db
    .select({ id: companies.id, name: companies.company1, email: companies.username })
    .from(companies)
    .where('id' in key ? eq(companies.id, key.id) : eq(companies.username, key.email))
    .limit(1);
  return row;
}
