import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { carriers, containerTypes, ports } from './reference.js';
import { companies } from './companies.js';

/** A forwarder's space rate on one route; published as a quote while its validity lasts. */
export const rates = pgTable(
  'rates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    polId: integer('pol_id')
      .notNull()
      .references(() => ports.id),
    podId: integer('pod_id')
      .notNull()
      .references(() => ports.id),
    toId: integer('to_id')
      .notNull()
      .references(() => ports.id),
    sdate: date('sdate').notNull(),
    edate: date('edate').notNull(),
    transitDays: integer('transit_days'),
    etd: date('etd'),
    eta: date('eta'),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rates_company_idx').on(t.companyId, t.id),
    // The quote board (rates valid on a day, filtered and sorted): every column it filters or sorts
    // on, behind the validity, so that its count and its page are index-only scans.
    index('rates_quote_idx').on(
      t.edate,
      t.sdate,
      t.status,
      t.carrierId,
      t.polId,
      t.toId,
      t.companyId,
      t.transitDays,
      t.etd,
      t.eta,
      t.createdAt,
      t.id,
    ),
    index('rates_route_idx').on(t.polId, t.toId),
  ],
);

/** One container type's price on a rate, in USD as numeric(12,2). */
export const rateSpaces = pgTable(
  'rate_spaces',
  {
    id: serial('id').primaryKey(),
    rateId: integer('rate_id')
      .notNull()
      .references(() => rates.id, { onDelete: 'cascade' }),
    containerId: integer('container_id')
      .notNull()
      .references(() => containerTypes.id),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('rate_spaces_rate_container_uq').on(t.rateId, t.containerId)],
);
