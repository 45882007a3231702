import { z } from 'zod';
import { requiredId } from './common.js';
import type { MessageKey } from './i18n/types.js';
import { documentTextField } from './validation.js';

/*
 * The fields a booking is made of, checked alike by the server and the web: limits, decimals,
 * HS codes, container numbers, the cargo and container lines, and the earliest ready date.
 */

/** container_mode: 1 FCL, 2 LCL. */
export const CONTAINER_MODES = { fcl: 1, lcl: 2 } as const;
export type ContainerMode = (typeof CONTAINER_MODES)[keyof typeof CONTAINER_MODES];

/** Line and value limits. Weights in KG, volumes in CBM, both with 3 decimals. */
export const BOOKING_LIMITS = {
  maxLines: 200,
  maxWeightKg: '1000000',
  maxVolumeCbm: '100000',
  maxPackages: 1_000_000,
  maxQuantity: 1000,
  decimals: 3,
  remarkMax: 255,
  commodityCnMax: 200,
  /** a commodity's description (DCSA's commodityType) */
  descriptionMax: 550,
} as const;

/**
 * Restricted text that goes onto documents (RESTRICTED_TEXT), upper-cased first so that "abc" is
 * taken as "ABC"; `lines` lets it run over several lines (a cargo description).
 */
export const upperRestricted = documentTextField;

/**
 * Free text printed on the B/L (marks, notify party, B/L parties): upper-cased printable ASCII, so
 * that the usual "N/M", "#", "&" and "/" pass, while characters a carrier's system cannot print do not.
 */
export const printableText = (max: number) =>
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
 * Free text in any script (a Chinese commodity name, a depot's name): trimmed, at most `max`
 * characters, no control characters.
 */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}\p{Cs}\p{Co}]*$/u, { error: 'validation.invalidValue' });

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

/** A cargo line's or commodity's gross weight (KG), volume (CBM) and count of packages. */
export const cargoWeight = positiveDecimal(BOOKING_LIMITS.maxWeightKg, 'booking.weightFormat');
export const cargoVolume = positiveDecimal(BOOKING_LIMITS.maxVolumeCbm, 'booking.volumeFormat');
export const cargoPackages = wholeNumber(BOOKING_LIMITS.maxPackages);

/**
 * A booking line's HS code: optional at booking (customs needs it with the shipping
 * instructions, not when space is asked for), checked when given.
 */
const bookingHsCode = z.union([z.literal(''), hsCode]).default('');

/** An LCL cargo line. */
export const cargoItemInput = z.object({
  hs_code: bookingHsCode,
  description: upperRestricted(BOOKING_LIMITS.descriptionMax, true).pipe(z.string().min(1)),
  packages: cargoPackages,
  /** a package unit: GET /api/unit?type=3 */
  unit_id: requiredId,
  weight: cargoWeight,
  volume: cargoVolume,
});
export type CargoItemInput = z.input<typeof cargoItemInput>;

/**
 * An FCL container line in its flat shape, one commodity: `quantity` containers of one type.
 * packages, weight and volume are the line's totals (all its containers together). A line with a
 * container number is one container. Its commodities nested: booking-commodities.ts.
 */
export const containerLineInput = z.object({
  container_id: requiredId,
  container_no: z.union([z.literal(''), containerNo]).default(''),
  seal_no: upperRestricted(30).default(''),
  hs_code: bookingHsCode,
  description: upperRestricted(BOOKING_LIMITS.descriptionMax, true).pipe(z.string().min(1)),
  packages: cargoPackages,
  unit_id: requiredId,
  weight: cargoWeight,
  volume: cargoVolume,
  quantity: wholeNumber(BOOKING_LIMITS.maxQuantity),
});
export type ContainerLineInput = z.input<typeof containerLineInput>;

/**
 * A field a draft may leave empty: missing, null, '' or blanks read as null; anything else is
 * checked by `schema` as on submit.
 */
export function draftable<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyAsMissing, schema.optional()).transform((value) => value ?? null);
}

/** A draft's cargo line: what a line needs only on submit may be left empty (draftable). */
export const cargoItemDraft = cargoItemInput.extend({
  description: upperRestricted(BOOKING_LIMITS.descriptionMax, true).default(''),
  packages: draftable(cargoPackages),
  unit_id: draftable(requiredId),
  weight: draftable(cargoWeight),
  volume: draftable(cargoVolume),
});

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
