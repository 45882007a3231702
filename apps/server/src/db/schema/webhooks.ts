import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * Webhook endpoints of a company. The signing secret must be read back to sign,
 * so it is kept encrypted (AES-256-GCM with WEBHOOK_SECRET_KEY, platform/secret-box.ts), not hashed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secretEnc: text('secret_enc').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** manual | failures; null while enabled */
    disabledReason: varchar('disabled_reason', { length: 10 }),
    /** failed attempts in a row; reaching the limit disables the endpoint */
    failures: integer('failures').notNull().default(0),
    /** attempts in a row that got no answer at all; reaching the limit opens the circuit */
    circuitFailures: integer('circuit_failures').notNull().default(0),
    /**
     * The circuit breaker, kept here so that every instance agrees: null closed; in the future open
     * (nothing is sent to the endpoint); past half-open (one delivery probes it, and claiming that
     * probe moves this ahead by its lease, so that no other instance probes at the same time).
     */
    circuitOpenUntil: timestamp('circuit_open_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * The outbox and the delivery log in one: a row is written in the transaction of the change that
 * raised the event (so it exists exactly when the change does) and sent by the worker of any
 * instance, which claims due rows with FOR UPDATE SKIP LOCKED and leases them by moving
 * `next_attempt_at` ahead (a crashed sender's rows come due again). `booking_id` orders the
 * deliveries of one booking to one endpoint. `payload` is the exact body that is signed and sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    bookingId: integer('booking_id'),
    payload: text('payload').notNull(),
    /** pending | delivered | failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    lastError: varchar('last_error', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.bookingId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.endpointId, t.id),
    // Each endpoint's due deliveries in order: the claim reads a few from every endpoint's lane.
    index('webhook_deliveries_lane_idx')
      .on(t.endpointId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
