import { z } from 'zod';
import { pageQuery, requiredId } from './common.js';
import { isoDate } from './validation.js';

/**
 * POST /api/system/send_rfq (spec §3 RFQ payload); `quote_id` names the quote asked about.
 *
 * The server takes the route (`pol`, `pod`, `to`), `carrier` and `rate` from the quote whatever
 * the client sends (so a forged or stale text never reaches the forwarder), and stores `forwarder`
 * only for a requester allowed to see suppliers (quote_forwarder); the client fields stay for the
 * spec's payload shape. `ready_date` may not be before earliestReadyDate() (shared with bookings).
 *
 * `sales` is required as the spec says (§5: "… comm, sales, container type and quantity … are all
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
  target_rate: z.string().trim().min(1).max(100),
  potential_vol: z.string().trim().min(1).max(100),
  sales: z.string().trim().min(1).max(100),
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
export const rfqQuery = pageQuery(10);
export const rfqRecord = z.object({
  id: z.number(),
  quote_id: z.number().nullable(),
  direction: z.enum(['sent', 'received']),
  status: z.string(),
  requester: z.string(),
  requester_company: z.string(),
  request: z.record(z.string(), z.union([z.string(), z.number()])),
  create_time: z.string(),
});
export type RfqRecord = z.infer<typeof rfqRecord>;

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
});
export type ReceivedRfq = z.infer<typeof receivedRfq>;

/** The "rate" text of an RFQ: each container name with its US$ price, joined with a bar. */
export function rfqRateText(
  spaces: readonly { container_name: string; price: string }[],
  format: (price: string) => string,
): string {
  return spaces.map((s) => `${s.container_name} ${format(s.price)}`).join(' | ');
}
