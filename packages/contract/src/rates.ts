import { z } from 'zod';
import { rowActions } from './abilities.js';
import { optionalIdQuery, pageQuery, requiredId } from './common.js';
import { isEtaInOrder, isoDate } from './validation.js';

export const RATE_IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
/** Rate sheets are larger than contact sheets: up to 50,000 routes. */
/**
 * The fixed columns of a rate sheet, in order, by their field names (a header is the field's label
 * in either language, or the name itself); after them, one price column per container type, headed
 * by its code. The import reads these, the template and every generated sheet write them.
 */
export const RATE_SHEET_COLUMNS = [
  'carrier_id',
  'pol_id',
  'pod_id',
  'to_id',
  'sdate',
  'edate',
  'transit_days',
  'etd',
  'eta',
  'remark',
] as const;
export type RateSheetColumn = (typeof RATE_SHEET_COLUMNS)[number];

export const RATE_IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 50_000,
  maxUncompressedBytes: 250 * 1024 * 1024,
} as const;

/** A USD price on the wire: a decimal string (or number) above 0, at most 999999.99, 2 decimals. */
const price = z
  .union([z.string().trim(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(
    z
      .string()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'rates.priceFormat', abort: true })
      .refine((value) => Number(value) > 0, { error: 'rates.pricePositive' }),
  );

/** The same price rule for answers to requests for quotation (rfq.ts). */
export const usdPrice = price;

const spaceInput = z.object({
  container_id: requiredId,
  price,
});

export const rateInput = z
  .strictObject({
    carrier_id: requiredId,
    pol_id: requiredId,
    pod_id: requiredId,
    to_id: requiredId,
    sdate: isoDate,
    edate: isoDate,
    transit_days: z.coerce.number().int().min(0).max(180).nullable().optional(),
    etd: isoDate.nullable().optional(),
    eta: isoDate.nullable().optional(),
    remark: z.string().trim().max(255).default(''),
    spaces: z.array(spaceInput, { error: 'rates.addSpace' }).min(1, { error: 'rates.addSpace' }).max(30),
  })
  .superRefine((rate, ctx) => {
    if (rate.edate < rate.sdate)
      ctx.addIssue({ code: 'custom', path: ['edate'], message: 'rates.validityOrder' });
    if (!isEtaInOrder(rate.etd, rate.eta))
      ctx.addIssue({ code: 'custom', path: ['eta'], message: 'rates.etaOrder' });
    const seen = new Set<number>();
    rate.spaces.forEach((space, index) => {
      if (seen.has(space.container_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['spaces', index, 'container_id'],
          message: 'rates.duplicateContainer',
        });
      }
      seen.add(space.container_id);
    });
  });
export type RateInput = z.input<typeof rateInput>;

const space = z.object({
  id: z.number().int(),
  container_id: z.number().int(),
  container_name: z.string(),
  price: z.string(),
});
export type Space = z.infer<typeof space>;

export const rate = z.object({
  id: z.number().int(),
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  pol_id: z.number().int(),
  pol_name: z.string(),
  pod_id: z.number().int(),
  pod_name: z.string(),
  to_id: z.number().int(),
  to_name: z.string(),
  sdate: z.string(),
  edate: z.string(),
  transit_days: z.number().int().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  remark: z.string(),
  spaces: z.array(space),
  create_time: z.string(),
  update_time: z.string(),
});
export type Rate = z.infer<typeof rate>;

/** A rate as the forwarder's list shows it, with what the reader may do with it. */
export const rateRow = rate.extend({ actions: rowActions });
export type RateRow = z.infer<typeof rateRow>;

/** GET /api/rate: the forwarder's own rates. `sdate`/`edate` keep rates whose validity overlaps that range. */
export const rateQuery = pageQuery(10).extend({
  from_id: optionalIdQuery,
  to_id: optionalIdQuery,
  carrier_id: optionalIdQuery,
  sdate: isoDate.optional(),
  edate: isoDate.optional(),
});
export type RateQuery = z.infer<typeof rateQuery>;

/** Fields the quote board sorts on. */
export const QUOTE_SORT_FIELDS = [
  'sdate',
  'edate',
  'etd',
  'eta',
  'transit_days',
  'carrier_name',
  'pol_name',
  'to_name',
  'create_time',
  'price',
] as const;

/**
 * GET /api/quote: published rates valid on `date` (default today). Without quote_forwarder the
 * forwarder filter is refused and replies carry no forwarder identity.
 */
export const quoteQuery = pageQuery(50)
  .extend({
    carrier_id: optionalIdQuery,
    forwarder_id: optionalIdQuery,
    pol_id: optionalIdQuery,
    to_id: optionalIdQuery,
    route_id: optionalIdQuery,
    date: isoDate.optional(),
    field: z.enum(QUOTE_SORT_FIELDS).default('sdate'),
    order: z.enum(['asc', 'desc']).default('asc'),
    /** With field=price: the container type whose price orders the board (rates without it last). */
    container_id: optionalIdQuery,
  })
  .superRefine((query, ctx) => {
    if (query.field === 'price' && query.container_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['container_id'], message: 'validation.selectRequired' });
  });
export type QuoteQuery = z.infer<typeof quoteQuery>;

export const quote = z.object({
  id: z.number().int(),
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  pol_id: z.number().int(),
  pol_name: z.string(),
  from_name: z.string(),
  pod_id: z.number().int(),
  pod_name: z.string(),
  to_id: z.number().int(),
  to_name: z.string(),
  forwarder_id: z.number().int().optional(),
  forwarder_name: z.string().optional(),
  sdate: z.string(),
  edate: z.string(),
  transit_days: z.number().int().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  status: z.number().int(),
  spaces: z.array(space),
});
export type Quote = z.infer<typeof quote>;

export const estimateInput = z.strictObject({
  quote_id: requiredId,
  items: z
    .array(z.object({ container_id: requiredId, quantity: z.coerce.number().int().min(1).max(1000) }))
    .min(1)
    .max(30),
});
export const estimateResult = z.object({
  lines: z.array(
    z.object({
      container_id: z.number().int(),
      container_name: z.string(),
      price: z.string(),
      quantity: z.number().int(),
      amount: z.string(),
    }),
  ),
  total: z.string(),
});
export type EstimateResult = z.infer<typeof estimateResult>;

/**
 * Made once: a formatter costs about 3 ms to make in a browser, and the quote board asks for the day
 * of every row it renders (150 ms of its first render on a slow CPU, when each made its own).
 */
let shanghaiDays: Intl.DateTimeFormat | undefined;

/** The day as the portal's users live it (Asia/Shanghai), YYYY-MM-DD. */
export function shanghaiDay(now: Date = new Date()): string {
  shanghaiDays ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return shanghaiDays.format(now);
}

/** Whether a rate's validity ended before today in Shanghai: such a rate can no longer be booked. */
export function isRateExpired(edate: string, now: Date = new Date()): boolean {
  return edate < shanghaiDay(now);
}

/** How many days ahead a rate's validity end earns an "expires this week" hint. */
export const EXPIRES_SOON_DAYS = 7;

/**
 * Whether a rate's validity ends within the coming week (today and the six days after, in
 * Shanghai): people book those first, or ask the forwarder for the next period.
 */
export function expiresSoon(edate: string, now: Date = new Date()): boolean {
  const today = shanghaiDay(now);
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + EXPIRES_SOON_DAYS - 1);
  return edate >= today && edate <= last.toISOString().slice(0, 10);
}
