import { z } from 'zod';
import { cargoItemTermsView, containerLineTermsView } from './booking-cargo.js';
import { commodityView } from './booking-commodities.js';
import { TRANSPORT_DOCUMENT_TYPES } from './booking-commercial.js';
import { bookingPartiesView } from './booking-parties.js';
import { bookingPlacesView } from './booking-places.js';
import { bookingDocument } from './booking-documents.js';
import { CUSTOMS_BY, REQUESTED_SERVICES } from './booking-services.js';
import { serviceTypeChoice } from './booking-terms.js';
import { bookingFreightTerm, shipmentInstructions, shipmentPrefill } from './booking-shipment.js';
import {
  BOOKING_ACTION_NAMES,
  BOOKING_PARTIES,
  BOOKING_STATES,
  type BookingAction,
} from './booking-state.js';

/*
 * What the booking endpoints answer: the list row, the form data (edit and copy), the detail with
 * its timeline, the SI form data and the liaison (docking) reply.
 */

/** A list row: the first naming, plus bl_no, so_no and both parties' names. */
export const bookingRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  cust_ref_no: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  state: z.enum(BOOKING_STATES),
  container_mode: z.number().int(),
  carrier_name: z.string(),
  pol_name: z.string(),
  pod_name: z.string(),
  to_name: z.string(),
  /** the place of delivery beyond the destination port as printed (placeText); '' when it is that port */
  place_of_delivery: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  bl_no: z.string(),
  so_no: z.string(),
  /** the 运输条款 as printed: CY-CY, DOOR-CY … (serviceTermText) */
  service_term: z.string(),
  /** the departure the member asked for, YYYY-MM-DD or null */
  requested_etd: z.string().nullable(),
  /** the lines' dangerous goods, reefer temperatures, NOR, OOG, SOC in one line; '' for plain cargo */
  special_cargo: z.string(),
  service_contract_reference: z.string(),
  /** BOL, SWB; '' not said */
  transport_document_type: z.union([z.literal(''), z.enum(TRANSPORT_DOCUMENT_TYPES)]),
  /** the forwarder's company (for the member); '' while forwarder_hidden */
  forwarder_name: z.string(),
  /** booked from a quote and not yet accepted: the forwarder is not named (isForwarderHidden) */
  forwarder_hidden: z.boolean(),
  /** the member's company (for the forwarder) */
  customer_name: z.string(),
  create_time: z.string(),
  update_time: z.string(),
});
export type BookingRow = z.infer<typeof bookingRow>;

/* ---------- form data and detail ---------- */

/** A shipper or consignee as it was when the booking was saved (a copy of the contact). */
export const bookingParty = z.object({
  company1: z.string(),
  company2: z.string(),
  linkman: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  country_id: z.number().int(),
  country_name: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type BookingPartyInfo = z.infer<typeof bookingParty>;

export const cargoItem = z.object({
  id: z.number().int(),
  hs_code: z.string(),
  description: z.string(),
  /** null, and weight and volume '', while a draft's line has not got them yet */
  packages: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  unit_name: z.string(),
  /** KG, 3 decimals */
  weight: z.string(),
  /** CBM, 3 decimals */
  volume: z.string(),
  ...cargoItemTermsView,
});
export type CargoItem = z.infer<typeof cargoItem>;

export const containerLine = cargoItem.extend({
  container_id: z.number().int().nullable(),
  container_name: z.string(),
  container_no: z.string(),
  seal_no: z.string(),
  quantity: z.number().int(),
  ...containerLineTermsView,
  /**
   * what each unit holds; the line's own cargo fields above are their totals (commodityTotals):
   * the first commodity's description and HS code, packages, weight and volume summed, and the
   * dangerous goods of all of them
   */
  commodities: z.array(commodityView),
});
export type ContainerLine = z.infer<typeof containerLine>;

/** Totals computed by the server: weight KG and volume CBM as 3-decimal strings, containers by type. */
export const bookingTotals = z.object({
  weight: z.string(),
  volume: z.string(),
  packages: z.number().int(),
  /** FCL: number of containers of each type (empty for LCL) */
  containers: z.array(
    z.object({ container_id: z.number().int(), container_name: z.string(), quantity: z.number().int() }),
  ),
  container_count: z.number().int(),
});
export type BookingTotals = z.infer<typeof bookingTotals>;

/** A container type a quote prices, with its US$ price. */
export const quoteSpace = z.object({
  container_id: z.number().int(),
  container_name: z.string(),
  price: z.string(),
});
export type QuoteSpace = z.infer<typeof quoteSpace>;

/**
 * GET /api/order/booking/{id}: the booking as the form edits it (the field names of bookingInput),
 * for edit and copy. `shipper_id`/`consignee_id` are null when the contact has since been deleted;
 * `ready_date` is null on a copy whose original date had passed. While `forwarder_hidden` (see
 * isForwarderHidden) `forwarder_id` is null and `forwarder_name` ''. `quote_spaces` are the
 * container types the booking's quote prices (empty when not booked from a quote): the only
 * types its lines may have.
 */
export const bookingForm = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  container_mode: z.number().int(),
  forwarder_id: z.number().int().nullable(),
  forwarder_name: z.string(),
  forwarder_hidden: z.boolean(),
  quote_id: z.number().int().nullable(),
  quote_spaces: z.array(quoteSpace),
  shipper_id: z.number().int().nullable(),
  shipper: bookingParty,
  consignee_id: z.number().int().nullable(),
  consignee: bookingParty,
  cust_ref_no: z.string(),
  ready_date: z.string().nullable(),
  /** the Incoterm's code, e.g. FOB; '' and the ports null while a draft has not got them */
  incoterm: z.string(),
  place_of_receipt: z.string(),
  pol_id: z.number().int().nullable(),
  pod_id: z.number().int().nullable(),
  to_id: z.number().int().nullable(),
  carrier_id: z.number().int().nullable(),
  remark: z.string(),
  /** '' leaves it to the Incoterm (freightTermOf) */
  freight_term: bookingFreightTerm,
  notify_party: z.string(),
  commodity_cn: z.string(),
  /** '' takes the mode's (serviceTypesOf); serviceTermText prints them as CY-DOOR */
  receipt_type: serviceTypeChoice,
  delivery_type: serviceTypeChoice,
  requested_etd: z.string().nullable(),
  requested_arrival_from: z.string().nullable(),
  requested_arrival_to: z.string().nullable(),
  requested_vessel_name: z.string(),
  requested_vessel_imo: z.string().nullable(),
  requested_voyage: z.string(),
  requested_service_code: z.string(),
  requested_service_name: z.string(),
  latest_shipment_date: z.string().nullable(),
  /** loading stops of a door receipt; loading_time is local to the place, "YYYY-MM-DD HH:mm" */
  container_positionings: z.array(
    z.object({
      location_name: z.string(),
      address: z.string(),
      contact_name: z.string(),
      phone: z.string(),
      loading_time: z.string().nullable(),
    }),
  ),
  export_customs_by: z.union([z.literal(''), z.enum(CUSTOMS_BY)]),
  requested_services: z.array(z.enum(REQUESTED_SERVICES)),
  services_remark: z.string(),
  service_contract_reference: z.string(),
  is_equipment_substitution_allowed: z.boolean(),
  is_partial_load_allowed: z.boolean(),
  is_export_declaration_required: z.boolean(),
  export_declaration_reference: z.string(),
  /** 2 decimals; null not declared */
  declared_value: z.string().nullable(),
  declared_value_currency: z.string().nullable(),
  /** '' not said (the freight term's, freight_term, covers the main carriage) */
  origin_charges_payment: bookingFreightTerm,
  destination_charges_payment: bookingFreightTerm,
  /** UN/LOCODE */
  freight_payable_at: z.string().nullable(),
  bl_issue_place: z.string().nullable(),
  transport_document_type: z.union([z.literal(''), z.enum(TRANSPORT_DOCUMENT_TYPES)]),
  number_of_originals: z.number().int().nullable(),
  purchase_order_reference: z.string(),
  export_license_reference: z.string(),
  ...bookingPartiesView,
  ...bookingPlacesView,
  customs_references: z.array(
    z.object({ type: z.string(), country_code: z.string(), values: z.array(z.string()) }),
  ),
  cargo_items: z.array(cargoItem),
  containers: z.array(containerLine),
  totals: bookingTotals,
});
export type BookingForm = z.infer<typeof bookingForm>;

/** One entry of the status timeline (oldest first). `from_status` is null for create and copy. */
export const bookingHistoryEntry = z.object({
  id: z.number().int(),
  action: z.enum(BOOKING_ACTION_NAMES as [BookingAction, ...BookingAction[]]),
  action_name: z.string(),
  from_status: z.number().int().nullable(),
  from_name: z.string().nullable(),
  to_status: z.number().int(),
  to_name: z.string(),
  actor: z.enum(BOOKING_PARTIES),
  /** the actor's company; '' for the forwarder while it is hidden from the member */
  actor_name: z.string(),
  /** the person who acted; '' for entries written before, or while the forwarder is hidden */
  person_name: z.string(),
  reason: z.string(),
  create_time: z.string(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntry>;

/** GET /api/order/shipment/{id}: the SI form data. `instructions` is null until submitted. */
export const bookingShipment = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  container_mode: z.number().int(),
  /** true while the booking is at status 2 */
  editable: z.boolean(),
  /** what was booked, for the container lines of the SI */
  booked: bookingTotals.shape.containers,
  instructions: shipmentInstructions.nullable(),
  /** what a new SI starts from (the booking's lines and freight term), and the booked totals */
  prefill: shipmentPrefill,
});
export type BookingShipment = z.infer<typeof bookingShipment>;

/* ---------- detail and liaison ---------- */

/**
 * A cut-off as every view gives it: RFC 3339 at the port of loading's offset then
 * ("2026-12-10T17:00:00+01:00"), so that its date, time and offset read as that port's wall clock.
 */
const zonedCutoff = z.string().nullable();

/** The vessel schedule the forwarder entered when releasing space. */
export const bookingSchedule = z.object({
  so_no: z.string(),
  bl_no: z.string(),
  carrier_name: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  si_cutoff: zonedCutoff,
  cy_cutoff: zonedCutoff,
  customs_cutoff: zonedCutoff,
  vgm_cutoff: zonedCutoff,
  /** the IANA zone of the port of loading, which the cut-offs are read and written in (cutoffTimeZone) */
  time_zone: z.string(),
  /** the empty-container pick-up depot and the return terminal, '' until released with them */
  pickup_depot: z.string(),
  return_terminal: z.string(),
});
export type BookingSchedule = z.infer<typeof bookingSchedule>;

/**
 * GET /api/order/docking/{id}: who handles the booking at the forwarder, and the vessel schedule.
 * `forwarder` is null while the forwarder is hidden from the member (forwarder_hidden).
 */
export const bookingDocking = z.object({
  forwarder: z
    .object({
      id: z.number().int(),
      company: z.string(),
      company2: z.string(),
      linkman: z.string(),
      phone: z.string(),
      email: z.string(),
    })
    .nullable(),
  forwarder_hidden: z.boolean(),
  schedule: bookingSchedule,
});
export type BookingDocking = z.infer<typeof bookingDocking>;

/** GET /api/order/{id} and /api/forwarder/order/{id}. */
export const bookingDetail = bookingForm.extend({
  status_name: z.string(),
  status_color: z.string(),
  state: z.enum(BOOKING_STATES),
  container_mode_name: z.string(),
  customer_name: z.string(),
  carrier_name: z.string(),
  pol_name: z.string(),
  pod_name: z.string(),
  to_name: z.string(),
  /** the transshipment port asked for; '' when none is */
  transshipment_name: z.string(),
  transshipment_code: z.string(),
  incoterm_name: z.string(),
  schedule: bookingSchedule,
  cancelled_by: z.enum(BOOKING_PARTIES).nullable(),
  /** when the forwarder accepted it (ISO time); null for a draft or a booking not yet accepted */
  accepted_at: z.string().nullable(),
  cancel_reason: z.string(),
  shipment: shipmentInstructions.nullable(),
  history: z.array(bookingHistoryEntry),
  documents: z.array(bookingDocument),
  /** the actions the viewer may take now (buttons to show) */
  actions: z.array(z.enum(BOOKING_ACTION_NAMES as [BookingAction, ...BookingAction[]])),
  create_time: z.string(),
  update_time: z.string(),
});
export type BookingDetail = z.infer<typeof bookingDetail>;
