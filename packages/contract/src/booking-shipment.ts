import { z } from 'zod';
import { BOOKING_LIMITS, containerNo, upperRestricted } from './booking-fields.js';
import { requiredId } from './common.js';
import { isEtaInOrder, isoDate } from './validation.js';

/*
 * The inputs that move a booking on after it is submitted: the member's shipping instructions
 * (补料) and cancellation, the forwarder's release, shipment, SI confirmation and void.
 */

export const BL_TYPES = ['original', 'telex', 'seaway'] as const;
export const FREIGHT_TERMS = ['prepaid', 'collect'] as const;

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
