import type { BookingParty } from './booking.js';
import type { MessageKey } from './i18n/types.js';
import type { Quote } from './rates.js';

/*
 * Bookings made from a quote (point 8 of the user trial). The quote board names the
 * forwarder behind a quote only to members holding `quote_forwarder`; a booking from the quote must
 * not name it to anyone else either, or booking from a quote and deleting the draft would tell who
 * publishes every quote. Once the forwarder has taken the booking on (accept, or a release, which
 * sets accepted_at), the customer needs to know whom they deal with, and it is named.
 *
 * A booking from a quote is also held to what the quote offers: its ports, its carrier and the
 * container types it prices (FCL only: a quote prices containers, not LCL cargo).
 */

/** The authority that shows who publishes each quote. */
export const QUOTE_FORWARDER_AUTHORITY = 'quote_forwarder';

/**
 * Whether a booking's forwarder is kept from the viewer: the booking's member, without
 * `quote_forwarder`, booked it from a quote, and the forwarder has not accepted it yet. While
 * hidden, every reply and mail to that member leaves the forwarder unnamed. The forwarder itself
 * always sees the booking as its own.
 */
export function isForwarderHidden(options: {
  party: BookingParty;
  authorities: readonly string[];
  /** booked from a quote (the quote itself may have been deleted since) */
  from_quote: boolean;
  accepted: boolean;
}): boolean {
  return (
    options.party === 'member' &&
    options.from_quote &&
    !options.accepted &&
    !options.authorities.includes(QUOTE_FORWARDER_AUTHORITY)
  );
}

/** What a booking from a quote is held to: the quote's route, carrier and priced container types. */
export type QuoteTerms = Pick<
  Quote,
  'pol_id' | 'pol_name' | 'pod_id' | 'pod_name' | 'to_id' | 'to_name' | 'carrier_id' | 'carrier_name'
> & { spaces: readonly { container_id: number; container_name: string }[] };

/** One field of a booking that the quote does not offer; `value` is what the quote offers there. */
export type QuoteMismatch = { field: string; key: MessageKey; params: { value: string } };

/**
 * The fields of a booking from a quote that differ from the quote's terms (empty when it fits): the
 * ports and carrier must be the quote's, the mode FCL, and each container line of a type the quote
 * prices. The server refuses a booking with any (400, each field named); the form offers only these.
 * A port or container type a draft has not chosen yet (null) differs from nothing: a submit needs
 * them, and each is held to the quote when it is saved.
 */
export function quoteMismatches(
  booking: {
    container_mode: number;
    pol_id: number | null;
    pod_id: number | null;
    to_id: number | null;
    carrier_id: number | null;
    containers: readonly { container_id: number | null }[];
  },
  quote: QuoteTerms,
): QuoteMismatch[] {
  const issues: QuoteMismatch[] = [];
  const term = (field: string, value: string): QuoteMismatch => ({
    field,
    key: 'booking.quoteTerm',
    params: { value },
  });
  if (booking.container_mode !== 1)
    issues.push({ field: 'container_mode', key: 'booking.quoteFclOnly', params: { value: '' } });
  const differs = (value: number | null, offered: number) => value !== null && value !== offered;
  if (differs(booking.pol_id, quote.pol_id)) issues.push(term('pol_id', quote.pol_name));
  if (differs(booking.pod_id, quote.pod_id)) issues.push(term('pod_id', quote.pod_name));
  if (differs(booking.to_id, quote.to_id)) issues.push(term('to_id', quote.to_name));
  if (booking.carrier_id !== quote.carrier_id) issues.push(term('carrier_id', quote.carrier_name));
  const priced = new Set(quote.spaces.map((space) => space.container_id));
  const names = quote.spaces.map((space) => space.container_name).join(', ');
  booking.containers.forEach((line, index) => {
    if (line.container_id !== null && !priced.has(line.container_id))
      issues.push({
        field: `containers.${index}.container_id`,
        key: 'booking.quoteUnpriced',
        params: { value: names },
      });
  });
  return issues;
}
