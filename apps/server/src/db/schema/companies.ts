import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { countries } from './reference.js';

/**
 * A member account: a company. Every row of the portal that belongs
 * to a member (bookings, contacts, rates, RFQs, files) points here, so it belongs to the company and
 * every person of it. `username` is the company's e-mail as registered; people sign in with their own
 * (`people`). Forwarders (`is_forwarder`) are listed in the directory unless they opt out.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 254 }).notNull(),
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
  (t) => [
    uniqueIndex('companies_username_uq').on(t.username),
    index('companies_forwarder_idx').on(t.isForwarder),
  ],
);

/**
 * A person who signs in to a company, with a role (contract `ROLES`). The login is the
 * e-mail, lower-cased and unique across companies. Removing a person deletes the row (and, by
 * cascade, their sessions); the activity trail keeps their name.
 */
export const people = pgTable(
  'people',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    role: varchar('role', { length: 10 }).notNull(),
    language: varchar('language', { length: 5 }).notNull().default('zh-CN'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('people_email_uq').on(t.email), index('people_company_idx').on(t.companyId, t.role)],
);

/**
 * An invitation to join a company: only the SHA-256 of its token is kept. Single use
 * (`accepted_at`), revocable (`revoked_at`), valid until `expires_at`.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 10 }).notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => people.id, { onDelete: 'set null' }),
    invitedByName: varchar('invited_by_name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
    index('invitations_company_idx').on(t.companyId, t.id),
  ],
);

/**
 * The company's activity trail: append-only, written in the transaction of the change.
 * `person_name` keeps who it was when the person is later removed.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // No reference to people: the id stays when the person leaves, so the trail still finds them.
    personId: integer('person_id'),
    personName: varchar('person_name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    objectId: integer('object_id'),
    label: varchar('label', { length: 200 }).notNull().default(''),
    fields: jsonb('fields')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** For role changes, removals, invitations and joins: the roles, named by each language. */
    roleFrom: varchar('role_from', { length: 10 }),
    roleTo: varchar('role_to', { length: 10 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_company_idx').on(t.companyId, t.id),
    index('activity_company_person_idx').on(t.companyId, t.personId, t.id),
  ],
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
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
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
    index('sessions_person_idx').on(t.personId),
  ],
);
