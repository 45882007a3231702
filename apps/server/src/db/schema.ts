import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/* ---------- reference data (real, seeded at every start, idempotent) ---------- */

const named = {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }).notNull(),
  nameZh: varchar('name_zh', { length: 200 }).notNull(),
  sort: integer('sort').notNull().default(0),
};

/** A list that is only id, code and two names (charges, incoterms, industries, businesses, routes). */
function namedList(name: string) {
  return pgTable(name, named, (t) => [uniqueIndex(`${name}_code_uq`).on(t.code)]);
}

export const charges = namedList('charges');
export const incoterms = namedList('incoterms');
export const industries = namedList('industries');
export const businesses = namedList('businesses');
export const tradeRoutes = namedList('trade_routes');

export const countries = pgTable(
  'countries',
  { ...named, code3: char('code3', { length: 3 }).notNull() },
  (t) => [uniqueIndex('countries_code_uq').on(t.code)],
);

/**
 * Each row's place when its list is ordered by name in Chinese (pinyin) and in English, as
 * Intl.Collator orders them: the database's own collation orders Chinese by code point, and the
 * embedded one has no ICU. Written by the reference seed at every start (seed/reference.ts).
 */
const nameRanks = {
  rankZh: integer('rank_zh').notNull().default(0),
  rankEn: integer('rank_en').notNull().default(0),
};

export const ports = pgTable(
  'ports',
  {
    ...named,
    ...nameRanks,
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    routeId: integer('route_id').references(() => tradeRoutes.id),
  },
  (t) => [
    uniqueIndex('ports_code_uq').on(t.code),
    index('ports_country_idx').on(t.countryId),
    index('ports_route_idx').on(t.routeId),
  ],
);

export const carriers = pgTable('carriers', { ...named, ...nameRanks }, (t) => [
  uniqueIndex('carriers_code_uq').on(t.code),
]);

export const containerTypes = pgTable(
  'container_types',
  {
    ...named,
    isoCode: varchar('iso_code', { length: 4 }).notNull(),
    teu: numeric('teu', { precision: 4, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('container_types_code_uq').on(t.code)],
);

export const currencies = pgTable(
  'currencies',
  {
    ...named,
    numeric: char('numeric', { length: 3 }).notNull(),
    minorUnits: smallint('minor_units').notNull(),
  },
  (t) => [uniqueIndex('currencies_code_uq').on(t.code)],
);

export const units = pgTable('units', { ...named, type: smallint('type').notNull() }, (t) => [
  uniqueIndex('units_code_uq').on(t.code),
  index('units_type_idx').on(t.type),
]);

/* ---------- site configuration (spec §3), defaults of spec §9 ---------- */

export const systemConfig = pgTable('system_config', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- members ---------- */

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

/* ---------- sessions and shared short-lived state ---------- */

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

/* ---------- uploaded files ---------- */

/**
 * An uploaded file. `storage_key` is made by the server; `kind` says what it is and decides who may
 * read it: company logos are public to members, everything else only to its owner.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    storageKey: varchar('storage_key', { length: 80 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** the uploader's file name (cleaned), for files that keep one: attachments */
    name: varchar('name', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/* ---------- contact book ---------- */

/**
 * A member's shipper or consignee. `dedupe_key` (type, English company name and contact person,
 * lower-cased with spaces collapsed) makes a re-import update a contact instead of adding it twice.
 * `search_text` (generated) is the lower-cased text the keyword search looks in: both company names,
 * contact person, phone, e-mail and city, separated by U+001F so that a keyword cannot match across
 * two fields. `contacts_owner_search_idx` holds it beside (owner_id, id), so that a keyword search
 * reads only the member's index entries, never the table (an index-only scan), on PGlite and
 * PostgreSQL alike. The narrower `contacts_owner_id_idx` stays for the list without keyword: it
 * counts the member's contacts about three times faster than either wider index.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).notNull(),
    company1: varchar('company1', { length: 200 }).notNull(),
    company2: varchar('company2', { length: 200 }).notNull().default(''),
    linkman: varchar('linkman', { length: 100 }).notNull(),
    address1: varchar('address1', { length: 300 }).notNull(),
    address2: varchar('address2', { length: 300 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull(),
    province: varchar('province', { length: 100 }).notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    zipCode: varchar('zip_code', { length: 20 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    dedupeKey: varchar('dedupe_key', { length: 320 }).notNull(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(company1 || chr(31) || company2 || chr(31) || linkman || chr(31) || phone || chr(31) || email || chr(31) || city)`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_owner_dedupe_uq').on(t.ownerId, t.dedupeKey),
    index('contacts_owner_id_idx').on(t.ownerId, t.id),
    index('contacts_owner_search_idx').on(t.ownerId, t.id, t.type, t.searchText),
  ],
);

/* ---------- rates, quotes and requests for quotation ---------- */

/** A forwarder's space rate on one route; published as a quote while its validity lasts. */
export const rates = pgTable(
  'rates',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    index('rates_owner_idx').on(t.ownerId, t.id),
    // The quote board (rates valid on a day, filtered and sorted): every column it filters or sorts
    // on, behind the validity, so that its count and its page are index-only scans.
    index('rates_quote_idx').on(
      t.edate,
      t.sdate,
      t.status,
      t.carrierId,
      t.polId,
      t.toId,
      t.ownerId,
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

/** A request for quotation a member sent about a quote, kept for the member and the forwarder. */
export const rfqs = pgTable(
  'rfqs',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    forwarderId: integer('forwarder_id').references(() => users.id, { onDelete: 'set null' }),
    rateId: integer('rate_id').references(() => rates.id, { onDelete: 'set null' }),
    payload: text('payload').notNull(),
    /** 'new' (as sent), 'quoted' (the forwarder answered), 'closed' (no further action); see the contract's RFQ_STATUSES */
    status: varchar('status', { length: 20 }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfqs_requester_idx').on(t.requesterId), index('rfqs_forwarder_idx').on(t.forwarderId)],
);

/* ---------- bookings ---------- */

/** Serial part of order numbers (BK + yyMMdd + at least 6 digits): unique under any concurrency. */
export const bookingNoSeq = pgSequence('booking_no_seq', { startWith: 1, increment: 1 });

/** A copy of a contact as it was when the booking was saved (spec §3: shipper and consignee). */
export type BookingPartySnapshot = {
  company1: string;
  company2: string;
  linkman: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  countryId: number;
  zipCode: string;
  phone: string;
  email: string;
};

/** The booking columns the list's filters read (see bookings/repo.ts, `conditions`). */
function listFilterColumns<C>(t: {
  status: C;
  containerMode: C;
  toId: C;
  polId: C;
  carrierId: C;
  createdAt: C;
  etd: C;
  eta: C;
  orderNo: C;
  blNo: C;
  custRefNo: C;
  vessel: C;
  voyage: C;
}) {
  return [
    t.status,
    t.containerMode,
    t.toId,
    t.polId,
    t.carrierId,
    t.createdAt,
    t.etd,
    t.eta,
    t.orderNo,
    t.blNo,
    t.custRefNo,
    t.vessel,
    t.voyage,
  ] as const;
}

/**
 * An FCL or LCL booking of a member (`owner_id`), addressed to a forwarder (`forwarder_id`). Status
 * numbers are those of spec §4 (see BOOKING_STATUS in the contract). Shipper and consignee are kept
 * as copies (`shipper`, `consignee`) beside the contact ids, so that a later change to the contact
 * book does not rewrite a booking. Totals are computed from the lines on every save. The member's
 * list reads `bookings_owner_list_idx`, the forwarder's `bookings_forwarder_list_idx` (newest first).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    forwarderId: integer('forwarder_id')
      .notNull()
      .references(() => users.id),
    quoteId: integer('quote_id').references(() => rates.id, { onDelete: 'set null' }),
    /**
     * Booked from a quote. Kept when the quote's rate is deleted (quote_id then goes null): whether
     * the member may be told the forwarder must not change with the forwarder's rate list.
     */
    fromQuote: boolean('from_quote').notNull().default(false),
    status: smallint('status').notNull().default(0),
    /** when the forwarder accepted a submitted (status 1) booking; null until then */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    containerMode: smallint('container_mode').notNull(),
    shipperId: integer('shipper_id').references(() => contacts.id, { onDelete: 'set null' }),
    shipper: jsonb('shipper').$type<BookingPartySnapshot>().notNull(),
    consigneeId: integer('consignee_id').references(() => contacts.id, { onDelete: 'set null' }),
    consignee: jsonb('consignee').$type<BookingPartySnapshot>().notNull(),
    custRefNo: varchar('cust_ref_no', { length: 50 }).notNull().default(''),
    readyDate: date('ready_date'),
    incotermId: integer('incoterm_id')
      .notNull()
      .references(() => incoterms.id),
    placeOfReceipt: varchar('place_of_receipt', { length: 100 }).notNull().default(''),
    polId: integer('pol_id')
      .notNull()
      .references(() => ports.id),
    podId: integer('pod_id')
      .notNull()
      .references(() => ports.id),
    toId: integer('to_id')
      .notNull()
      .references(() => ports.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    totalWeight: numeric('total_weight', { precision: 15, scale: 3 }).notNull().default('0'),
    totalVolume: numeric('total_volume', { precision: 15, scale: 3 }).notNull().default('0'),
    totalPackages: integer('total_packages').notNull().default(0),
    soNo: varchar('so_no', { length: 30 }).notNull().default(''),
    vessel: varchar('vessel', { length: 50 }).notNull().default(''),
    voyage: varchar('voyage', { length: 20 }).notNull().default(''),
    etd: date('etd'),
    eta: date('eta'),
    /** port-local times, as the forwarder writes them */
    siCutoff: timestamp('si_cutoff', { mode: 'string' }),
    cyCutoff: timestamp('cy_cutoff', { mode: 'string' }),
    /** customs (port) cut-off, 截关时间 */
    customsCutoff: timestamp('customs_cutoff', { mode: 'string' }),
    /** VGM submission cut-off */
    vgmCutoff: timestamp('vgm_cutoff', { mode: 'string' }),
    blNo: varchar('bl_no', { length: 30 }).notNull().default(''),
    /** who cancelled a status-40 booking: 'member' (cancelled) or 'forwarder' (voided) */
    cancelledBy: varchar('cancelled_by', { length: 10 }),
    cancelReason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_order_no_uq').on(t.orderNo),
    // The booking list's indexes (a member's, a forwarder's): newest first, with every column its
    // filters read, so that a list is an index-only scan of the party's entries and only the rows
    // of the page are read from the table (a member's bookings lie spread over it, one page each).
    index('bookings_owner_list_idx').on(t.ownerId, t.id, ...listFilterColumns(t)),
    index('bookings_forwarder_list_idx').on(t.forwarderId, t.id, ...listFilterColumns(t)),
  ],
);

/**
 * A line of a booking: an LCL cargo line (no container) or an FCL container line (`container_id`,
 * `quantity` containers; packages, weight and volume are the line's totals). KG and CBM with 3 decimals.
 */
export const bookingLines = pgTable(
  'booking_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    containerId: integer('container_id').references(() => containerTypes.id),
    containerNo: varchar('container_no', { length: 11 }).notNull().default(''),
    sealNo: varchar('seal_no', { length: 30 }).notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    hsCode: varchar('hs_code', { length: 10 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    packages: integer('packages').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    weight: numeric('weight', { precision: 12, scale: 3 }).notNull(),
    volume: numeric('volume', { precision: 12, scale: 3 }).notNull(),
  },
  (t) => [index('booking_lines_booking_idx').on(t.bookingId, t.lineNo)],
);

/** Every change of a booking's status, and its creation: who (party and member), when, from, to, why. */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 20 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: varchar('actor_role', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_history_booking_idx').on(t.bookingId, t.id)],
);

/** A document of a booking, uploaded by its member or its forwarder; the bytes are a row of `files`. */
export const bookingDocuments = pgTable(
  'booking_documents',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploaderRole: varchar('uploader_role', { length: 10 }).notNull(),
    documentType: varchar('document_type', { length: 30 }).notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_documents_booking_idx').on(t.bookingId, t.id)],
);

/** The member's shipping instructions (补料) of a booking, one set per booking. */
export const bookingInstructions = pgTable('booking_instructions', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  notifyParty: varchar('notify_party', { length: 300 }).notNull().default(''),
  marks: varchar('marks', { length: 500 }).notNull().default(''),
  description: varchar('description', { length: 1000 }).notNull(),
  blType: varchar('bl_type', { length: 10 }).notNull(),
  freightTerm: varchar('freight_term', { length: 10 }).notNull(),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The containers actually stuffed, as the shipping instructions give them (FCL). */
export const bookingInstructionContainers = pgTable(
  'booking_instruction_containers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingInstructions.bookingId, { onDelete: 'cascade' }),
    containerId: integer('container_id')
      .notNull()
      .references(() => containerTypes.id),
    containerNo: varchar('container_no', { length: 11 }).notNull(),
    sealNo: varchar('seal_no', { length: 30 }).notNull().default(''),
  },
  (t) => [index('booking_instruction_containers_booking_idx').on(t.bookingId)],
);
