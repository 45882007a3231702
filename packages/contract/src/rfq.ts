import { z } from 'zod';
import { earliestReadyDate } from './booking-fields.js';
import { pageQuery, requiredId } from './common.js';
import { usdPrice } from './rates.js';
import { isoDate } from './validation.js';

/**
 * POST /api/system/send_rfq; `quote_id` names the quote asked about.
 *
 * The server takes the route (`pol`, `pod`, `to`), `carrier` and `rate` from the quote whatever
 * the client sends (so a forged or stale text never reaches the forwarder), and stores `forwarder`
 * only for a requester allowed to see suppliers (quote_forwarder); the client fields stay for the
 * spec's payload shape. `ready_date` may not be before earliestReadyDate() (shared with bookings).
 *
 * `sales` is required as the spec says ("… comm, sales, container type and quantity … are all
 * required"). A customer has no sales person of their own to name, so the portal reads it as the
 * requester's contact for this request: whom the forwarder should answer, pre-filled with the
 * profile's contact person and explained under the field.
 */
export const rfqInput = z.strictObject({
  quote_id: requiredId,
  pol: z.string().trim().max(100).default(''),
  pod: z.string().trim().max(100).default(''),
  to: z.string().trim().max(100).default(''),
  carrier: z.string().trim().max(100).default(''),
  forwarder: z.string().trim().max(200).default(''),
  rate: z.string().trim().max(500).default(''),
  ready_date: isoDate,
  description: z.string().trim().min(1).max(500),
  booking_space: z.string().trim().min(1).max(200),
  // Optional: many requesters ask precisely because they have no price in mind.
  target_rate: z.string().trim().max(100).default(''),
  potential_vol: z.string().trim().min(1).max(100),
  sales: z.string().trim().min(1).max(100),
  /**
   * The quantity of each container type asked for (the quote's types), when the form knows them:
   * kept so that a booking from the answer starts with them. `booking_space` stays the readable text.
   */
  quantities: z
    .array(z.strictObject({ container_id: requiredId, quantity: z.number().int().min(1).max(1000) }))
    .max(20)
    .default([]),
});
export type RfqInput = z.input<typeof rfqInput>;

/**
 * An RFQ's state on the forwarder's side: "new" as sent, "quoted" once the forwarder answered,
 * "closed" when nothing more is to be done.
 */
export const RFQ_STATUSES = ['new', 'quoted', 'closed'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];

/**
 * GET /api/rfq and /api/rfq/{id}: the RFQs a member sent (`direction` "sent") and those sent to
 * the member's rates as forwarder ("received"), newest first; `status` is one of RFQ_STATUSES.
 */
export const rfqQuery = pageQuery(10).extend({
  /** only those the member sent ("My RFQs"), or only those received */
  direction: z.enum(['sent', 'received']).optional(),
});
export type RfqQuery = z.input<typeof rfqQuery>;

/**
 * PUT /api/forwarder/rfq/{id}/answer: the forwarder's answer in the portal: a US$ price for each
 * container type it quotes (the request's quote's types, each once), how long the prices hold,
 * and remarks. Checked by rfqAnswerIssues() besides the shapes.
 */
export const rfqAnswerInput = z.strictObject({
  prices: z
    .array(z.strictObject({ container_id: requiredId, price: usdPrice }))
    .min(1, { error: 'rfq.answerPricesRequired' })
    .max(20),
  valid_until: isoDate,
  remarks: z.string().trim().max(500).default(''),
});
export type RfqAnswerInput = z.input<typeof rfqAnswerInput>;

/** The stored answer as both sides read it; container types named in the reader's language. */
export const rfqAnswer = z.object({
  prices: z.array(
    z.object({ container_id: z.number().int(), container_name: z.string(), price: z.string() }),
  ),
  valid_until: z.string(),
  remarks: z.string(),
  answered_at: z.string(),
});
export type RfqAnswer = z.infer<typeof rfqAnswer>;

/**
 * The rules of an answer beyond its shape: each price for a container type of the request's quote,
 * each type once, and a validity not already past (the same "today somewhere" rule as a ready
 * date). Answers [field, message key] pairs, empty when it may be stored.
 */
export function rfqAnswerIssues(
  answer: { prices: readonly { container_id: number }[]; valid_until: string },
  containerIds: readonly number[],
  now: Date = new Date(),
): {
  field: string;
  key: 'rfq.answerContainerUnknown' | 'rfq.answerContainerTwice' | 'rfq.answerValidPast';
}[] {
  const issues: ReturnType<typeof rfqAnswerIssues> = [];
  const seen = new Set<number>();
  answer.prices.forEach((line, index) => {
    const field = `prices.${index}.container_id`;
    if (!containerIds.includes(line.container_id)) issues.push({ field, key: 'rfq.answerContainerUnknown' });
    else if (seen.has(line.container_id)) issues.push({ field, key: 'rfq.answerContainerTwice' });
    seen.add(line.container_id);
  });
  if (answer.valid_until < earliestReadyDate(now))
    issues.push({ field: 'valid_until', key: 'rfq.answerValidPast' });
  return issues;
}

export const rfqRecord = z.object({
  id: z.number(),
  quote_id: z.number().nullable(),
  direction: z.enum(['sent', 'received']),
  status: z.string(),
  requester: z.string(),
  requester_company: z.string(),
  request: z.record(z.string(), z.union([z.string(), z.number()])),
  create_time: z.string(),
  /** the route, carrier and container types named in the reader's language */
  pol_name: z.string(),
  pod_name: z.string(),
  to_name: z.string(),
  carrier_name: z.string(),
  /** the forwarder's name for a requester allowed to see it (quote_forwarder), else '' */
  forwarder_name: z.string(),
  /** what was asked per container type (empty for requests sent before the form kept them) */
  quantities: z.array(
    z.object({ container_id: z.number().int(), container_name: z.string(), quantity: z.number() }),
  ),
  answer: rfqAnswer.nullable(),
  update_time: z.string(),
});
export type RfqRecord = z.infer<typeof rfqRecord>;

/** A readable title of an RFQ: its route and number, never its bare internal id alone. */
export function rfqTitle(rfq: { id: number; pol_name: string; to_name: string }): string {
  return `${rfq.pol_name} → ${rfq.to_name} · RFQ-${String(rfq.id).padStart(6, '0')}`;
}

/** GET /api/forwarder/rfq: the RFQs sent to the forwarder, newest first, optionally of one status. */
export const receivedRfqQuery = pageQuery(10).extend({ status: z.enum(RFQ_STATUSES).optional() });
export type ReceivedRfqQuery = z.infer<typeof receivedRfqQuery>;

/**
 * PUT /api/forwarder/rfq/{id}/status: the forwarder marks an RFQ quoted or closed. An RFQ never
 * goes back to "new" (it has been read), and either mark may follow the other (a closed request
 * can still be quoted later, a quoted one closed).
 */
export const rfqStatusInput = z.strictObject({ status: z.enum(['quoted', 'closed']) });
export type RfqStatusInput = z.input<typeof rfqStatusInput>;

/**
 * One RFQ as its forwarder sees it (GET /api/forwarder/rfq and /{id}): the whole request, route and
 * carrier named in the viewer's language, and the requester's contact to answer.
 */
export const receivedRfq = z.object({
  id: z.number().int(),
  quote_id: z.number().int().nullable(),
  status: z.enum(RFQ_STATUSES),
  pol_name: z.string(),
  pod_name: z.string(),
  to_name: z.string(),
  carrier_name: z.string(),
  rate: z.string(),
  ready_date: z.string(),
  description: z.string(),
  booking_space: z.string(),
  target_rate: z.string(),
  potential_vol: z.string(),
  sales: z.string(),
  requester: z.object({
    company: z.string(),
    linkman: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  create_time: z.string(),
  update_time: z.string(),
  /** the container types of the request's quote, which an answer prices */
  containers: z.array(z.object({ container_id: z.number().int(), container_name: z.string() })),
  quantities: z.array(
    z.object({ container_id: z.number().int(), container_name: z.string(), quantity: z.number() }),
  ),
  answer: rfqAnswer.nullable(),
});
export type ReceivedRfq = z.infer<typeof receivedRfq>;

/** The "rate" text of an RFQ: each container name with its US$ price, joined with a bar. */
export function rfqRateText(
  spaces: readonly { container_name: string; price: string }[],
  format: (price: string) => string,
): string {
  return spaces.map((s) => `${s.container_name} ${format(s.price)}`).join(' | ');
}
