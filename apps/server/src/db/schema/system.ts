import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Site configuration, its defaults those. */
export const systemConfig = pgTable('system_config', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Key-value entries with an expiry: the database-backed store of platform/kv.ts. */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kv_entries_expires_idx').on(t.expiresAt)],
);
