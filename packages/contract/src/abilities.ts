import { z } from 'zod';

/**
 * What the signed-in person may do, as the server's replies carry it (`abilities` of GET /userinfo):
 * pages show only these actions and never work them out again from the role.
 * - write: change the company's data at all (every role but viewer);
 * - manage: the team and the company profile;
 * - book: book from a quote on the quote board (the company's order and quote_booking);
 * - rfq: ask a quote's forwarder for a price (quote_rfq);
 * - draft: create, edit and copy the company's bookings (the booking form; order).
 */
export const abilities = z.object({
  write: z.boolean(),
  manage: z.boolean(),
  book: z.boolean(),
  rfq: z.boolean(),
  draft: z.boolean(),
});
export type Abilities = z.infer<typeof abilities>;

/**
 * What the reader may do with one row of a list (a rate, a contact), carried by the row as `actions`
 * like a booking's: pages show the row's buttons from it. The server refuses the same writes by the
 * same rule (`rowActionsOf`, the role's `roleCanWrite`) whatever a page sends.
 */
export const ROW_ACTIONS = ['edit', 'delete'] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];
export const rowActions = z.array(z.enum(ROW_ACTIONS));

/** What the reader may do with a webhook endpoint (`webhookActionsOf`). */
export const WEBHOOK_ACTIONS = ['edit', 'delete', 'test', 'rotate'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];
