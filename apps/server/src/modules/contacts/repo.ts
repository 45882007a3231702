import {
  CONTACT_PARTY_FIELD_NAMES,
  CONTACT_PARTY_FIELDS,
  type ContactPartyField,
  type ContactQuery,
  contactTypesFor,
  STREET_LINE_JOIN,
} from '@freight/contract';
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../platform/db.js';
import { pageOffset } from '../../platform/sql.js';
import { contactBookTasks, contacts, countries } from '../../db/schema.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactValues = Omit<
  typeof contacts.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

/** Separates the fields in `search_text` (chr(31)); a keyword holding it matches nothing. */
const FIELD_SEPARATOR = '\u001f';

const withCountry = {
  contact: contacts,
  countryEn: countries.nameEn,
  countryZh: countries.nameZh,
};

/** A line break of an address, as contactStreet splits it (a regular expression for PostgreSQL). */
const LINE_BREAK = String.raw`\r?\n`;

const PARTY_COLUMNS: Record<ContactPartyField, PgColumn> = {
  company1: contacts.company1,
  address1: contacts.address1,
  city: contacts.city,
  province: contacts.province,
  zip_code: contacts.zipCode,
  linkman: contacts.linkman,
  phone: contacts.phone,
  email: contacts.email,
};

/**
 * The contract's contactTooLong in SQL: some field longer than the B/L takes (CONTACT_PARTY_FIELDS),
 * the address counted as the one street line the party makes of it (contactStreet). char_length
 * counts characters as contactTooLong does.
 */
function tooLongForBl(): SQL {
  const parts = CONTACT_PARTY_FIELD_NAMES.map((field) => {
    const column = PARTY_COLUMNS[field];
    const text =
      field === 'address1'
        ? sql`regexp_replace(${column}, ${LINE_BREAK}, ${STREET_LINE_JOIN}, 'g')`
        : sql`${column}`;
    return sql`char_length(${text}) > ${sql.raw(String(CONTACT_PARTY_FIELDS[field].max))}`;
  });
  return or(...parts) ?? sql`false`;
}

/**
 * A page of the member's contacts, newest first. The keyword is looked for, case-insensitively, in
 * `search_text` (both company names, contact person, phone, e-mail, city: see the schema): the same
 * contacts as an ILIKE '%keyword%' on each of those columns would find. Both the count and the
 * page's ids come from an index-only scan of `contacts_company_search_idx` (only the member's
 * entries); the page's rows are then read by id. strpos() rather than LIKE: a plain substring test,
 * nothing to escape, and about a quarter cheaper per entry (a trigram index would need LIKE, but it
 * does not pay here: see bench/data.ts).
 */
export async function findContactPage(db: Db, companyId: number, query: ContactQuery) {
  const keyword = query.keyword || undefined;
  const where = and(
    eq(contacts.companyId, companyId),
    query.type ? eq(contacts.type, query.type) : undefined,
    query.party ? inArray(contacts.type, contactTypesFor(query.party)) : undefined,
    query.too_long ? tooLongForBl() : undefined,
    keyword === undefined
      ? undefined
      : keyword.includes(FIELD_SEPARATOR)
        ? sql`false`
        : sql`strpos(${contacts.searchText}, lower(${keyword})) > 0`,
  );
  const pageIds = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(desc(contacts.id))
    .limit(query.size)
    .offset(pageOffset(query.page, query.size));
  const [rows, [total]] = await Promise.all([
    db
      .select(withCountry)
      .from(contacts)
      .innerJoin(countries, eq(countries.id, contacts.countryId))
      .where(inArray(contacts.id, pageIds))
      .orderBy(desc(contacts.id)),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findContact(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select(withCountry)
    .from(contacts)
    .innerJoin(countries, eq(countries.id, contacts.countryId))
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
    .limit(1);
  return row;
}

export async function insertContact(db: Db, companyId: number, values: ContactValues): Promise<number> {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, companyId })
    .returning({ id: contacts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateContact(
  db: Db,
  companyId: number,
  id: number,
  values: ContactValues,
): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
    .returning({ id: contacts.id });
  return rows.length === 1;
}

/** Deletes the member's contacts among `ids`; returns those that went. */
export async function deleteContacts(db: Db, companyId: number, ids: number[]) {
  return db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id, company1: contacts.company1, linkman: contacts.linkman });
}

/** The member's contact, locked for the rest of the transaction. */
export async function lockContact(db: Db, companyId: number, id: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
    .for('update');
  return row;
}

/**
 * Inserts or, for a contact already in the book (same dedupe key), updates. Returns how many rows
 * were new. 1,000 contacts to a statement, their values as one array per column (`unnest`): a
 * statement's text and parse tree stay small whatever the chunk (the embedded database's memory
 * never shrinks once grown), and a 10,000-row import is one tenth of the round trips.
 */
export async function upsertContacts(db: Db, companyId: number, values: ContactValues[]): Promise<number> {
  let created = 0;
  for (let start = 0; start < values.length; start += 250) {
    const rows = values.slice(start, start + 250);
    const text = (pick: (row: ContactValues) => string | null | undefined) =>
      sql`${sql.param(rows.map((row) => pick(row) ?? ''))}::text[]`;
    const result = await rowsOf<{ inserted: boolean | string }>(
      db,
      sql`
      insert into contacts (company_id, type, company1, company2, linkman, address1, address2, city,
        province, country_id, zip_code, phone, email, dedupe_key)
      select ${companyId}::int, u.* from unnest(
        ${text((r) => r.type)}, ${text((r) => r.company1)}, ${text((r) => r.company2)},
        ${text((r) => r.linkman)}, ${text((r) => r.address1)}, ${text((r) => r.address2)},
        ${text((r) => r.city)}, ${text((r) => r.province)},
        ${sql.param(rows.map((row) => row.countryId))}::int[], ${text((r) => r.zipCode)},
        ${text((r) => r.phone)}, ${text((r) => r.email)}, ${text((r) => r.dedupeKey)}
      ) as u
      on conflict (company_id, dedupe_key) do update set
        company2 = excluded.company2, address1 = excluded.address1, address2 = excluded.address2,
        city = excluded.city, province = excluded.province, country_id = excluded.country_id,
        zip_code = excluded.zip_code, phone = excluded.phone, email = excluded.email, updated_at = now()
      returning (xmax = 0) as inserted`,
    );
    created += result.filter((row) => row.inserted === true || String(row.inserted) === 'true').length;
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

/** How many contacts too long for a B/L (tooLongForBl) each company holds; only those with any. */
export async function countTooLongByOwner(db: Db): Promise<{ companyId: number; count: number }[]> {
  return db
    .select({ companyId: contacts.companyId, count: count() })
    .from(contacts)
    .where(tooLongForBl())
    .groupBy(contacts.companyId)
    .orderBy(contacts.companyId);
}

/**
 * Takes a task a migration left (contact_book_tasks) if it is still to do, marking it done in the
 * caller's transaction: true for the one caller that takes it. Another instance's update waits on the
 * row until that transaction ends, then finds the task done (or to do again, if it rolled back).
 */
export async function takeTask(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .update(contactBookTasks)
    .set({ doneAt: new Date() })
    .where(and(eq(contactBookTasks.name, name), isNull(contactBookTasks.doneAt)))
    .returning({ name: contactBookTasks.name });
  return rows.length === 1;
}
