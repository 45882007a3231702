import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { people } from './users.js';

/**
 * E-mail preferences (issue 19, part 3): a person's choice per event (contract `MAIL_EVENTS`) where
 * it differs from the default (`DEFAULT_MAIL_PREFERENCES`); no row means the default.
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 10 }).notNull(),
    mode: varchar('mode', { length: 10 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.event] })],
);

/**
 * Events waiting for a person's daily digest, written in the change's transaction. The digest job
 * claims the rows written before the day's digest time (FOR UPDATE SKIP LOCKED), mails each
 * person theirs in one message and deletes them in the same transaction.
 */
export const mailDigestQueue = pgTable(
  'mail_digest_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 10 }).notNull(),
    bookingId: integer('booking_id'),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_digest_queue_person_idx').on(t.personId, t.id)],
);
