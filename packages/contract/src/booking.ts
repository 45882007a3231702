import { z } from 'zod';
import {
  bookingCargoItem,
  bookingCargoItemDraft,
  type bookingContainerLineDraft,
  containerLineDraftWire,
  containerLineWire,
  type NestedContainerLineInput,
} from './booking-commodities.js';
import {
  BOOKING_LIMITS,
  CONTAINER_MODES,
  type ContainerLineInput,
  draftable,
  plainText,
  printableText,
  upperRestricted,
} from './booking-fields.js';
import { commercialProblems, commercialTermFields } from './booking-commercial.js';
import { bookingPlaceFields, placeProblems } from './booking-places.js';
import { bookingContactInput, documentPartyInput, NOTIFY_PARTIES_MAX } from './booking-parties.js';
import { requestedServiceFields } from './booking-services.js';
import { bookingFreightTerm } from './booking-shipment.js';
import {
  containerPositioningsField,
  doorProblems,
  requestedSailingFields,
  requestedSailingProblems,
  sailingProblem,
  serviceTermFields,
} from './booking-terms.js';
import { addProblems } from './trade-rules.js';
import { BOOKING_STATUS_VALUES } from './booking-state.js';
import { idNumber, numberFromText, optionalIdQuery, pageQuery, requiredId } from './common.js';
import { isoDate, labelledDate } from './validation.js';

/*
 * Bookings. Endpoints, all under /api, all answering the
 * envelope of the HTTP contract (docs/development.md). "Not yours" is always 404, exactly like a missing id.
 *
 * Member (authority `order`; only the member's own bookings):
 *   GET    /order                    bookingQuery → {lists: BookingRow[], total}
 *   GET    /order/export             bookingQuery → .xlsx of the filtered list (headers in the Lang)
 *   POST   /order/booking            bookingDraftInput → BookingDetail (a draft: status 0, new order_no,
 *                                    whatever is filled in); with ?submit=true held to bookingInput
 *                                    (422 naming what is missing), saved and submitted in one
 *                                    transaction (status 1)
 *   GET    /order/booking/{id}       → BookingForm (the form data for edit and copy)
 *   PUT    /order/booking/{id}       bookingDraftInput → BookingDetail; status 0 only, else 409;
 *                                    ?submit=true also submits it (0 → 1), in the same transaction
 *   POST   /order/{id}/submit        → BookingDetail; the draft goes to its forwarder (0 → 1); a
 *                                    draft not yet complete is refused, 422 naming each field missing
 *   POST   /order/{id}/copy          → BookingDetail of the new booking (a new status-0 booking: same form fields and lines but the customer reference, new order number; no schedule, SI, documents or history; a past ready date is cleared and must be set before the forwarder can accept)
 *   GET    /order/{id}               → BookingDetail (history timeline, documents, totals, SI)
 *   GET    /order/docking/{id}       → BookingDocking (forwarder's contact, vessel schedule)
 *   GET    /order/document/{id}      → {lists: BookingDocument[], total} of booking {id}
 *   GET    /order/shipment/{id}      → BookingShipment (SI form data; `editable` while status 2)
 *   PUT    /order/shipment/{id}      shipmentInput → BookingDetail; status 2 only, moves it to 3
 *   POST   /order/{id}/cancel        reasonInput → BookingDetail; status 1, 2 or 3 (→ 40)
 *   PUT    /order/cancel             cancelManyInput → {cancelled: n}; all or nothing
 *   DELETE /order/{id}               → {deleted: 1}; status 0 (a draft) only, else 409
 *
 * Forwarder (authority `rate`; only bookings addressed to the forwarder and submitted: a draft
 * (status 0) is its owner's alone, and answers 404 to the forwarder on every route):
 *   GET    /forwarder/order          bookingQuery → {lists: BookingRow[], total}
 *   GET    /forwarder/order/export   bookingQuery → .xlsx
 *   GET    /forwarder/order/{id}     → BookingDetail
 *   POST   /forwarder/order/{id}/accept      (no body)     1 → 1, sets accepted_at (once)
 *   POST   /forwarder/order/{id}/release     releaseInput  1 → 2
 *   POST   /forwarder/order/{id}/confirm-si  confirmSiInput 2 → 3 (SI received outside the portal)
 *   POST   /forwarder/order/{id}/ship        shipInput     3 → 5
 *   POST   /forwarder/order/{id}/void        reasonInput   1|2|3 → 40
 *   each → BookingDetail; any other transition → 409 (booking.wrongStatus names the status)
 *
 * Documents (authority `order` or `rate`; the booking's member or its forwarder):
 *   POST   /attachment               multipart: file, order_id, document_type, description?
 *                                    → {file: BookingDocument}; pdf, jpg, png, xlsx, xls, docx, doc
 *                                    judged by content, at most DOCUMENT_MAX_BYTES (413), else 415;
 *                                    not to a cancelled booking (409); each side only its own
 *                                    DOCUMENT_TYPES_BY_PARTY (403). With only `file`: an attachment
 *                                    (→ {file: Attachment}, see "Attachments" below)
 *   GET    /document/{id}            → BookingDocument
 *   GET    /document/download/{id}   → the file (Content-Disposition: attachment, nosniff);
 *                                    needs the Bearer header like every call: fetch it as a blob
 *   DELETE /document/{id}            → {deleted: 1}; only the uploader (403 for the other side)
 *
 * The member is e-mailed, in the member's language, on each change the forwarder makes; the
 * forwarder is e-mailed when a booking is submitted to it, on a member's cancellation and on
 * submitted SI. Saving, editing, copying and deleting a draft mail nobody.
 *
 * Drafts: the spec gives status 0 and 1 the same label ("awaiting space release") and
 * says only status 0 opens the editor. We read 0 as the member's draft (草稿 / Draft) and 1 as
 * submitted and awaiting the forwarder's release: Save keeps a draft, Submit sends it. The
 * forwarder's acceptance is recorded in `accepted_at` within status 1.
 */

/*
 * The booking contract by what it describes; every name is exported from here as before. Only
 * the pieces of booking-fields.ts that were public before are passed on.
 */
export * from './booking-state.js';
export {
  BOOKING_LIMITS,
  cargoItemInput,
  type CargoItemInput,
  CONTAINER_MODES,
  type ContainerMode,
  containerLineInput,
  type ContainerLineInput,
  containerNo,
  earliestReadyDate,
  hsCode,
  isReadyDateAllowed,
  isValidContainerNo,
  positiveDecimal,
  wholeNumber,
} from './booking-fields.js';
export * from './booking-documents.js';
export * from './booking-shipment.js';
export * from './booking-views.js';

/** `?submit=true` on POST /order/booking and PUT /order/booking/{id}: save and submit in one go. */
export const submitQuery = z.object({
  submit: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** Page sizes of the booking list: default 50; a search submit uses 10, a reset 50. */
export const BOOKING_PAGE_SIZES = [10, 20, 50, 100] as const;
export const BOOKING_PAGE_SIZE = 50;
/** The export writes at most this many rows (the newest first). */
export const BOOKING_EXPORT_MAX_ROWS = 10_000;

/** An optional id: absent, empty or null reads as null. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? null : numberFromText(value)),
  idNumber.nullable(),
);

/**
 * The booking form, one schema for FCL (container_mode 1, `containers`) and LCL (container_mode 2,
 * `cargo_items`). Address it to a forwarder (`forwarder_id`, a member holding `rate`) or book from
 * a quote (`quote_id`: the forwarder is the quote's; needs the quote_booking authority, else 403;
 * `forwarder_id` empty unless the member holds quote_forwarder; held to the quote's terms, see
 * quoteMismatches).
 * shipper_id and consignee_id are contacts of the member's own contact book. `incoterm` takes the
 * code (FOB) or the id of GET /api/system/dictionary?field=incoterm. `ready_date` cannot be before
 * today (a date that is today anywhere on earth is accepted). Totals are computed by the server.
 * `freight_term`, `notify_party` and `commodity_cn` are optional and go onto the booking note.
 */
const bookingFields = z.strictObject({
  container_mode: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, { error: 'validation.invalidValue' }),
  forwarder_id: optionalId.default(null),
  quote_id: optionalId.default(null),
  /** contacts of the member's book; either may be left for the shipping instructions, as DCSA allows */
  shipper_id: optionalId.default(null),
  consignee_id: optionalId.default(null),
  /**
   * The parties as the documents print them (booking-parties.ts): typed, or null to take the chosen
   * contact's as it is now. Kept on the booking, never written back into the book.
   */
  shipper_party: documentPartyInput.nullable().default(null),
  consignee_party: documentPartyInput.nullable().default(null),
  consignee_is_notify: z.boolean().default(false),
  notify_parties: z.array(documentPartyInput).max(NOTIFY_PARTIES_MAX).default([]),
  booking_contact: bookingContactInput.nullable().default(null),
  cust_ref_no: upperRestricted(50).default(''),
  ready_date: isoDate,
  incoterm: z
    .union([z.string().trim(), z.number()])
    .transform((value) => String(value).toUpperCase())
    .pipe(z.string().min(1).max(16)),
  /** the place of receipt's name; its country, its code and the other places in bookingPlaceFields */
  place_of_receipt: upperRestricted(100).default(''),
  pol_id: requiredId,
  pod_id: requiredId,
  to_id: requiredId,
  carrier_id: optionalId.default(null),
  remark: z.string().trim().max(BOOKING_LIMITS.remarkMax).default(''),
  /** 预付/到付; '' (the default) takes it from the Incoterm (freightTermOf) */
  freight_term: bookingFreightTerm.default(''),
  /** optional at booking; the B/L's notify party comes with the shipping instructions */
  notify_party: printableText(300).default(''),
  /** 中文品名: the goods' Chinese name, for the booking note */
  commodity_cn: plainText(BOOKING_LIMITS.commodityCnMax).default(''),
  /** an LCL line is one commodity; a container line an equipment group of commodities (booking-commodities.ts) */
  cargo_items: z.array(bookingCargoItem).max(BOOKING_LIMITS.maxLines).default([]),
  containers: z.array(containerLineWire).max(BOOKING_LIMITS.maxLines).default([]),
  /** CY / SD / CFS at each end; '' takes the mode's (serviceTypesOf): FCL CY-CY, LCL CFS-CFS */
  ...serviceTermFields,
  /** the sailing asked for; the forwarder's schedule (vessel, voyage, ETD) comes with the release */
  ...requestedSailingFields,
  /** where the trucker loads, for a door receipt (SD) only */
  container_positionings: containerPositioningsField,
  ...requestedServiceFields,
  /** contract or quote, substitution, declaration, declared value, charges, B/L (booking-commercial.ts) */
  ...commercialTermFields,
  /** the places beyond the ports and the transshipment port asked for (booking-places.ts) */
  ...bookingPlaceFields,
});

type TermsOfBooking = Parameters<typeof requestedSailingProblems>[0] &
  Parameters<typeof doorProblems>[0] &
  Parameters<typeof commercialProblems>[0] &
  Parameters<typeof placeProblems>[0] & { ready_date: string | null };

/**
 * The rules across the booking's terms: the sailing's own, the commercial terms' and the places'
 * (always: they are contradictions), the door's loading address (asked for on submit, refused on a yard or
 * station receipt always), and DCSA's "say when" (on submit).
 */
function termRules(booking: TermsOfBooking, ctx: z.RefinementCtx, submit: boolean) {
  addProblems(ctx, requestedSailingProblems(booking));
  addProblems(ctx, doorProblems(booking, { submit }));
  addProblems(ctx, commercialProblems(booking));
  addProblems(ctx, placeProblems(booking));
  const when = submit ? sailingProblem(booking) : null;
  if (when) addProblems(ctx, [when]);
}
/**
 * The rules across a booking's lines: only lines of its own mode, a numbered container line is one
 * container, and (`needsLines`, on submit) at least one line.
 */
function lineRules(
  booking: {
    container_mode: number;
    cargo_items: readonly unknown[];
    containers: readonly { container_no: string; quantity: number | null }[];
  },
  ctx: z.RefinementCtx,
  needsLines: boolean,
) {
  if (booking.container_mode === CONTAINER_MODES.fcl) {
    if (needsLines && booking.containers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['containers'], message: 'booking.addContainer' });
    if (booking.cargo_items.length > 0)
      ctx.addIssue({ code: 'custom', path: ['cargo_items'], message: 'booking.otherModeLines' });
    booking.containers.forEach((line, index) => {
      if (line.container_no !== '' && line.quantity !== null && line.quantity !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['containers', index, 'quantity'],
          message: 'booking.numberedQuantity',
        });
    });
  } else if (booking.container_mode === CONTAINER_MODES.lcl) {
    if (needsLines && booking.cargo_items.length === 0)
      ctx.addIssue({ code: 'custom', path: ['cargo_items'], message: 'booking.addCargo' });
    if (booking.containers.length > 0)
      ctx.addIssue({ code: 'custom', path: ['containers'], message: 'booking.otherModeLines' });
  }
}

// "A forwarder, or a quote" (booking.selectForwarder) is checked by the server with the stored
// booking: a draft made from a quote the forwarder has since deleted keeps the quote's forwarder.
export const bookingInput = bookingFields.superRefine((booking, ctx) => {
  lineRules(booking, ctx, true);
  termRules(booking, ctx, true);
});
/**
 * The booking form on the wire. A container line comes with its commodities nested, or in the flat
 * shape of its one commodity (containerLineInput), which the schema reads as that commodity.
 */
export type BookingInput = Omit<z.input<typeof bookingInput>, 'containers'> & {
  containers?: (NestedContainerLineInput | ContainerLineInput)[];
};
export type BookingValues = z.output<typeof bookingInput>;

/**
 * A saved draft (POST /order/booking and PUT /order/booking/{id} without ?submit): the booking
 * form with every field it needs only for submitting left optional, each still checked for its
 * format when given (types, lengths, codes, ids), and no rule across fields. The member may save
 * whatever is typed so far and finish later; bookingInput is what a submit is held to, on the
 * stored draft. An empty or missing value reads as null (lines: as null too).
 */
export const bookingDraftInput = bookingFields
  .extend({
    ready_date: draftable(bookingFields.shape.ready_date),
    incoterm: draftable(bookingFields.shape.incoterm),
    pol_id: draftable(bookingFields.shape.pol_id),
    pod_id: draftable(bookingFields.shape.pod_id),
    to_id: draftable(bookingFields.shape.to_id),
    cargo_items: z.array(bookingCargoItemDraft).max(BOOKING_LIMITS.maxLines).default([]),
    containers: z.array(containerLineDraftWire).max(BOOKING_LIMITS.maxLines).default([]),
  })
  .superRefine((booking, ctx) => {
    lineRules(booking, ctx, false);
    termRules(booking, ctx, false);
  });
export type BookingDraftInput = Omit<z.input<typeof bookingDraftInput>, 'containers'> & {
  containers?: (z.input<typeof bookingContainerLineDraft> | Partial<ContainerLineInput>)[];
};
export type BookingDraftValues = z.output<typeof bookingDraftInput>;

/* ---------- list ---------- */

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * GET /api/order and /api/forwarder/order (newest first). `keyword` matches order number, B/L
 * number and customer reference (case-insensitive, contained); order_no, cust_ref_no, vessel and
 * voyage match contained text too. sdate/edate bound the booking (create) date, etd_from/etd_to and
 * eta_from/eta_to the schedule, all inclusive (dates in UTC).
 */
export const bookingQuery = pageQuery(BOOKING_PAGE_SIZE).extend({
  keyword: optionalText(100),
  status: z.coerce
    .number()
    .int()
    .refine((v) => (BOOKING_STATUS_VALUES as number[]).includes(v), { error: 'validation.invalidValue' })
    .optional(),
  container_mode: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, { error: 'validation.invalidValue' })
    .optional(),
  to_id: optionalIdQuery,
  pol_id: optionalIdQuery,
  carrier_id: optionalIdQuery,
  order_no: optionalText(30),
  cust_ref_no: optionalText(50),
  vessel: optionalText(50),
  voyage: optionalText(20),
  sdate: labelledDate('booking_date_from').optional(),
  edate: labelledDate('booking_date_to').optional(),
  etd_from: isoDate.optional(),
  etd_to: isoDate.optional(),
  eta_from: isoDate.optional(),
  eta_to: isoDate.optional(),
});
export type BookingQuery = z.infer<typeof bookingQuery>;
