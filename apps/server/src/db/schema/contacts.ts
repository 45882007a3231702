import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { countries } from './reference.js';
import { companies } from './companies.js';

/**
 * A member's shipper or consignee. `dedupe_key` (type, English company name and contact person,
 * lower-cased with spaces collapsed) makes a re-import update a contact instead of adding it twice.
 * `search_text` (generated) is the lower-cased text the keyword search looks in: both company names,
 * contact person, phone, e-mail and city, separated by U+001F so that a keyword cannot match across
 * two fields. `contacts_company_search_idx` holds it beside (company_id, id), so that a keyword search
 * reads only the member's index entries, never the table (an index-only scan), on PGlite and
 * PostgreSQL alike. The narrower `contacts_company_id_idx` stays for the list without keyword: it
 * counts the member's contacts about three times faster than either wider index. The columns are
 * wider than the book now takes (the B/L's lengths, contactInput): contacts saved before keep their
 * longer values until their owners shorten them (the list marks and filters them).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).notNull(),
    company1: varchar('company1', { length: 200 }).notNull(),
    company2: varchar('company2', { length: 200 }).notNull().default(''),
    linkman: varchar('linkman', { length: 100 }).notNull(),
    address1: varchar('address1', { length: 300 }).notNull(),
    address2: varchar('address2', { length: 300 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull(),
    province: varchar('province', { length: 100 }).notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    zipCode: varchar('zip_code', { length: 20 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    dedupeKey: varchar('dedupe_key', { length: 320 }).notNull(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(company1 || chr(31) || company2 || chr(31) || linkman || chr(31) || phone || chr(31) || email || chr(31) || city)`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_dedupe_uq').on(t.companyId, t.dedupeKey),
    index('contacts_company_id_idx').on(t.companyId, t.id),
    index('contacts_company_search_idx').on(t.companyId, t.id, t.type, t.searchText),
  ],
);

/**
 * Work on the contact book left by a migration for the next start to do once (migration 0030: the
 * report of contacts too long for a B/L). `done_at` is set in the transaction that does the work, so
 * that of several instances starting together one does it and the others find it done.
 */
export const contactBookTasks = pgTable('contact_book_tasks', {
  name: varchar('name', { length: 64 }).primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});
