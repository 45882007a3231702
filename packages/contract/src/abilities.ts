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
