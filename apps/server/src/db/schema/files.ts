import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * An uploaded file. `storage_key` is made by the server; `kind` says what it is and decides who may
 * read it: company logos are public to members, everything else only to its owner.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    storageKey: varchar('storage_key', { length: 80 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** the uploader's file name (cleaned), for files that keep one: attachments */
    name: varchar('name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_company_idx').on(t.companyId)],
);
