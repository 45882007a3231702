import {
  type EstimateResult,
  estimateInput,
  type ListData,
  type Locale,
  PARSE_OPTIONS,
  type Quote,
  type QuoteQuery,
} from '@freight/contract';
import type { RequestContext } from '../auth/context.js';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { sharedData } from '../../platform/reply.js';
import type { BoardCache } from './board-cache.js';
import { findQuotePage, findRate, spacesOf } from './repo.js';
import { presentRate } from './service.js';

/** Who asks, as the quote board reads it: whose supplier names it may see, and in which language. */
export type QuoteContext = Pick<RequestContext, 'companyId' | 'authorities' | 'locale'>;

const today = () => new Date().toISOString().slice(0, 10);

function presentQuote(
  rate: ReturnType<typeof presentRate>,
  row: { companyId: number; forwarderName: string; status: number },
  showForwarder: boolean,
): Quote {
  const quote: Quote = {
    id: rate.id,
    carrier_id: rate.carrier_id,
    carrier_name: rate.carrier_name,
    pol_id: rate.pol_id,
    pol_name: rate.pol_name,
    from_name: rate.pol_name,
    pod_id: rate.pod_id,
    pod_name: rate.pod_name,
    to_id: rate.to_id,
    to_name: rate.to_name,
    sdate: rate.sdate,
    edate: rate.edate,
    transit_days: rate.transit_days,
    etd: rate.etd,
    eta: rate.eta,
    status: row.status,
    spaces: rate.spaces,
  };
  if (showForwarder) {
    quote.forwarder_id = row.companyId;
    quote.forwarder_name = row.forwarderName;
  }
  return quote;
}

/**
 * The quote board: every forwarder's published rates valid on the day. The supplier is shown,
 * and may be filtered on, only for viewers holding quote_forwarder.
 */
export async function listQuotes(options: {
  db: Db;
  context: QuoteContext;
  query: QuoteQuery;
  /** Pages already computed since the last rate change (see board-cache.ts). */
  cache?: BoardCache<ListData<Quote>>;
}): Promise<ListData<Quote>> {
  const showForwarder = options.context.authorities.includes('quote_forwarder');
  if (options.query.forwarder_id && !showForwarder)
    throw new AppError(403, 'quotes.forwarderFilterNotAllowed', {}, [{ field: 'forwarder_id' }]);
  const zh = options.context.locale === 'zh-CN';
  const day = options.query.date ?? today();
  const compute = async () => {
    const { rows, total } = await findQuotePage(options.db, options.query, day, zh);
    const spaces = await spacesOf(
      options.db,
      rows.map((r) => r.id),
    );
    const lists = rows.map((row) => presentQuote(presentRate(row, spaces), row, showForwarder));
    // Served from memory to every reader until a rate changes: serialized once.
    return sharedData({ lists, total });
  };
  if (!options.cache) return compute();
  const { page, size, field, order, container_id, carrier_id, forwarder_id, pol_id, to_id, route_id } =
    options.query;
  const key = JSON.stringify([
    day,
    options.context.locale,
    showForwarder,
    page,
    size,
    field,
    order,
    // Only a price sort depends on the container type: other sorts share their pages.
    field === 'price' ? container_id : undefined,
    carrier_id,
    forwarder_id,
    pol_id,
    to_id,
    route_id,
  ]);
  return options.cache.get(key, compute);
}

/** A quote is a published rate that is valid today. */
export async function getQuote(options: { db: Db; context: QuoteContext; id: number }): Promise<Quote> {
  const row = await findRate(options.db, options.id, options.context.locale === 'zh-CN');
  const day = today();
  if (!row || row.status !== 1 || row.sdate > day || row.edate < day)
    throw new AppError(404, 'errors.notFound');
  const rate = presentRate(row, await spacesOf(options.db, [row.id]));
  return presentQuote(rate, row, options.context.authorities.includes('quote_forwarder'));
}

/**
 * The terms of the quote a booking was made from, with its forwarder, whatever its validity today:
 * a draft booked from a quote stays held to it after the quote has expired. Undefined when the
 * rate is gone.
 */
export async function quoteTerms(options: {
  db: Db;
  id: number;
  locale: Locale;
}): Promise<(Quote & { forwarder_id: number }) | undefined> {
  const row = await findRate(options.db, options.id, options.locale === 'zh-CN');
  if (!row) return undefined;
  const rate = presentRate(row, await spacesOf(options.db, [row.id]));
  return { ...presentQuote(rate, row, true), forwarder_id: row.companyId };
}

/** Prices a set of container quantities on a quote: per line and in sum, in exact cents. */
export async function estimate(options: {
  db: Db;
  context: QuoteContext;
  input: unknown;
}): Promise<EstimateResult> {
  const parsed = estimateInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const quote = await getQuote({ ...options, id: parsed.data.quote_id });
  const cents = (price: string) => Math.round(Number(price) * 100);
  const lines = parsed.data.items.map((item, index) => {
    const space = quote.spaces.find((s) => s.container_id === item.container_id);
    if (!space)
      throw new AppError(400, 'validation.invalidValue', {}, [{ field: `items.${index}.container_id` }]);
    const amount = cents(space.price) * item.quantity;
    return {
      container_id: space.container_id,
      container_name: space.container_name,
      price: space.price,
      quantity: item.quantity,
      amount: (amount / 100).toFixed(2),
    };
  });
  const total = lines.reduce((sum, line) => sum + cents(line.amount), 0);
  return { lines, total: (total / 100).toFixed(2) };
}
