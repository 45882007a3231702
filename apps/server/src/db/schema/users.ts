import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { countries } from './reference.js';

/**
 * A member account and its company (spec §3 User profile). The login is the e-mail (`username`),
 * stored lower-cased. Forwarders (`is_forwarder`) are listed in the directory unless they opt out.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    linkman: varchar('linkman', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    company1: varchar('company1', { length: 200 }).notNull(),
    company2: varchar('company2', { length: 200 }).notNull().default(''),
    address1: varchar('address1', { length: 300 }).notNull(),
    address2: varchar('address2', { length: 300 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull(),
    province: varchar('province', { length: 100 }).notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    zipCode: varchar('zip_code', { length: 20 }).notNull().default(''),
    creditNo: varchar('credit_no', { length: 30 }).notNull().default(''),
    profile: text('profile').notNull().default(''),
    license: text('license'),
    licenseThumb: text('license_thumb'),
    logo: text('logo'),
    logoThumb: text('logo_thumb'),
    industries: integer('industries')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    businesses: integer('businesses')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    routes: integer('routes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ports: integer('ports')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    authorities: text('authorities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isForwarder: boolean('is_forwarder').notNull().default(false),
    listedInDirectory: boolean('listed_in_directory').notNull().default(true),
    language: varchar('language', { length: 5 }).notNull().default('zh-CN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_uq').on(t.username), index('users_forwarder_idx').on(t.isForwarder)],
);

/**
 * A login session. Only the SHA-256 of the opaque token is stored. A renewed session keeps its row
 * and gets a new hash; the previous hash lives on in `previous_token_hash` until `previous_valid_until`
 * (a short grace for requests already in flight).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    previousTokenHash: char('previous_token_hash', { length: 64 }),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_previous_token_idx').on(t.previousTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);
