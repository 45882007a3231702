import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { people, companies } from './companies.js';

/**
 * The notification centre: one row per person told of an event, so that each person of
 * a company has their own read state. `company_id` is the person's company when told: a person
 * moved to another company no longer sees these (reads filter by both).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    objectId: integer('object_id'),
    label: varchar('label', { length: 200 }).notNull().default(''),
    /** the told company's side of a booking (member | forwarder); null for other kinds */
    party: varchar('party', { length: 10 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_person_idx').on(t.personId, t.companyId, t.id),
    index('notifications_unread_idx')
      .on(t.personId, t.companyId)
      .where(sql`${t.readAt} is null`),
  ],
);
