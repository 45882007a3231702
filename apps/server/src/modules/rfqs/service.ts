import {
  isReadyDateAllowed,
  formatPrice,
  type ListData,
  type Locale,
  PARSE_OPTIONS,
  type ReceivedRfq,
  type ReceivedRfqQuery,
  RFQ_STATUSES,
  type RfqAnswer,
  rfqInput,
  type RfqRecord,
  rfqRateText,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import type { RequestContext } from '../auth/context.js';
import { getQuote } from '../rates/quotes.js';
import type { RfqMail } from './mail.js';
import { raiseEvent } from '../events/service.js';
import { containerCodes, findReceivedRfqs, findRfqPage, insertRfq, referenceNames } from './repo.js';

/**
 * Who asks, as the RFQ services read it: the request's context (contextOf), or for a mail composed
 * by the outbox the requester's company with no person, in the mail's language.
 */
export type RfqContext = Pick<RequestContext, 'companyId' | 'authorities' | 'locale'> & {
  personId?: number | null;
};

/** The quote's container types as stored with a request, with the quantity asked of each (null: none). */
type StoredContainer = { container_id: number; quantity: number | null };
/** An answer as stored (prices per container type id; names follow the reader). */
export type StoredAnswer = Omit<RfqAnswer, 'prices'> & { prices: { container_id: number; price: string }[] };

export const parseContainers = (text: string) => JSON.parse(text) as StoredContainer[];
const parseAnswer = (text: string | null) => (text === null ? null : (JSON.parse(text) as StoredAnswer));

/** A stored request: the spec's payload, and the ids of its route and carrier (names follow the reader's language). */
export type Stored = Record<string, string | number>;

/**
 * Stores a request for quotation about a quote. Route, carrier and rate are the quote's (in the
 * sender's language, as the sender saw them), whatever the client sent; the forwarder's name is
 * kept only for a sender allowed to see it. Its mail (to the quote's forwarder) is queued by
 * `queueMail` in the same transaction.
 */
export async function sendRfq(options: {
  db: Db;
  context: RfqContext;
  input: unknown;
  queueMail: (tx: Db, mail: RfqMail) => Promise<void>;
}): Promise<{ id: number }> {
  const parsed = rfqInput.safeParse(options.input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const rfq = parsed.data;
  if (!isReadyDateAllowed(rfq.ready_date))
    throw new AppError(400, 'rfq.readyDatePast', {}, [{ field: 'ready_date' }]);
  const quote = await getQuote({
    db: options.db,
    context: { ...options.context, authorities: ['quote_forwarder'] },
    id: rfq.quote_id,
  });
  const { quantities, ...fields } = rfq;
  const offered = new Set(quote.spaces.map((space) => space.container_id));
  const unknown = quantities.findIndex((line) => !offered.has(line.container_id));
  if (unknown >= 0)
    throw new AppError(400, 'rfq.answerContainerUnknown', {}, [
      { field: `quantities.${unknown}.container_id` },
    ]);
  const containers: StoredContainer[] = quote.spaces.map((space) => ({
    container_id: space.container_id,
    quantity: quantities.find((line) => line.container_id === space.container_id)?.quantity ?? null,
  }));
  const request: Stored = {
    ...fields,
    pol: quote.pol_name,
    pod: quote.pod_name,
    to: quote.to_name,
    carrier: quote.carrier_name,
    forwarder: options.context.authorities.includes('quote_forwarder') ? (quote.forwarder_name ?? '') : '',
    rate: rfqRateText(quote.spaces, formatPrice),
    pol_id: quote.pol_id,
    pod_id: quote.pod_id,
    to_id: quote.to_id,
    carrier_id: quote.carrier_id,
  };
  const forwarderId = quote.forwarder_id ?? null;
  const id = await options.db.transaction(async (tx) => {
    const inserted = await insertRfq(tx, {
      requesterId: options.context.companyId,
      forwarderId,
      rateId: quote.id,
      payload: JSON.stringify(request),
      containers: JSON.stringify(containers),
    });
    // The forwarder's people are told; the route as the sender saw it names it.
    await raiseEvent(
      tx,
      { personId: options.context.personId ?? null },
      {
        kind: 'rfq',
        rfq: { id: inserted, forwarderId, label: `${quote.pol_name} → ${quote.to_name}` },
      },
    );
    await options.queueMail(tx, {
      rfqId: inserted,
      requesterId: options.context.companyId,
      forwarderId,
      request,
    });
    return inserted;
  });
  return { id };
}

type SentRow = Awaited<ReturnType<typeof findRfqPage>>['rows'][number];

/** Route, carrier and container names of stored requests in one language, in two queries. */
async function namesOf(
  db: Db,
  rows: { payload: string; containers: string; answer: string | null }[],
  locale: Locale,
) {
  const requests = rows.map((row) => JSON.parse(row.payload) as Stored);
  const ids = (fields: string[]) =>
    [...new Set(requests.flatMap((r) => fields.map((f) => r[f])))].filter(
      (id): id is number => typeof id === 'number',
    );
  const containerIds = [
    ...new Set(
      rows.flatMap((row) => [
        ...parseContainers(row.containers).map((c) => c.container_id),
        ...(parseAnswer(row.answer)?.prices.map((p) => p.container_id) ?? []),
      ]),
    ),
  ];
  const [names, codes] = await Promise.all([
    referenceNames(db, ids(['pol_id', 'pod_id', 'to_id']), ids(['carrier_id']), locale === 'zh-CN'),
    containerCodes(db, containerIds),
  ]);
  const of = (index: number) => {
    const request = requests[index] ?? {};
    const text = (field: string) => String(request[field] ?? '');
    // Requests stored before the ids were kept carry only the sender's names.
    const named = (map: Map<number, string>, idField: string, field: string) => {
      const id = request[idField];
      return (typeof id === 'number' ? map.get(id) : undefined) ?? text(field);
    };
    return {
      request,
      text,
      pol_name: named(names.port, 'pol_id', 'pol'),
      pod_name: named(names.port, 'pod_id', 'pod'),
      to_name: named(names.port, 'to_id', 'to'),
      carrier_name: named(names.carrier, 'carrier_id', 'carrier'),
    };
  };
  const containerName = (id: number) => codes.get(id) ?? String(id);
  return { of, containerName };
}

/** The stored answer with its container types named. */
function presentAnswer(text: string | null, containerName: (id: number) => string): RfqAnswer | null {
  const answer = parseAnswer(text);
  if (!answer) return null;
  return {
    ...answer,
    prices: answer.prices.map((p) => ({ ...p, container_name: containerName(p.container_id) })),
  };
}

function presentQuantities(text: string, containerName: (id: number) => string) {
  return parseContainers(text).flatMap((c) =>
    c.quantity === null
      ? []
      : [
          {
            container_id: c.container_id,
            container_name: containerName(c.container_id),
            quantity: c.quantity,
          },
        ],
  );
}

async function presentRfqs(db: Db, memberId: number, rows: SentRow[], locale: Locale): Promise<RfqRecord[]> {
  const { of, containerName } = await namesOf(db, rows, locale);
  return rows.map((row, index) => {
    const named = of(index);
    return {
      id: row.id,
      quote_id: row.rateId,
      direction: row.requesterId === memberId ? 'sent' : 'received',
      status: row.status,
      requester: row.requester,
      requester_company: row.requesterCompany,
      request: named.request,
      create_time: row.createdAt.toISOString(),
      update_time: row.updatedAt.toISOString(),
      pol_name: named.pol_name,
      pod_name: named.pod_name,
      to_name: named.to_name,
      carrier_name: named.carrier_name,
      // Stored only for a requester allowed to see it (sendRfq).
      forwarder_name: named.text('forwarder'),
      quantities: presentQuantities(row.containers, containerName),
      answer: presentAnswer(row.answer, containerName),
    };
  });
}

/** The RFQs the member sent, and those sent to the member's rates (spec: visible to both sides). */
export async function listRfqs(options: {
  db: Db;
  context: RfqContext;
  query: { page: number; size: number; direction?: 'sent' | 'received' | undefined };
}): Promise<ListData<RfqRecord>> {
  const { rows, total } = await findRfqPage(options.db, options.context.companyId, options.query);
  return {
    lists: await presentRfqs(options.db, options.context.companyId, rows, options.context.locale),
    total,
  };
}

/** One RFQ the member sent or received; anyone else's is answered as not found. */
export async function getRfq(options: { db: Db; context: RfqContext; id: number }): Promise<RfqRecord> {
  const { rows } = await findRfqPage(options.db, options.context.companyId, { page: 1, size: 1 }, options.id);
  const [rfq] = await presentRfqs(options.db, options.context.companyId, rows, options.context.locale);
  if (!rfq) throw new AppError(404, 'errors.notFound');
  return rfq;
}

type ReceivedRow = Awaited<ReturnType<typeof findReceivedRfqs>>['rows'][number];

/** RFQs as their forwarder reads them: route, carrier and container types named in the reader's language. */
async function presentReceived(db: Db, rows: ReceivedRow[], locale: Locale): Promise<ReceivedRfq[]> {
  const zh = locale === 'zh-CN';
  const { of, containerName } = await namesOf(db, rows, locale);
  return rows.map((row, index) => {
    const named = of(index);
    const { text } = named;
    const status = RFQ_STATUSES.find((s) => s === row.status) ?? 'new';
    return {
      id: row.id,
      quote_id: row.rateId,
      status,
      pol_name: named.pol_name,
      pod_name: named.pod_name,
      to_name: named.to_name,
      carrier_name: named.carrier_name,
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
      containers: parseContainers(row.containers).map((c) => ({
        container_id: c.container_id,
        container_name: containerName(c.container_id),
      })),
      quantities: presentQuantities(row.containers, containerName),
      answer: presentAnswer(row.answer, containerName),
    };
  });
}

/** The RFQs addressed to the forwarder, newest first, of one status when asked. */
export async function listReceivedRfqs(options: {
  db: Db;
  context: RfqContext;
  query: ReceivedRfqQuery;
}): Promise<ListData<ReceivedRfq>> {
  const { rows, total } = await findReceivedRfqs(options.db, options.context.companyId, options.query);
  return { lists: await presentReceived(options.db, rows, options.context.locale), total };
}

/** One RFQ addressed to the forwarder; any other answers 404. */
export async function getReceivedRfq(options: {
  db: Db;
  context: RfqContext;
  id: number;
}): Promise<ReceivedRfq> {
  const { rows } = await findReceivedRfqs(
    options.db,
    options.context.companyId,
    { page: 1, size: 1 },
    options.id,
  );
  const [rfq] = await presentReceived(options.db, rows, options.context.locale);
  if (!rfq) throw new AppError(404, 'errors.notFound');
  return rfq;
}
