import { z } from 'zod';
import {
  BOOKING_LIMITS,
  containerNo,
  plainText,
  positiveDecimal,
  printableText,
  upperRestricted,
  wholeNumber,
} from './booking-fields.js';
import type { TransportDocumentType } from './booking-commercial.js';
import { fromThousandths, sum3, toThousandths } from './booking-totals.js';
import { idNumber, requiredId } from './common.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone.js';
import { isEtaInOrder, isoDate } from './validation.js';

/*
 * The inputs that move a booking on after it is submitted: the member's shipping instructions
 * (补料) and cancellation, the forwarder's release, shipment, SI confirmation and void.
 */

export const BL_TYPES = ['original', 'telex', 'seaway'] as const;
export type BlType = (typeof BL_TYPES)[number];
export const FREIGHT_TERMS = ['prepaid', 'collect'] as const;
export type FreightTerm = (typeof FREIGHT_TERMS)[number];
/** Who issues the bill of lading: the carrier (master B/L) or the forwarder (house B/L). */
export const BL_ISSUERS = ['carrier', 'house'] as const;
export type BlIssuer = (typeof BL_ISSUERS)[number];
/** Originals of an original B/L: usually a set of three. */
export const BL_ORIGINALS_MAX = 3;

/** The Incoterm codes of the site's `freight_collect` setting ("EXW,FCA,FOB"). */
export function freightCollectTerms(setting: string): string[] {
  return setting
    .split(/[,\s]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
}

/**
 * 预付/到付: the term chosen on the booking, else the Incoterm's: the terms of the site's
 * `freight_collect` setting leave the main carriage to the buyer (collect), the others to the seller
 * (prepaid).
 */
export function freightTermOf(
  incoterm: string,
  freightCollect: string,
  chosen?: FreightTerm | '' | null,
): FreightTerm {
  if (chosen) return chosen;
  return freightCollectTerms(freightCollect).includes(incoterm.trim().toUpperCase()) ? 'collect' : 'prepaid';
}

/** A booking's own freight term: '' leaves it to the Incoterm (freightTermOf). */
export const bookingFreightTerm = z.union([z.literal(''), z.enum(FREIGHT_TERMS)]);

/**
 * The B/L's per-container figures of the shipping instructions: required, because the carrier
 * prints them on the B/L and cannot load a container without its VGM (SOLAS).
 */
const siContainerFigures = {
  packages: wholeNumber(BOOKING_LIMITS.maxPackages),
  weight: positiveDecimal(BOOKING_LIMITS.maxWeightKg, 'booking.weightFormat'),
  /** verified gross mass (KG): the container's weight with its cargo and tare */
  vgm: positiveDecimal(BOOKING_LIMITS.maxWeightKg, 'booking.weightFormat'),
};

/**
 * Whether a container's VGM is below its cargo's gross weight: the VGM adds the tare to the cargo,
 * so it can never be less. Either figure missing or unreadable is not this rule's concern.
 */
export function isVgmBelowWeight(
  weight: string | number | null | undefined,
  vgm: string | number | null | undefined,
): boolean {
  if (
    weight === null ||
    weight === undefined ||
    weight === '' ||
    vgm === null ||
    vgm === undefined ||
    vgm === ''
  )
    return false;
  return toThousandths(vgm) < toThousandths(weight);
}

/** The packages, gross weight and VGM of an SI's containers, added up (for the totals row). */
export function siTotals(
  containers: readonly {
    packages?: number | null | undefined;
    weight?: string | number | null | undefined;
    vgm?: string | number | null | undefined;
  }[],
) {
  return {
    packages: containers.reduce((sum, c) => sum + (typeof c.packages === 'number' ? c.packages : 0), 0),
    weight: sum3(containers.map((c) => c.weight)),
    vgm: sum3(containers.map((c) => c.vgm)),
  };
}

/**
 * PUT /api/order/shipment/{id} (status 2 only; moves the booking to 3). FCL: the containers
 * actually stuffed, each with its ISO 6346 number (at least one, and per type no more than booked);
 * LCL: no containers.
 */
export const shipmentInput = z.strictObject({
  /** the shipper as the B/L prints it; empty: the booking's shipper */
  bl_shipper: printableText(500).default(''),
  /** the consignee as the B/L prints it, e.g. "TO ORDER OF …"; empty: the booking's consignee */
  bl_consignee: printableText(500).default(''),
  notify_party: printableText(300).default(''),
  bl_issuer: z.enum(BL_ISSUERS).default('carrier'),
  originals: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/),
    ])
    .transform(Number)
    .pipe(z.number().int().min(1).max(BL_ORIGINALS_MAX))
    .default(BL_ORIGINALS_MAX),
  marks: printableText(500).default(''),
  description: upperRestricted(1000, true).pipe(z.string().min(1)),
  /** not given: the booking's (shipmentPrefillOf), as a new SI's form starts from */
  bl_type: z.enum(BL_TYPES).optional(),
  freight_term: z.enum(FREIGHT_TERMS).optional(),
  remark: z.string().trim().max(BOOKING_LIMITS.remarkMax).default(''),
  containers: z
    .array(
      z
        .object({
          container_id: requiredId,
          container_no: containerNo,
          seal_no: upperRestricted(30).default(''),
          ...siContainerFigures,
        })
        .superRefine((container, ctx) => {
          if (isVgmBelowWeight(container.weight, container.vgm))
            ctx.addIssue({
              code: 'custom',
              path: ['vgm'],
              message: 'booking.vgmBelowWeight',
              params: { container: container.container_no },
            });
        }),
    )
    .max(BOOKING_LIMITS.maxLines)
    .default([]),
});
export type ShipmentInput = z.input<typeof shipmentInput>;

export const shipmentInstructions = z.object({
  bl_shipper: z.string(),
  bl_consignee: z.string(),
  notify_party: z.string(),
  bl_issuer: z.enum(BL_ISSUERS),
  originals: z.number().int(),
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
      packages: z.number().int().nullable(),
      weight: z.string().nullable(),
      vgm: z.string().nullable(),
    }),
  ),
  submit_time: z.string(),
});
export type ShipmentInstructions = z.infer<typeof shipmentInstructions>;

/**
 * What a new SI starts from, taken from the booking: its commodity, its freight term (the booking's
 * own or its Incoterm's), one container row per booked container with the line's packages, weight
 * and volume shared out over the line's containers, and the booked totals to check the SI against.
 */
export const shipmentPrefill = z.object({
  description: z.string(),
  freight_term: z.enum(FREIGHT_TERMS),
  /** by the transport document the booking asked for (blTypeOf); original when it asked none */
  bl_type: z.enum(BL_TYPES),
  /** the originals the booking asked for, else a full set */
  originals: z.number().int(),
  containers: z.array(
    z.object({
      container_id: z.number().int(),
      container_no: z.string(),
      seal_no: z.string(),
      packages: z.number().int(),
      weight: z.string(),
      volume: z.string(),
    }),
  ),
  booked: z.object({ packages: z.number().int(), weight: z.string(), volume: z.string() }),
});
export type ShipmentPrefill = z.infer<typeof shipmentPrefill>;

/**
 * The B/L type a booking's transport document makes: a sea waybill is one; a bill of lading with no
 * originals is released by telex, with some it is an original. Null when the booking asked none.
 */
export function blTypeOf(terms: {
  transport_document_type: TransportDocumentType | '';
  number_of_originals: number | null;
}): BlType | null {
  if (terms.transport_document_type === 'SWB') return 'seaway';
  if (terms.transport_document_type === 'BOL') return terms.number_of_originals === 0 ? 'telex' : 'original';
  return null;
}

/** `total` shared over `count` parts as evenly as whole units allow, the first parts taking the rest. */
function shareOut(total: bigint, count: number): bigint[] {
  const n = BigInt(count);
  const each = total / n;
  const rest = total % n;
  return Array.from({ length: count }, (_, i) => each + (BigInt(i) < rest ? 1n : 0n));
}

/**
 * The SI's starting point (shipmentPrefill) from a booking's lines: `maxContainers` bounds the rows
 * (a line of 1000 containers is not typed in one form).
 */
export function shipmentPrefillOf(
  booking: {
    incoterm: string;
    freight_term: FreightTerm | '';
    transport_document_type: TransportDocumentType | '';
    number_of_originals: number | null;
    containers: readonly {
      container_id: number | null;
      container_no: string;
      seal_no: string;
      description: string;
      packages: number | null;
      weight: string;
      volume: string;
      quantity: number;
      /** what each unit holds; the line's description is only its first's */
      commodities?: readonly { description: string }[];
    }[];
    cargo_items: readonly {
      description: string;
      packages: number | null;
      weight: string;
      volume: string;
    }[];
  },
  freightCollect: string,
  maxContainers: number,
): ShipmentPrefill {
  const lines = [...booking.containers, ...booking.cargo_items];
  // Every commodity of a container line is described, not only the first its description names.
  const described = [
    ...booking.containers.flatMap((line) => line.commodities ?? [line]),
    ...booking.cargo_items,
  ];
  const descriptions = [...new Set(described.map((line) => line.description.trim()).filter(Boolean))];
  const containers: ShipmentPrefill['containers'] = [];
  for (const line of booking.containers) {
    // A draft's line without its container type yet (a submitted booking's lines all have one).
    const containerId = line.container_id;
    if (containerId === null) continue;
    const count = Math.max(1, line.quantity);
    const packages = shareOut(BigInt(line.packages ?? 0), count);
    const weights = shareOut(toThousandths(line.weight), count);
    const volumes = shareOut(toThousandths(line.volume), count);
    for (let i = 0; i < count && containers.length < maxContainers; i++)
      containers.push({
        container_id: containerId,
        container_no: line.container_no,
        seal_no: line.seal_no,
        packages: Number(packages[i] ?? 0n),
        weight: fromThousandths(weights[i] ?? 0n),
        volume: fromThousandths(volumes[i] ?? 0n),
      });
  }
  return {
    description: descriptions.join('\n').slice(0, 1000),
    freight_term: freightTermOf(booking.incoterm, freightCollect, booking.freight_term),
    bl_type: blTypeOf(booking) ?? 'original',
    originals:
      booking.number_of_originals !== null && booking.number_of_originals > 0
        ? booking.number_of_originals
        : BL_ORIGINALS_MAX,
    containers,
    booked: {
      packages: lines.reduce((sum, line) => sum + (line.packages ?? 0), 0),
      weight: sum3(lines.map((line) => line.weight)),
      volume: sum3(lines.map((line) => line.volume)),
    },
  };
}

/* ---------- forwarder actions ---------- */

/**
 * Port-local date and time of a cut-off: "YYYY-MM-DD HH:mm" (a "T" is accepted too). A date given
 * without a time is taken as 00:00 of that day: a cut-off is a deadline, and the start of the day
 * is the reading that never tells the customer they have longer than the forwarder meant.
 */
export const localDateTime = z
  .string()
  .trim()
  .transform((value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 00:00` : value))
  .transform((value) => value.replace('T', ' ').slice(0, 16))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/, { error: 'booking.dateTimeFormat' })
      .refine((value) => isoDate.safeParse(value.slice(0, 10)).success, { error: 'booking.dateTimeFormat' }),
  );

/**
 * The cut-offs a release gives: shipping instructions (截补料), CY (截港), customs (截关) and VGM, each
 * optional. They are times at the port of loading: the release gives them as that port's wall clock
 * ("YYYY-MM-DD HH:mm", as the carrier's notice prints them), the server keeps the instant, and every
 * view gives them back at the port's offset ("2026-12-10T17:00:00+01:00", zonedIso) with the zone.
 */
export const CUTOFF_FIELDS = ['si_cutoff', 'cy_cutoff', 'customs_cutoff', 'vgm_cutoff'] as const;
export type CutoffField = (typeof CUTOFF_FIELDS)[number];
export const isCutoffField = (name: string): name is CutoffField =>
  (CUTOFF_FIELDS as readonly string[]).includes(name);

/**
 * The zone a booking's cut-offs are read in: its port of loading's. A booking without one (a draft)
 * reads them at the portal's home zone, where nearly every port of loading is.
 */
export function cutoffTimeZone(polTimeZone: string | null | undefined): string {
  return polTimeZone && isTimeZone(polTimeZone) ? polTimeZone : DEFAULT_TIME_ZONE;
}
const optionalCutoff = z.union([z.literal(''), z.null(), localDateTime]).optional();

/**
 * POST /api/forwarder/order/{id}/release (1 → 2): SO number, vessel, voyage, ETD and ETA are
 * required (ETA not before ETD); the cut-offs are optional but, when given, not after the ETD day
 * (both are the port of loading's calendar, so their days compare as written); the empty pick-up
 * depot and the return terminal are optional.
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
    /** where the empty containers are picked up (提空箱堆场) */
    pickup_depot: plainText(100).default(''),
    /** where the laden containers go in (还重箱码头) */
    return_terminal: plainText(100).default(''),
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
  ids: z.array(idNumber).min(1).max(1000),
  reason: z.string().trim().min(1).max(255),
});
export type CancelManyInput = z.input<typeof cancelManyInput>;
