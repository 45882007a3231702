import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { rates } from './rates.js';

/** A request for quotation a member sent about a quote, kept for the member and the forwarder. */
export const rfqs = pgTable(
  'rfqs',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    forwarderId: integer('forwarder_id').references(() => companies.id, { onDelete: 'set null' }),
    rateId: integer('rate_id').references(() => rates.id, { onDelete: 'set null' }),
    payload: text('payload').notNull(),
    /** 'new' (as sent), 'quoted' (the forwarder answered), 'closed' (no further action); see the contract's RFQ_STATUSES */
    status: varchar('status', { length: 20 }).notNull().default('new'),
    /** the quote's container types with the quantity asked of each (JSON: [{container_id, quantity}]) */
    containers: text('containers').notNull().default('[]'),
    /** the forwarder's answer in the portal (JSON: prices, valid_until, remarks, answered_at), or null */
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfqs_requester_idx').on(t.requesterId), index('rfqs_forwarder_idx').on(t.forwarderId)],
);
