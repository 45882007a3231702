import { z } from 'zod';
import { numberFromText, pageQuery, requiredId } from './common.js';
import type { MessageKey } from './i18n/types.js';
import { documentTextField, isEtaInOrder, isoDate, labelledDate } from './validation.js';

/*
 * Bookings (spec §2, §3, §4, §5, §7; issue 6). Endpoints, all under /api, all answering the
 * envelope of ARCHITECTURE.md. "Not yours" is always 404, exactly like a missing id.
 *
 * Member (authority `order`; only the member's own bookings):
 *   GET    /order                    bookingQuery → {lists: BookingRow[], total}
 *   GET    /order/export             bookingQuery → .xlsx of the filtered list (headers in the Lang)
 *   POST   /order/booking            bookingInput → BookingDetail (a draft: status 0, new order_no);
 *                                    with ?submit=true saved and submitted in one transaction (status 1)
 *   GET    /order/booking/{id}       → BookingForm (the form data for edit and copy)
 *   PUT    /order/booking/{id}       bookingInput → BookingDetail; status 0 only, else 409;
 *                                    ?submit=true also submits it (0 → 1), in the same transaction
 *   POST   /order/{id}/submit        → BookingDetail; the draft goes to its forwarder (0 → 1)
 *   POST   /order/{id}/copy          → BookingDetail of the new booking (a new status-0 booking: same form fields and lines, new order number; no schedule, SI, documents or history; a past ready date is cleared and must be set before the forwarder can accept)
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
 * Drafts (issue 14): the spec gives status 0 and 1 the same label ("awaiting space release") and
 * says only status 0 opens the editor. We read 0 as the member's draft (草稿 / Draft) and 1 as
 * submitted and awaiting the forwarder's release: Save keeps a draft, Submit sends it. The
 * forwarder's acceptance is recorded in `accepted_at` within status 1.
 */

/** Status numbers (spec §4). */
export const BOOKING_STATUS = {
  /** a draft: only its owner sees it, may edit, submit or delete it */
  draft: 0,
  /** submitted to the forwarder, awaiting space release (accepted or not: see accepted_at); locked */
  submitted: 1,
  /** space released (SO, vessel, voyage, ETD/ETA, cut-offs); awaiting the member's shipping instructions */
  released: 2,
  /** shipping instructions received; awaiting shipment */
  instructed: 3,
  /** shipped, with a B/L number */
  shipped: 5,
  /** cancelled by the member or voided by the forwarder */
  cancelled: 40,
} as const;

/**
 * Booking statuses (spec §4) with the list filter's colours (Ant Design tag colours). The label
 * keys point into the shared catalog (bookingStatus.s<number>).
 */
export const BOOKING_STATUSES = [
  { value: 0, key: 'bookingStatus.s0', color: 'default' },
  { value: 1, key: 'bookingStatus.s1', color: 'blue' },
  { value: 2, key: 'bookingStatus.s2', color: 'orange' },
  { value: 3, key: 'bookingStatus.s3', color: 'green' },
  { value: 5, key: 'bookingStatus.s5', color: 'blue' },
  { value: 40, key: 'bookingStatus.s40', color: 'default' },
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number]['value'];
export const BOOKING_STATUS_VALUES = BOOKING_STATUSES.map((s) => s.value) as BookingStatus[];

/** The catalog key of a status label. */
export function bookingStatusKey(status: number): MessageKey {
  return (BOOKING_STATUSES.find((s) => s.value === status)?.key ?? 'bookingStatus.s0') as MessageKey;
}
/** The tag colour of a status. */
export function bookingStatusColor(status: number): string {
  return BOOKING_STATUSES.find((s) => s.value === status)?.color ?? 'default';
}

/**
 * The spec's named states, mapped onto the numbers:
 * - pending: 0 (a draft) and 1 until the forwarder accepts it;
 * - confirmed: 1 once accepted, 2 and 3 (space released; SI received — the booking is confirmed
 *   and in progress, nothing has sailed yet);
 * - completed: 5 only (shipped with a B/L: what a user means by "done"; 3 is still awaiting shipment);
 * - cancelled: 40 cancelled by the member; voided: 40 voided by the forwarder (the booking's
 *   `cancelled_by` and its history record which).
 */
export const BOOKING_STATES = ['pending', 'confirmed', 'completed', 'cancelled', 'voided'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export function bookingState(
  status: number,
  cancelledBy?: BookingParty | null,
  isAccepted = status !== BOOKING_STATUS.submitted,
): BookingState {
  if (status === BOOKING_STATUS.draft || (status === BOOKING_STATUS.submitted && !isAccepted))
    return 'pending';
  if (status === BOOKING_STATUS.shipped) return 'completed';
  if (status === BOOKING_STATUS.cancelled) return cancelledBy === 'forwarder' ? 'voided' : 'cancelled';
  return 'confirmed';
}

/** Who acted: the booking's member or the forwarder it is addressed to. */
export const BOOKING_PARTIES = ['member', 'forwarder'] as const;
export type BookingParty = (typeof BOOKING_PARTIES)[number];

/**
 * Every action that creates a booking or changes its status: who may do it, from which statuses,
 * and the status it leads to. The server refuses anything else with 409 booking.wrongStatus.
 * `confirm_si` is the forwarder's way to move 2 → 3 when the shipping instructions arrived outside
 * the portal (by e-mail, or as an uploaded document); the member's own SI (PUT /order/shipment)
 * moves 2 → 3 by itself.
 */
const S = BOOKING_STATUS;
export const BOOKING_ACTIONS = {
  create: { by: 'member', from: [], to: S.draft },
  copy: { by: 'member', from: [], to: S.draft },
  edit: { by: 'member', from: [S.draft], to: S.draft },
  delete: { by: 'member', from: [S.draft], to: S.draft },
  submit: { by: 'member', from: [S.draft], to: S.submitted },
  /** once: the booking stays at 1 and gets accepted_at (see isActionOpen) */
  accept: { by: 'forwarder', from: [S.submitted], to: S.submitted },
  release: { by: 'forwarder', from: [S.submitted], to: S.released },
  submit_si: { by: 'member', from: [S.released], to: S.instructed },
  confirm_si: { by: 'forwarder', from: [S.released], to: S.instructed },
  ship: { by: 'forwarder', from: [S.instructed], to: S.shipped },
  cancel: { by: 'member', from: [S.submitted, S.released, S.instructed], to: S.cancelled },
  void: { by: 'forwarder', from: [S.submitted, S.released, S.instructed], to: S.cancelled },
} as const satisfies Record<string, { by: BookingParty; from: readonly number[]; to: BookingStatus }>;
export type BookingAction = keyof typeof BOOKING_ACTIONS;
export const BOOKING_ACTION_NAMES = Object.keys(BOOKING_ACTIONS) as BookingAction[];

/** Whether `action` is allowed on a booking in `status` (ignoring who asks). */
export function canBooking(action: BookingAction, status: number): boolean {
  return (BOOKING_ACTIONS[action].from as readonly number[]).includes(status);
}

/** Whether `action` is open on a booking, its acceptance counted (accept is taken once). */
export function isActionOpen(action: BookingAction, status: number, isAccepted: boolean): boolean {
  return canBooking(action, status) && !(action === 'accept' && isAccepted);
}

/** The actions `party` may take on a booking in `status` (what buttons to show). */
export function bookingActionsFor(party: BookingParty, status: number, isAccepted = false): BookingAction[] {
  return BOOKING_ACTION_NAMES.filter(
    (action) =>
      BOOKING_ACTIONS[action].by === party && isActionOpen(action, status, isAccepted) && action !== 'copy',
  );
}

/** `?submit=true` on POST /order/booking and PUT /order/booking/{id}: save and submit in one go. */
export const submitQuery = z.object({
  submit: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** container_mode: 1 FCL, 2 LCL. */
export const CONTAINER_MODES = { fcl: 1, lcl: 2 } as const;
export type ContainerMode = (typeof CONTAINER_MODES)[keyof typeof CONTAINER_MODES];

/** Page sizes of the booking list (spec §9): default 50; a search submit uses 10, a reset 50. */
export const BOOKING_PAGE_SIZES = [10, 20, 50, 100] as const;
export const BOOKING_PAGE_SIZE = 50;
/** The export writes at most this many rows (the newest first). */
export const BOOKING_EXPORT_MAX_ROWS = 10_000;

/** Line and value limits. Weights in KG, volumes in CBM, both with 3 decimals. */
export const BOOKING_LIMITS = {
  maxLines: 200,
  maxWeightKg: '1000000',
  maxVolumeCbm: '100000',
  maxPackages: 1_000_000,
  maxQuantity: 1000,
  decimals: 3,
  remarkMax: 255,
} as const;

/* ---------- validation pieces ---------- */

/**
 * Restricted text that goes onto documents (RESTRICTED_TEXT), upper-cased first so that "abc" is
 * taken as "ABC"; `lines` lets it run over several lines (a cargo description).
 */
const upperRestricted = documentTextField;

/**
 * Free text printed on the B/L (marks, notify party): upper-cased printable ASCII, so that the usual
 * "N/M", "#", "&" and "/" pass, while characters a carrier's system cannot print do not.
 */
const printableText = (max: number) =>
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(
      z
        .string()
        .max(max)
        .regex(/^[\x20-\x7E\r\n]*$/, { error: 'booking.printableOnly' }),
    );

/** A required id whose absence has its own message (Please select a shipper …). */
const idWithMessage = (key: MessageKey) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : numberFromText(value)),
    z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(2_147_483_647, { error: key }),
  );
/** An optional id: absent, empty or null reads as null. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? null : numberFromText(value)),
  z.number().int().min(1).max(2_147_483_647).nullable(),
);

/** Empty input ('', blanks, null) reads as missing, so that the message says the field is required. */
const emptyAsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * A required whole number from 1 to `max` (string or number on the wire). Empty reads as missing:
 * "Packages is required", not "has the wrong format".
 */
export function wholeNumber(max: number) {
  return z.preprocess((value) => {
    const present = emptyAsMissing(value);
    return typeof present === 'string' ? Number(present.trim()) : present;
  }, z.number().int().min(1).max(max));
}

/**
 * A positive decimal on the wire (string or number) with at most 3 decimals, above 0 and at most
 * `max`. Kept as a string: the server stores it as numeric and never sums floats. Empty reads as
 * missing (required).
 */
export function positiveDecimal(max: string, key: MessageKey) {
  return z.preprocess(emptyAsMissing, positiveDecimalValue(max, key));
}

function positiveDecimalValue(max: string, key: MessageKey) {
  return z
    .union([z.string().trim(), z.number()])
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .pipe(
      z
        .string()
        .regex(/^\d{1,9}(\.\d{1,3})?$/, { error: key, abort: true })
        .refine((value) => Number(value) > 0 && Number(value) <= Number(max), { error: key }),
    );
}

/** HS code: 6 to 10 digits; dots and spaces as people write them ("8471.30") are dropped. */
export const hsCode = z
  .string()
  .trim()
  .transform((value) => value.replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^\d{6,10}$/, { error: 'booking.hsCode' }));

const LETTER_VALUES: Record<string, number> = Object.fromEntries(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((letter, i) => {
    // A=10 and upwards, skipping 11, 22 and 33 (multiples of 11).
    let value = 10 + i;
    value += Math.floor((value - 1) / 10);
    return [letter, value];
  }),
);

/**
 * ISO 6346 container number: owner code (3 letters), category (U, J or Z), 6-digit serial and the
 * check digit computed from the first ten characters.
 */
export function isValidContainerNo(value: string): boolean {
  const text = value.trim().toUpperCase();
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(text)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = text[i] as string;
    const v = /\d/.test(ch) ? Number(ch) : (LETTER_VALUES[ch] ?? 0);
    sum += v * 2 ** i;
  }
  return (sum % 11) % 10 === Number(text[10]);
}

export const containerNo = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase().replace(/\s/g, ''))
  .pipe(z.string().refine(isValidContainerNo, { error: 'booking.containerNo' }));

const weight = positiveDecimal(BOOKING_LIMITS.maxWeightKg, 'booking.weightFormat');
const volume = positiveDecimal(BOOKING_LIMITS.maxVolumeCbm, 'booking.volumeFormat');
const packages = wholeNumber(BOOKING_LIMITS.maxPackages);

/**
 * A booking line's HS code: optional at booking (issue 14; customs needs it with the shipping
 * instructions, not when space is asked for), checked when given.
 */
const bookingHsCode = z.union([z.literal(''), hsCode]).default('');

/** An LCL cargo line. */
export const cargoItemInput = z.object({
  hs_code: bookingHsCode,
  description: upperRestricted(500, true).pipe(z.string().min(1)),
  packages,
  /** a package unit: GET /api/unit?type=3 */
  unit_id: requiredId,
  weight,
  volume,
});
export type CargoItemInput = z.input<typeof cargoItemInput>;

/**
 * An FCL container line: `quantity` containers of one type. packages, weight and volume are the
 * line's totals (all its containers together). A line with a container number is one container.
 */
export const containerLineInput = z.object({
  container_id: requiredId,
  container_no: z.union([z.literal(''), containerNo]).default(''),
  seal_no: upperRestricted(30).default(''),
  hs_code: bookingHsCode,
  description: upperRestricted(500, true).pipe(z.string().min(1)),
  packages,
  unit_id: requiredId,
  weight,
  volume,
  quantity: wholeNumber(BOOKING_LIMITS.maxQuantity),
});
export type ContainerLineInput = z.input<typeof containerLineInput>;

/**
 * The booking form, one schema for FCL (container_mode 1, `containers`) and LCL (container_mode 2,
 * `cargo_items`). Address it to a forwarder (`forwarder_id`, a member holding `rate`) or book from
 * a quote (`quote_id`: the forwarder is the quote's; needs the quote_booking authority, else 403;
 * `forwarder_id` empty unless the member holds quote_forwarder; held to the quote's terms, see
 * quoteMismatches).
 * shipper_id and consignee_id are contacts of the member's own contact book. `incoterm` takes the
 * code (FOB) or the id of GET /api/system/dictionary?field=incoterm. `ready_date` cannot be before
 * today (a date that is today anywhere on earth is accepted). Totals are computed by the server.
 */
export const bookingInput = z
  .strictObject({
    container_mode: z.coerce
      .number()
      .int()
      .refine((v) => v === 1 || v === 2, { error: 'validation.invalidValue' }),
    forwarder_id: optionalId.default(null),
    quote_id: optionalId.default(null),
    shipper_id: idWithMessage('booking.selectShipper'),
    consignee_id: idWithMessage('booking.selectConsignee'),
    cust_ref_no: upperRestricted(50).default(''),
    ready_date: isoDate,
    incoterm: z
      .union([z.string().trim(), z.number()])
      .transform((value) => String(value).toUpperCase())
      .pipe(z.string().min(1).max(16)),
    place_of_receipt: upperRestricted(100).default(''),
    pol_id: requiredId,
    pod_id: requiredId,
    to_id: requiredId,
    carrier_id: optionalId.default(null),
    remark: z.string().trim().max(BOOKING_LIMITS.remarkMax).default(''),
    cargo_items: z.array(cargoItemInput).max(BOOKING_LIMITS.maxLines).default([]),
    containers: z.array(containerLineInput).max(BOOKING_LIMITS.maxLines).default([]),
  })
  .superRefine((booking, ctx) => {
    // "A forwarder, or a quote" (booking.selectForwarder) is checked by the server with the stored
    // booking: a draft made from a quote the forwarder has since deleted keeps the quote's forwarder.
    if (booking.container_mode === CONTAINER_MODES.fcl) {
      if (booking.containers.length === 0)
        ctx.addIssue({ code: 'custom', path: ['containers'], message: 'booking.addContainer' });
      if (booking.cargo_items.length > 0)
        ctx.addIssue({ code: 'custom', path: ['cargo_items'], message: 'booking.otherModeLines' });
      booking.containers.forEach((line, index) => {
        if (line.container_no !== '' && line.quantity !== 1)
          ctx.addIssue({
            code: 'custom',
            path: ['containers', index, 'quantity'],
            message: 'booking.numberedQuantity',
          });
      });
    } else if (booking.container_mode === CONTAINER_MODES.lcl) {
      if (booking.cargo_items.length === 0)
        ctx.addIssue({ code: 'custom', path: ['cargo_items'], message: 'booking.addCargo' });
      if (booking.containers.length > 0)
        ctx.addIssue({ code: 'custom', path: ['containers'], message: 'booking.otherModeLines' });
    }
  });
export type BookingInput = z.input<typeof bookingInput>;
export type BookingValues = z.output<typeof bookingInput>;

/* ---------- list ---------- */

const optionalText = (max: number) => z.string().trim().max(max).optional();
const optionalIdQuery = z.coerce.number().int().min(1).max(2_147_483_647).optional();

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

/** A list row: the first naming of spec §3, plus bl_no, so_no and both parties' names. */
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
  vessel: z.string(),
  voyage: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  bl_no: z.string(),
  so_no: z.string(),
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
  packages: z.number().int(),
  unit_id: z.number().int(),
  unit_name: z.string(),
  /** KG, 3 decimals */
  weight: z.string(),
  /** CBM, 3 decimals */
  volume: z.string(),
});
export type CargoItem = z.infer<typeof cargoItem>;

export const containerLine = cargoItem.extend({
  container_id: z.number().int(),
  container_name: z.string(),
  container_no: z.string(),
  seal_no: z.string(),
  quantity: z.number().int(),
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
  /** the Incoterm's code, e.g. FOB */
  incoterm: z.string(),
  place_of_receipt: z.string(),
  pol_id: z.number().int(),
  pod_id: z.number().int(),
  to_id: z.number().int(),
  carrier_id: z.number().int().nullable(),
  remark: z.string(),
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
  reason: z.string(),
  create_time: z.string(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntry>;

/** Document types, with their catalog label keys. */
export const DOCUMENT_TYPES = [
  'booking_confirmation',
  'draft_bl',
  'bl',
  'shipping_instructions',
  'packing_list',
  'commercial_invoice',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentTypeKey = (type: DocumentType): MessageKey => `documentType.${type}`;

/**
 * Who uploads which document: each side the documents it issues, and both "other". The forwarder
 * issues the booking confirmation and the B/L (draft and final); the customer the shipping
 * instructions, packing list and commercial invoice. The server refuses the other side's types (403).
 */
export const DOCUMENT_TYPES_BY_PARTY = {
  member: ['shipping_instructions', 'packing_list', 'commercial_invoice', 'other'],
  forwarder: ['booking_confirmation', 'draft_bl', 'bl', 'other'],
} as const satisfies Record<BookingParty, readonly DocumentType[]>;

/** The document types `party` may upload (the upload dialog's choices). */
export function documentTypesFor(party: BookingParty): readonly DocumentType[] {
  return DOCUMENT_TYPES_BY_PARTY[party];
}

/** Documents can be uploaded to a booking in any status but cancelled (40). */
export function canUploadDocuments(status: number): boolean {
  return status !== BOOKING_STATUS.cancelled;
}

/** Upload limits of booking documents: pdf, jpg, png and office files, judged by content. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.xlsx',
  '.xls',
  '.docx',
  '.doc',
] as const;

/**
 * The text fields of POST /api/attachment for a booking document (multipart, besides `file`). A
 * form with neither `order_id` nor `document_type` uploads an attachment instead (see below).
 */
export const documentFields = z.object({
  order_id: requiredId,
  document_type: z.enum(DOCUMENT_TYPES),
  description: z.string().trim().max(255).default(''),
});

export const bookingDocument = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  document_type: z.enum(DOCUMENT_TYPES),
  document_type_name: z.string(),
  description: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.enum(BOOKING_PARTIES),
  /** the uploader's company; '' for the forwarder while it is hidden from the member */
  uploader_name: z.string(),
  /** the viewer uploaded it (and may delete it) */
  own: z.boolean(),
  /** GET this with the Bearer header */
  url: z.string(),
  create_time: z.string(),
});
export type BookingDocument = z.infer<typeof bookingDocument>;

/*
 * Attachments: files a member (or forwarder) uploaded that are not (yet) tied to a booking: POST
 * /attachment with only `file`. Each belongs to its uploader alone; anyone else's id answers 404.
 *   GET    /attachment               attachmentQuery → {lists: Attachment[], total}, newest first
 *   GET    /attachment/{id}          → Attachment
 *   GET    /attachment/download/{id} → the file (Content-Disposition: attachment, nosniff)
 *   DELETE /attachment/{id}          → {deleted: 1}
 * Same file rules as documents (pdf, jpg, png, office by content; DOCUMENT_MAX_BYTES); a member
 * keeps at most ATTACHMENT_MAX_COUNT of them (409 beyond).
 */
export const ATTACHMENT_MAX_COUNT = 100;
export const ATTACHMENT_PAGE_SIZE = 20;
export const attachmentQuery = pageQuery(ATTACHMENT_PAGE_SIZE);
/** Attachment ids are UUIDs; anything else answers 404 like an unknown id. */
export const attachmentParams = z.object({ id: z.string().max(64) });

export const attachment = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** GET this with the Bearer header */
  url: z.string(),
  create_time: z.string(),
});
export type Attachment = z.infer<typeof attachment>;

/* ---------- shipping instructions (补料) ---------- */

export const BL_TYPES = ['original', 'telex', 'seaway'] as const;
export const FREIGHT_TERMS = ['prepaid', 'collect'] as const;

/**
 * PUT /api/order/shipment/{id} (status 2 only; moves the booking to 3). FCL: the containers
 * actually stuffed, each with its ISO 6346 number (at least one, and per type no more than booked);
 * LCL: no containers.
 */
export const shipmentInput = z.strictObject({
  notify_party: printableText(300).default(''),
  marks: printableText(500).default(''),
  description: upperRestricted(1000, true).pipe(z.string().min(1)),
  bl_type: z.enum(BL_TYPES).default('original'),
  freight_term: z.enum(FREIGHT_TERMS).default('prepaid'),
  remark: z.string().trim().max(BOOKING_LIMITS.remarkMax).default(''),
  containers: z
    .array(
      z.object({
        container_id: requiredId,
        container_no: containerNo,
        seal_no: upperRestricted(30).default(''),
      }),
    )
    .max(BOOKING_LIMITS.maxLines)
    .default([]),
});
export type ShipmentInput = z.input<typeof shipmentInput>;

export const shipmentInstructions = z.object({
  notify_party: z.string(),
  marks: z.string(),
  description: z.string(),
  bl_type: z.enum(BL_TYPES),
  freight_term: z.enum(FREIGHT_TERMS),
  remark: z.string(),
  containers: z.array(
    z.object({
      container_id: z.number().int(),
      container_name: z.string(),
      container_no: z.string(),
      seal_no: z.string(),
    }),
  ),
  submit_time: z.string(),
});
export type ShipmentInstructions = z.infer<typeof shipmentInstructions>;

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
});
export type BookingShipment = z.infer<typeof bookingShipment>;

/* ---------- forwarder actions ---------- */

/** Port-local date and time of a cut-off: "YYYY-MM-DD HH:mm" (a "T" is accepted too). */
export const localDateTime = z
  .string()
  .trim()
  .transform((value) => value.replace('T', ' ').slice(0, 16))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, { error: 'booking.dateTimeFormat' })
      .refine((value) => isoDate.safeParse(value.slice(0, 10)).success, { error: 'booking.dateTimeFormat' }),
  );

/**
 * The cut-offs a release gives (port-local "YYYY-MM-DD HH:mm"): shipping instructions (截补料), CY
 * (截港), customs (截关) and VGM, each optional (issue 14 added the last two).
 */
export const CUTOFF_FIELDS = ['si_cutoff', 'cy_cutoff', 'customs_cutoff', 'vgm_cutoff'] as const;
export type CutoffField = (typeof CUTOFF_FIELDS)[number];
const optionalCutoff = z.union([z.literal(''), z.null(), localDateTime]).optional();

/**
 * POST /api/forwarder/order/{id}/release (1 → 2): SO number, vessel, voyage, ETD and ETA are
 * required (ETA not before ETD); the cut-offs are optional but, when given, not after the ETD day.
 */
export const releaseInput = z
  .strictObject({
    so_no: upperRestricted(30).pipe(z.string().min(1)),
    vessel: upperRestricted(50).pipe(z.string().min(1)),
    voyage: upperRestricted(20).pipe(z.string().min(1)),
    etd: isoDate,
    eta: isoDate,
    si_cutoff: optionalCutoff,
    cy_cutoff: optionalCutoff,
    customs_cutoff: optionalCutoff,
    vgm_cutoff: optionalCutoff,
  })
  .superRefine((value, ctx) => {
    if (!isEtaInOrder(value.etd, value.eta))
      ctx.addIssue({ code: 'custom', path: ['eta'], message: 'rates.etaOrder' });
    for (const field of CUTOFF_FIELDS) {
      const cutoff = value[field];
      if (cutoff && cutoff.slice(0, 10) > value.etd)
        ctx.addIssue({ code: 'custom', path: [field], message: 'booking.cutoffAfterEtd' });
    }
  });
export type ReleaseInput = z.input<typeof releaseInput>;

/** POST /api/forwarder/order/{id}/ship (3 → 5). */
export const shipInput = z.strictObject({
  bl_no: upperRestricted(30).pipe(z.string().min(1)),
});
export type ShipInput = z.input<typeof shipInput>;

/** POST /api/forwarder/order/{id}/confirm-si (2 → 3): an optional note for the timeline. */
export const confirmSiInput = z.strictObject({
  reason: z.string().trim().max(255).default(''),
});

/** POST /api/order/{id}/cancel and /api/forwarder/order/{id}/void: the reason is required. */
export const reasonInput = z.strictObject({
  reason: z.string().trim().min(1).max(255),
});
export type ReasonInput = z.input<typeof reasonInput>;

/** PUT /api/order/cancel: several of the member's bookings at once, all or nothing. */
export const cancelManyInput = z.strictObject({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(1000),
  reason: z.string().trim().min(1).max(255),
});
export type CancelManyInput = z.input<typeof cancelManyInput>;

/* ---------- detail and liaison ---------- */

/** The vessel schedule the forwarder entered when releasing space. Cut-offs are port-local "YYYY-MM-DD HH:mm". */
export const bookingSchedule = z.object({
  so_no: z.string(),
  bl_no: z.string(),
  carrier_name: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  si_cutoff: z.string().nullable(),
  cy_cutoff: z.string().nullable(),
  customs_cutoff: z.string().nullable(),
  vgm_cutoff: z.string().nullable(),
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

/**
 * A date that is "today" somewhere on earth (UTC−12 … UTC+14): the earliest ready date accepted now.
 * One rule for bookings (create, edit, copy), RFQs, and the web's pickers and checks, whatever the
 * time zone of the server or the browser: the member's own today is never refused.
 */
export function earliestReadyDate(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** Whether a cargo ready date (YYYY-MM-DD, a calendar date) may be given now (earliestReadyDate). */
export function isReadyDateAllowed(date: string, now: Date = new Date()): boolean {
  return date >= earliestReadyDate(now);
}
