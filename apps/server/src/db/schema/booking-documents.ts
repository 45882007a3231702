import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { containerTypes } from './reference.js';
import { companies } from './companies.js';
import { files } from './files.js';
import { bookings } from './bookings.js';

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
      .references(() => companies.id, { onDelete: 'cascade' }),
    uploaderRole: varchar('uploader_role', { length: 10 }).notNull(),
    /** the person who uploaded it, kept by name; '' for documents uploaded before 0024 */
    uploaderPerson: varchar('uploader_person', { length: 100 }).notNull().default(''),
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
  /** the B/L's own party texts; '' prints the booking's shipper or consignee */
  blShipper: varchar('bl_shipper', { length: 500 }).notNull().default(''),
  blConsignee: varchar('bl_consignee', { length: 500 }).notNull().default(''),
  notifyParty: varchar('notify_party', { length: 300 }).notNull().default(''),
  /** 'carrier' (master B/L) or 'house' */
  blIssuer: varchar('bl_issuer', { length: 10 }).notNull().default('carrier'),
  originals: smallint('originals').notNull().default(3),
  marks: varchar('marks', { length: 500 }).notNull().default(''),
  description: varchar('description', { length: 1000 }).notNull(),
  blType: varchar('bl_type', { length: 10 }).notNull(),
  freightTerm: varchar('freight_term', { length: 10 }).notNull(),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  submittedBy: integer('submitted_by').references(() => companies.id, { onDelete: 'set null' }),
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
    /** the container's packages, gross weight and VGM (KG), when the SI gives them */
    packages: integer('packages'),
    weight: numeric('weight', { precision: 12, scale: 3 }),
    vgm: numeric('vgm', { precision: 12, scale: 3 }),
  },
  (t) => [index('booking_instruction_containers_booking_idx').on(t.bookingId)],
);
