import type { ContactQuery } from '@freight/contract';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { likePattern, pageOffset } from '../../platform/sql.js';
import { contacts, countries } from '../../db/schema.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

const withCountry = {
  contact: contacts,
  countryEn: countries.nameEn,
  countryZh: countries.nameZh,
};

export async function findContactPage(db: Db, ownerId: number, query: ContactQuery) {
  const pattern = query.keyword ? likePattern(query.keyword) : undefined;
  const where = and(
    eq(contacts.ownerId, ownerId),
    query.type ? eq(contacts.type, query.type) : undefined,
    pattern
      ? or(
          ilike(contacts.company1, pattern),
          ilike(contacts.company2, pattern),
          ilike(contacts.linkman, pattern),
          ilike(contacts.phone, pattern),
          ilike(contacts.email, pattern),
          ilike(contacts.city, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(withCountry)
      .from(contacts)
      .innerJoin(countries, eq(countries.id, contacts.countryId))
      .where(where)
      .orderBy(desc(contacts.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findContact(db: Db, ownerId: number, id: number) {
  const [row] = await db
    .select(withCountry)
    .from(contacts)
    .innerJoin(countries, eq(countries.id, contacts.countryId))
    .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)))
    .limit(1);
  return row;
}

export async function insertContact(db: Db, ownerId: number, values: ContactValues): Promise<number> {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, ownerId })
    .returning({ id: contacts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateContact(
  db: Db,
  ownerId: number,
  id: number,
  values: ContactValues,
): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)))
    .returning({ id: contacts.id });
  return rows.length === 1;
}

/** Deletes the member's contacts among `ids`; returns how many went. */
export async function deleteContacts(db: Db, ownerId: number, ids: number[]): Promise<number> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id });
  return rows.length;
}

/**
 * Inserts or, for a contact already in the book (same dedupe key), updates. Returns how many rows
 * were new. One statement per chunk keeps a 10,000-row import fast on both drivers.
 */
export async function upsertContacts(db: Db, ownerId: number, values: ContactValues[]): Promise<number> {
  let created = 0;
  for (let start = 0; start < values.length; start += 500) {
    const chunk = values.slice(start, start + 500).map((v) => ({ ...v, ownerId }));
    const rows = await db
      .insert(contacts)
      .values(chunk)
      .onConflictDoUpdate({
        target: [contacts.ownerId, contacts.dedupeKey],
        set: {
          company2: sql`excluded.company2`,
          address1: sql`excluded.address1`,
          address2: sql`excluded.address2`,
          city: sql`excluded.city`,
          province: sql`excluded.province`,
          countryId: sql`excluded.country_id`,
          zipCode: sql`excluded.zip_code`,
          phone: sql`excluded.phone`,
          email: sql`excluded.email`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    created += rows.filter((row) => row.inserted === true || String(row.inserted) === 'true').length;
  }
  return created;
}

export async function allCountries(db: Db) {
  return db
    .select({
      id: countries.id,
      code: countries.code,
      code3: countries.code3,
      nameEn: countries.nameEn,
      nameZh: countries.nameZh,
    })
    .from(countries)
    .orderBy(countries.sort);
}
