import {
  isReadyDateAllowed,
  formatPrice,
  type ListData,
  type Locale,
  PARSE_OPTIONS,
  type ReceivedRfq,
  type ReceivedRfqQuery,
  RFQ_STATUSES,
  rfqInput,
  type RfqRecord,
  rfqRateText,
  type RfqStatus,
  rfqStatusInput,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { getQuote } from '../rates/quotes.js';
import type { RfqMail } from './mail.js';
import { raiseEvent } from '../events/service.js';
import { findReceivedRfqs, findRfqPage, insertRfq, referenceNames, updateRfqStatus } from './repo.js';

type Viewer = { id: number; personId?: number; username: string; authorities: string[] };

/** A stored request: the spec's payload, and the ids of its route and carrier (names follow the reader's language). */
type Stored = Record<string, string | number>;

/**
 * Stores a request for quotation about a quote. Route, carrier and rate are the quote's (in the
 * sender's language, as the sender saw them), whatever the client sent; the forwarder's name is
 * kept only for a sender allowed to see it. Answers the id and the mail to send once the reply
 * has gone (to the quote's forwarder, in the forwarder's language).
 */
export async function sendRfq(options: {
  db: Db;
  viewer: Viewer;
  input: unknown;
  locale: Locale;
}): Promise<{ id: number; mail: RfqMail }> {
  const parsed = rfqInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const rfq = parsed.data;
  if (!isReadyDateAllowed(rfq.ready_date))
    throw new AppError(400, 'rfq.readyDatePast', {}, [{ field: 'ready_date' }]);
  const quote = await getQuote({
    db: options.db,
    viewer: { ...options.viewer, authorities: ['quote_forwarder'] },
    id: rfq.quote_id,
    locale: options.locale,
  });
  const request: Stored = {
    ...rfq,
    pol: quote.pol_name,
    pod: quote.pod_name,
    to: quote.to_name,
    carrier: quote.carrier_name,
    forwarder: options.viewer.authorities.includes('quote_forwarder') ? (quote.forwarder_name ?? '') : '',
    rate: rfqRateText(quote.spaces, formatPrice),
    pol_id: quote.pol_id,
    pod_id: quote.pod_id,
    to_id: quote.to_id,
    carrier_id: quote.carrier_id,
  };
  const forwarderId = quote.forwarder_id ?? null;
  const id = await options.db.transaction(async (tx) => {
    const inserted = await insertRfq(tx, {
      requesterId: options.viewer.id,
      forwarderId,
      rateId: quote.id,
      payload: JSON.stringify(request),
    });
    // The forwarder's people are told; the route as the sender saw it names it.
    await raiseEvent(
      tx,
      { personId: options.viewer.personId ?? null },
      {
        kind: 'rfq',
        rfq: { id: inserted, forwarderId, label: `${quote.pol_name} → ${quote.to_name}` },
      },
    );
    return inserted;
  });
  return { id, mail: { rfqId: id, requesterId: options.viewer.id, forwarderId, request } };
}

function presentRfq(
  memberId: number,
  row: Awaited<ReturnType<typeof findRfqPage>>['rows'][number],
): RfqRecord {
  return {
    id: row.id,
    quote_id: row.rateId,
    direction: row.requesterId === memberId ? 'sent' : 'received',
    status: row.status,
    requester: row.requester,
    requester_company: row.requesterCompany,
    request: JSON.parse(row.payload) as Stored,
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

type ReceivedRow = Awaited<ReturnType<typeof findReceivedRfqs>>['rows'][number];

/** RFQs as their forwarder reads them: route and carrier named in the reader's language. */
async function presentReceived(db: Db, rows: ReceivedRow[], locale: Locale): Promise<ReceivedRfq[]> {
  const zh = locale === 'zh-CN';
  const requests = rows.map((row) => JSON.parse(row.payload) as Stored);
  const ids = (fields: string[]) =>
    [...new Set(requests.flatMap((r) => fields.map((f) => r[f])))].filter(
      (id): id is number => typeof id === 'number',
    );
  const names = await referenceNames(db, ids(['pol_id', 'pod_id', 'to_id']), ids(['carrier_id']), zh);
  return rows.map((row, index) => {
    const request = requests[index] ?? {};
    const text = (field: string) => String(request[field] ?? '');
    // Requests stored before the ids were kept carry only the sender's names.
    const named = (map: Map<number, string>, idField: string, field: string) => {
      const id = request[idField];
      return (typeof id === 'number' ? map.get(id) : undefined) ?? text(field);
    };
    const status = RFQ_STATUSES.find((s) => s === row.status) ?? 'new';
    return {
      id: row.id,
      quote_id: row.rateId,
      status,
      pol_name: named(names.port, 'pol_id', 'pol'),
      pod_name: named(names.port, 'pod_id', 'pod'),
      to_name: named(names.port, 'to_id', 'to'),
      carrier_name: named(names.carrier, 'carrier_id', 'carrier'),
      rate: text('rate'),
      ready_date: text('ready_date'),
      description: text('description'),
      booking_space: text('booking_space'),
      target_rate: text('target_rate'),
      potential_vol: text('potential_vol'),
      sales: text('sales'),
      requester: {
        company: (zh && row.company2) || row.company1,
        linkman: row.linkman,
        email: row.email,
        phone: row.phone,
      },
      create_time: row.createdAt.toISOString(),
      update_time: row.updatedAt.toISOString(),
    };
  });
}

/** The RFQs addressed to the forwarder, newest first, of one status when asked. */
export async function listReceivedRfqs(options: {
  db: Db;
  viewer: Viewer;
  query: ReceivedRfqQuery;
  locale: Locale;
}): Promise<ListData<ReceivedRfq>> {
  const { rows, total } = await findReceivedRfqs(options.db, options.viewer.id, options.query);
  return { lists: await presentReceived(options.db, rows, options.locale), total };
}

/** One RFQ addressed to the forwarder; any other answers 404. */
export async function getReceivedRfq(options: {
  db: Db;
  viewer: Viewer;
  id: number;
  locale: Locale;
}): Promise<ReceivedRfq> {
  const { rows } = await findReceivedRfqs(options.db, options.viewer.id, { page: 1, size: 1 }, options.id);
  const [rfq] = await presentReceived(options.db, rows, options.locale);
  if (!rfq) throw new AppError(404, 'errors.notFound');
  return rfq;
}

/** Marks an RFQ addressed to the forwarder quoted or closed; any other answers 404. */
export async function markReceivedRfq(options: {
  db: Db;
  viewer: Viewer;
  id: number;
  input: unknown;
  locale: Locale;
}): Promise<ReceivedRfq> {
  const parsed = rfqStatusInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const status: RfqStatus = parsed.data.status;
  if (!(await updateRfqStatus(options.db, options.viewer.id, options.id, status)))
    throw new AppError(404, 'errors.notFound');
  return getReceivedRfq(options);
}
