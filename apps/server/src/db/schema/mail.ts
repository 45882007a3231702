import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { people } from './companies.js';

/**
 * E-mail preferences: a person's choice per event (contract `MAIL_EVENTS`) where
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

/**
 * The outbox of every outgoing mail: a row is written in the transaction of the change that makes
 * the mail (it exists exactly when the change does), already rendered in its recipient's language,
 * and sent by the mail worker of any instance (modules/mail-outbox), which claims due rows with
 * FOR UPDATE SKIP LOCKED and leases them by moving `next_attempt_at` ahead, so that a crashed
 * sender's rows come due again. `company_id` is the company whose change made the mail: the worker
 * takes the companies' mails in turn. `attachment` names a document made when the mail is sent (a
 * booking's PDF), not its bytes. pending → sent, or dead after the last attempt (an admin may
 * send it again).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    replyTo: varchar('reply_to', { length: 320 }),
    locale: varchar('locale', { length: 5 }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachment: jsonb('attachment').$type<Record<string, unknown>>(),
    /** pending | sent | dead */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 300 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_lane_idx')
      .on(t.companyId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_dead_idx')
      .on(t.id)
      .where(sql`${t.status} = 'dead'`),
    index('mail_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);
