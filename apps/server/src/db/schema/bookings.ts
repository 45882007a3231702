import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  BookingContact,
  ContainerPositioning,
  DocumentParty,
  CustomsReference,
  Commodity,
  DangerousGood,
  OutOfGauge,
  ReeferSettingsView,
} from '@freight/contract';
import { carriers, containerTypes, incoterms, ports, units } from './reference.js';
import { companies } from './companies.js';
import { contacts } from './contacts.js';
import { rates } from './rates.js';

/** Serial part of order numbers (BK + yyMMdd + at least 6 digits): unique under any concurrency. */
export const bookingNoSeq = pgSequence('booking_no_seq', { startWith: 1, increment: 1 });

/** A copy of a contact as it was when the booking was saved (shipper and consignee). */
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
 * An FCL or LCL booking of a member (`company_id`), addressed to a forwarder (`forwarder_id`). Status
 * numbers are those (see BOOKING_STATUS in the contract). Shipper and consignee are kept
 * as copies (`shipper`, `consignee`) beside the contact ids, so that a later change to the contact
 * book does not rewrite a booking. Totals are computed from the lines on every save. The member's
 * list reads `bookings_company_list_idx`, the forwarder's `bookings_forwarder_list_idx` (newest first).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    forwarderId: integer('forwarder_id').references(() => companies.id),
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
    incotermId: integer('incoterm_id').references(() => incoterms.id),
    /**
     * The places beyond the ports as documents print them (booking-places.ts in the contract): the
     * place of receipt's name (older than its country and code), the place of delivery beyond the
     * destination port (to_id; '' is that port), each with its ISO country and UN/LOCODE (null: not
     * said), and the transshipment port asked for.
     */
    placeOfReceipt: varchar('place_of_receipt', { length: 100 }).notNull().default(''),
    placeOfReceiptCountry: varchar('place_of_receipt_country', { length: 2 }),
    placeOfReceiptCode: varchar('place_of_receipt_code', { length: 5 }),
    placeOfDelivery: varchar('place_of_delivery', { length: 100 }).notNull().default(''),
    placeOfDeliveryCountry: varchar('place_of_delivery_country', { length: 2 }),
    placeOfDeliveryCode: varchar('place_of_delivery_code', { length: 5 }),
    transshipmentPortId: integer('transshipment_port_id').references(() => ports.id),
    polId: integer('pol_id').references(() => ports.id),
    podId: integer('pod_id').references(() => ports.id),
    toId: integer('to_id').references(() => ports.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    /** 'prepaid' or 'collect'; '' takes the Incoterm's (freightTermOf in the contract) */
    freightTerm: varchar('freight_term', { length: 10 }).notNull().default(''),
    notifyParty: varchar('notify_party', { length: 300 }).notNull().default(''),
    /** 中文品名 */
    commodityCn: varchar('commodity_cn', { length: 200 }).notNull().default(''),
    /** CY, SD or CFS at each end; '' takes the booking mode's (FCL CY, LCL CFS) */
    receiptType: varchar('receipt_type', { length: 3 }).notNull().default(''),
    deliveryType: varchar('delivery_type', { length: 3 }).notNull().default(''),
    /** the sailing the member asks for; the forwarder's vessel, voyage and ETD come with the release */
    requestedEtd: date('requested_etd'),
    requestedArrivalFrom: date('requested_arrival_from'),
    requestedArrivalTo: date('requested_arrival_to'),
    requestedVesselName: varchar('requested_vessel_name', { length: 50 }).notNull().default(''),
    requestedVesselImo: varchar('requested_vessel_imo', { length: 7 }),
    requestedVoyage: varchar('requested_voyage', { length: 50 }).notNull().default(''),
    requestedServiceCode: varchar('requested_service_code', { length: 11 }).notNull().default(''),
    requestedServiceName: varchar('requested_service_name', { length: 50 }).notNull().default(''),
    /** the letter of credit's latest shipment date, printed on the booking note */
    latestShipmentDate: date('latest_shipment_date'),
    /** where and when the trucker loads, for a door receipt; in visiting order */
    containerPositionings: jsonb('container_positionings')
      .$type<ContainerPositioning[]>()
      .notNull()
      .default([]),
    /** 'shipper' or 'forwarder'; '' not said */
    exportCustomsBy: varchar('export_customs_by', { length: 10 }).notNull().default(''),
    requestedServices: jsonb('requested_services').$type<string[]>().notNull().default([]),
    servicesRemark: varchar('services_remark', { length: 255 }).notNull().default(''),
    /** the parties as documents print them (booking-parties.ts); null: not given */
    shipperParty: jsonb('shipper_party').$type<DocumentParty>(),
    consigneeParty: jsonb('consignee_party').$type<DocumentParty>(),
    consigneeIsNotify: boolean('consignee_is_notify').notNull().default(false),
    notifyParties: jsonb('notify_parties').$type<DocumentParty[]>().notNull().default([]),
    bookingContact: jsonb('booking_contact').$type<BookingContact>(),
    /** the commercial and B/L terms (booking-commercial.ts); '' and null not said */
    serviceContractReference: varchar('service_contract_reference', { length: 30 }).notNull().default(''),
    isEquipmentSubstitutionAllowed: boolean('is_equipment_substitution_allowed').notNull().default(false),
    isPartialLoadAllowed: boolean('is_partial_load_allowed').notNull().default(false),
    isExportDeclarationRequired: boolean('is_export_declaration_required').notNull().default(false),
    exportDeclarationReference: varchar('export_declaration_reference', { length: 35 }).notNull().default(''),
    declaredValue: numeric('declared_value', { precision: 14, scale: 2 }),
    declaredValueCurrency: varchar('declared_value_currency', { length: 3 }),
    /** 'prepaid' or 'collect' */
    originChargesPayment: varchar('origin_charges_payment', { length: 10 }).notNull().default(''),
    destinationChargesPayment: varchar('destination_charges_payment', { length: 10 }).notNull().default(''),
    /** UN/LOCODEs */
    freightPayableAt: varchar('freight_payable_at', { length: 5 }),
    blIssuePlace: varchar('bl_issue_place', { length: 5 }),
    /** 'BOL' or 'SWB' */
    transportDocumentType: varchar('transport_document_type', { length: 3 }).notNull().default(''),
    numberOfOriginals: smallint('number_of_originals'),
    purchaseOrderReference: varchar('purchase_order_reference', { length: 35 }).notNull().default(''),
    exportLicenseReference: varchar('export_license_reference', { length: 35 }).notNull().default(''),
    customsReferences: jsonb('customs_references').$type<CustomsReference[]>().notNull().default([]),
    /** the lines' special cargo in one line (specialCargoSummary), for the list and the export */
    specialCargo: varchar('special_cargo', { length: 255 }).notNull().default(''),
    totalWeight: numeric('total_weight', { precision: 15, scale: 3 }).notNull().default('0'),
    totalVolume: numeric('total_volume', { precision: 15, scale: 3 }).notNull().default('0'),
    totalPackages: integer('total_packages').notNull().default(0),
    soNo: varchar('so_no', { length: 30 }).notNull().default(''),
    vessel: varchar('vessel', { length: 50 }).notNull().default(''),
    voyage: varchar('voyage', { length: 20 }).notNull().default(''),
    etd: date('etd'),
    eta: date('eta'),
    /**
     * Instants: the forwarder gives each as the port of loading's wall clock and the release reads it
     * at that port's zone (ports.time_zone); views give it back at the port's offset.
     */
    siCutoff: timestamp('si_cutoff', { withTimezone: true }),
    cyCutoff: timestamp('cy_cutoff', { withTimezone: true }),
    /** customs (port) cut-off, 截关时间 */
    customsCutoff: timestamp('customs_cutoff', { withTimezone: true }),
    /** VGM submission cut-off */
    vgmCutoff: timestamp('vgm_cutoff', { withTimezone: true }),
    /** given with the release: where the empties are picked up, where the laden boxes go in */
    pickupDepot: varchar('pickup_depot', { length: 100 }).notNull().default(''),
    returnTerminal: varchar('return_terminal', { length: 100 }).notNull().default(''),
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
    index('bookings_company_list_idx').on(t.companyId, t.id, ...listFilterColumns(t)),
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
    description: varchar('description', { length: 550 }).notNull(),
    packages: integer('packages'),
    unitId: integer('unit_id').references(() => units.id),
    weight: numeric('weight', { precision: 12, scale: 3 }),
    volume: numeric('volume', { precision: 12, scale: 3 }),
    /** a container line's equipment: shipper-owned (SOC) with the empty box's tare weight in KG */
    isShipperOwned: boolean('is_shipper_owned').notNull().default(false),
    tareWeight: numeric('tare_weight', { precision: 12, scale: 3 }),
    /** a reefer carrying dry cargo, run without settings */
    isNonOperatingReefer: boolean('is_non_operating_reefer').notNull().default(false),
    /** an operating reefer's settings; null for any other line */
    reefer: jsonb('reefer').$type<ReeferSettingsView>(),
    /** the cargo's overhang on an open-top, flat-rack or platform, cm per side; null in gauge */
    outOfGauge: jsonb('out_of_gauge').$type<OutOfGauge>(),
    /** the commodities' dangerous goods together, for the special-cargo summary and the documents */
    dangerousGoods: jsonb('dangerous_goods').$type<DangerousGood[]>().notNull().default([]),
    /**
     * what each unit of the line holds; the flat cargo columns above are their totals (the first
     * commodity's description and HS code, the sums), as commodityTotals gives them
     */
    commodities: jsonb('commodities').$type<Commodity[]>().notNull().default([]),
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
    actorId: integer('actor_id').references(() => companies.id, { onDelete: 'set null' }),
    actorRole: varchar('actor_role', { length: 10 }).notNull(),
    /** the person who acted, kept by name when they are later removed; '' before 0014 */
    actorName: varchar('actor_name', { length: 100 }).notNull().default(''),
    reason: varchar('reason', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_history_booking_idx').on(t.bookingId, t.id)],
);
