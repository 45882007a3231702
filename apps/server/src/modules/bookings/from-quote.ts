import {
  type BookingDraftValues as InputValues,
  isForwarderHidden,
  type Locale,
  quoteMismatches,
  type QuoteSpace,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getQuote, quoteTerms } from '../rates/quotes.js';
import { findMember } from './repo.js';

type Viewer = { companyId: number; authorities: readonly string[] };
/** The booking being edited: the quote and forwarder it was saved with. */
export type Existing = { quoteId: number | null; fromQuote: boolean; forwarderId: number | null };

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/** A quote valid today, with its forwarder (whoever asks: the forwarder is not shown from here). */
async function validQuote(db: Db, viewer: Viewer, id: number, locale: Locale) {
  try {
    const quote = await getQuote({
      db,
      context: { companyId: viewer.companyId, authorities: ['quote_forwarder'], locale },
      id,
    });
    return quote.forwarder_id === undefined ? undefined : { ...quote, forwarder_id: quote.forwarder_id };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The forwarder a booking goes to: the quote's (quote_booking needed), or the one chosen. A booking
 * from a quote is held to the quote's terms (quoteMismatches: 400 naming each field): a new quote
 * must be valid today; a draft keeps the quote it was made from, valid or not.
 */
export async function resolveForwarder(
  db: Db,
  viewer: Viewer,
  v: InputValues,
  locale: Locale,
  existing?: Existing,
): Promise<{ forwarderId: number | null; quoteId: number | null }> {
  let forwarderId = v.forwarder_id;
  if (v.quote_id !== null) {
    const kept = existing !== undefined && existing.quoteId === v.quote_id;
    if (!kept && !viewer.authorities.includes('quote_booking'))
      throw new AppError(403, 'quotes.bookingNotAllowed', {}, [{ field: 'quote_id' }]);
    // Who may not see the quote's forwarder may not name one either: a match would tell who it is.
    const hidden = isForwarderHidden({
      party: 'member',
      authorities: viewer.authorities,
      from_quote: true,
      accepted: false,
    });
    if (hidden && v.forwarder_id !== null)
      throw new AppError(400, 'booking.quoteForwarderGiven', {}, [{ field: 'forwarder_id' }]);
    const quote = kept
      ? await quoteTerms({ db, id: v.quote_id, locale })
      : await validQuote(db, viewer, v.quote_id, locale);
    if (!quote) throw new AppError(400, 'booking.quoteUnavailable', {}, [{ field: 'quote_id' }]);
    forwarderId = kept ? existing.forwarderId : quote.forwarder_id;
    if (v.forwarder_id !== null && v.forwarder_id !== forwarderId)
      throw new AppError(400, 'booking.forwarderMismatch', {}, [{ field: 'forwarder_id' }]);
    const issues = quoteMismatches(v, quote);
    const first = issues[0];
    if (first)
      throw new AppError(
        400,
        first.key,
        first.params,
        issues.map(({ field, key, params }) => ({ field, key, params })),
      );
  }
  // A draft whose quote the forwarder has deleted since keeps its forwarder: the member may not have
  // been told who it is, and cannot choose another for a booking made from that quote.
  if (v.quote_id === null && existing?.fromQuote && existing.quoteId === null) {
    if (v.forwarder_id !== null && v.forwarder_id !== existing.forwarderId)
      throw new AppError(400, 'booking.forwarderMismatch', {}, [{ field: 'forwarder_id' }]);
    forwarderId = existing.forwarderId;
  }
  // A draft may be saved before its forwarder is chosen; a submit needs one (assertComplete).
  if (forwarderId === null) return { forwarderId, quoteId: v.quote_id };
  const forwarder = await findMember(db, forwarderId);
  if (!forwarder || !forwarder.authorities.includes('rate') || forwarder.id === viewer.companyId)
    throw new AppError(400, 'booking.notForwarder', {}, [{ field: 'forwarder_id' }]);
  return { forwarderId, quoteId: v.quote_id };
}

/** The container types a booking's quote prices (none when it was not booked from a quote). */
export async function quoteSpacesOf(db: Db, quoteId: number | null, locale: Locale): Promise<QuoteSpace[]> {
  if (quoteId === null) return [];
  const quote = await quoteTerms({ db, id: quoteId, locale });
  return (quote?.spaces ?? []).map(({ container_id, container_name, price }) => ({
    container_id,
    container_name,
    price,
  }));
}
