import {
  type EstimateResult,
  estimateInput,
  type ListData,
  type Locale,
  PARSE_OPTIONS,
  parseLocale,
  type Quote,
  type QuoteQuery,
  rfqInput,
  type RfqRecord,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { sharedData } from '../../platform/reply.js';
import type { BoardCache } from './board-cache.js';
import type { Mailer } from '../../platform/mail.js';
import { getSiteConfig } from '../system/service.js';
import { findQuotePage, findRate, findRfqPage, forwarderContact, insertRfq, spacesOf } from './repo.js';
import { presentRate } from './service.js';

type Viewer = { id: number; username: string; authorities: string[] };

const today = () => new Date().toISOString().slice(0, 10);

function presentQuote(
  rate: ReturnType<typeof presentRate>,
  row: { ownerId: number; forwarderName: string; status: number },
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
    quote.forwarder_id = row.ownerId;
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
  viewer: Viewer;
  query: QuoteQuery;
  locale: Locale;
  /** Pages already computed since the last rate change (see board-cache.ts). */
  cache?: BoardCache<ListData<Quote>>;
}): Promise<ListData<Quote>> {
  const showForwarder = options.viewer.authorities.includes('quote_forwarder');
  if (options.query.forwarder_id && !showForwarder)
    throw new AppError(403, 'quotes.forwarderFilterNotAllowed', {}, [{ field: 'forwarder_id' }]);
  const zh = options.locale === 'zh-CN';
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
  const { page, size, field, order, carrier_id, forwarder_id, pol_id, to_id, route_id } = options.query;
  const key = JSON.stringify([
    day,
    options.locale,
    showForwarder,
    page,
    size,
    field,
    order,
    carrier_id,
    forwarder_id,
    pol_id,
    to_id,
    route_id,
  ]);
  return options.cache.get(key, compute);
}

/** A quote is a published rate that is valid today. */
export async function getQuote(options: {
  db: Db;
  viewer: Viewer;
  id: number;
  locale: Locale;
}): Promise<Quote> {
  const row = await findRate(options.db, options.id, options.locale === 'zh-CN');
  const day = today();
  if (!row || row.status !== 1 || row.sdate > day || row.edate < day)
    throw new AppError(404, 'errors.notFound');
  const rate = presentRate(row, await spacesOf(options.db, [row.id]));
  return presentQuote(rate, row, options.viewer.authorities.includes('quote_forwarder'));
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
  return { ...presentQuote(rate, row, true), forwarder_id: row.ownerId };
}

/** Prices a set of container quantities on a quote: per line and in sum, in exact cents. */
export async function estimate(options: {
  db: Db;
  viewer: Viewer;
  input: unknown;
  locale: Locale;
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

/**
 * Stores a request for quotation and mails it to the quote's forwarder (in their language), or to
 * the site's contact address when the quote has none.
 */
export async function sendRfq(options: {
  db: Db;
  mailer: Mailer;
  viewer: Viewer;
  input: unknown;
  locale: Locale;
}): Promise<{ id: number }> {
  const parsed = rfqInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const rfq = parsed.data;
  // "Not before today" in the member's day: accept the date that is today anywhere on earth.
  const earliest = new Date(Date.now() - 14 * 3_600_000).toISOString().slice(0, 10);
  if (rfq.ready_date < earliest) throw new AppError(400, 'rfq.readyDatePast', {}, [{ field: 'ready_date' }]);
  const quote = await getQuote({
    db: options.db,
    viewer: { ...options.viewer, authorities: ['quote_forwarder'] },
    id: rfq.quote_id,
    locale: options.locale,
  });
  const forwarderId = quote.forwarder_id ?? null;
  const id = await insertRfq(options.db, {
    requesterId: options.viewer.id,
    forwarderId,
    rateId: quote.id,
    payload: JSON.stringify(rfq),
  });
  const forwarder = forwarderId ? await forwarderContact(options.db, forwarderId) : undefined;
  const site = await getSiteConfig({ db: options.db });
  const to = forwarder?.username ?? site.web_contact_email;
  if (to) {
    const locale = parseLocale(forwarder?.language) ?? options.locale;
    const app = site.app_title || translate(locale, 'config.defaultTitle');
    const params = {
      app,
      member: options.viewer.username,
      pol: rfq.pol || quote.pol_name,
      pod: rfq.pod || quote.pod_name,
      to: rfq.to || quote.to_name,
      carrier: rfq.carrier || quote.carrier_name,
      rate: rfq.rate,
      ready_date: rfq.ready_date,
      description: rfq.description,
      booking_space: rfq.booking_space,
      target_rate: rfq.target_rate,
      potential_vol: rfq.potential_vol,
      sales: rfq.sales,
    };
    await options.mailer.send({
      to,
      subject: translate(locale, 'rfq.mailSubject', params),
      text: translate(locale, 'rfq.mailBody', params),
    });
  }
  return { id };
}

function presentRfq(
  memberId: number,
  row: Awaited<ReturnType<typeof findRfqPage>>['rows'][number],
): RfqRecord {
  const request = JSON.parse(row.payload) as Record<string, string | number>;
  return {
    id: row.id,
    quote_id: row.rateId,
    direction: row.requesterId === memberId ? 'sent' : 'received',
    status: row.status,
    requester: row.requester,
    requester_company: row.requesterCompany,
    request,
    create_time: row.createdAt.toISOString(),
  };
}

/** The RFQs the member sent, and those sent to the member's rates (spec: visible to both sides). */
export async function listRfqs(options: {
  db: Db;
  viewer: Viewer;
  query: { page: number; size: number };
}): Promise<ListData<RfqRecord>> {
  const { rows, total } = await findRfqPage(options.db, options.viewer.id, options.query);
  return { lists: rows.map((row) => presentRfq(options.viewer.id, row)), total };
}

/** One RFQ the member sent or received; anyone else's is answered as not found. */
export async function getRfq(options: { db: Db; viewer: Viewer; id: number }): Promise<RfqRecord> {
  const { rows } = await findRfqPage(options.db, options.viewer.id, { page: 1, size: 1 }, options.id);
  const row = rows[0];
  if (!row) throw new AppError(404, 'errors.notFound');
  return presentRfq(options.viewer.id, row);
}
