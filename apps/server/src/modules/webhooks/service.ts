import { randomBytes, randomUUID } from 'node:crypto';
import {
  type BookingAction,
  BOOKING_NOTIFICATIONS,
  isToldToForwarder,
  type NotificationParty,
  WEBHOOK,
  WEBHOOK_TEST_EVENT,
  type WebhookCreated,
  type WebhookDeliveryRow,
  type webhookDeliveryQuery,
  type WebhookDeliveryStatus,
  type WebhookEndpointRow,
  type webhookEndpointBody,
  type WebhookEvent,
  type WebhookPayload,
  webhookActionsOf,
  webhookCircuitState,
  webhookEventOf,
} from '@freight/contract';
import type { z } from 'zod';
import type { WebhookConfig } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import { checkOutboundUrl } from '../../platform/outbound-address.js';
import type { RequestContext } from '../auth/context.js';
import { serviceTermOf } from '../bookings/booking-terms.js';
import { bookingFacts } from './booking-facts.js';
import { secretBox } from '../../platform/secret-box.js';
import {
  countEndpoints,
  type DeliveryRecord,
  deleteEndpoint,
  deliveriesPage,
  type EndpointRecord,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listEndpoints,
  type NewDelivery,
  subscribers,
  updateEndpoint,
} from './repo.js';

/*
 * Webhooks for integrators: a company's endpoints (managed by its owners and
 * admins), and the outlet that turns a domain event into outbox rows in the change's transaction.
 * The worker (worker.ts) sends them.
 */

/** Who asks: the request's context (contextOf), of an owner or admin (the routes' guard). */
type Manager = Pick<RequestContext, 'companyId' | 'role'>;
type EndpointBody = z.output<typeof webhookEndpointBody>;

function present(row: EndpointRecord, context: Manager): WebhookEndpointRow {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason:
      row.disabledReason === 'manual' || row.disabledReason === 'failures' ? row.disabledReason : null,
    failures: row.failures,
    circuit: webhookCircuitState(row.circuitOpenUntil),
    circuit_retry_at: row.circuitOpenUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    actions: webhookActionsOf(context.role),
  };
}

function presentDelivery(row: DeliveryRecord): WebhookDeliveryRow {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    response_code: row.responseCode,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** A new signing secret: 256 random bits, prefixed so that it is recognizable in a vault. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function assertUrlAllowed(config: WebhookConfig, url: string): Promise<void> {
  const verdict = await checkOutboundUrl(url, config);
  if (verdict !== 'ok') throw new AppError(422, verdict, {}, [{ field: 'url' }]);
}

async function ownEndpoint(db: Db, context: Manager, id: number): Promise<EndpointRecord> {
  const row = await findEndpoint(db, context.companyId, id);
  if (!row) throw new AppError(404, 'errors.notFound');
  return row;
}

export async function listWebhooks(options: { db: Db; context: Manager }): Promise<WebhookEndpointRow[]> {
  return (await listEndpoints(options.db, options.context.companyId)).map((row) =>
    present(row, options.context),
  );
}

/** Registers an endpoint; its secret is in the reply, this once. */
export async function createWebhook(options: {
  db: Db;
  config: WebhookConfig;
  context: Manager;
  body: EndpointBody;
}): Promise<WebhookCreated> {
  const { db, config, context, body } = options;
  if ((await countEndpoints(db, context.companyId)) >= WEBHOOK.maxEndpoints) {
    throw new AppError(409, 'webhooks.tooMany', { count: WEBHOOK.maxEndpoints });
  }
  await assertUrlAllowed(config, body.url);
  const secret = newSecret();
  const row = await insertEndpoint(db, {
    companyId: context.companyId,
    url: body.url,
    events: body.events,
    secretEnc: secretBox(config.secretKey).seal(secret),
    enabled: body.enabled,
    disabledReason: body.enabled ? null : 'manual',
  });
  return { ...present(row, context), secret };
}

/** Changes the address, the events or the switch; enabling ends a failure streak, and a new address or enabling closes the circuit. */
export async function updateWebhook(options: {
  db: Db;
  config: WebhookConfig;
  context: Manager;
  id: number;
  body: EndpointBody;
}): Promise<WebhookEndpointRow> {
  const { db, config, context, id, body } = options;
  const before = await ownEndpoint(db, context, id);
  if (body.url !== before.url) await assertUrlAllowed(config, body.url);
  const switched = body.enabled !== before.enabled;
  const row = await updateEndpoint(db, context.companyId, id, {
    url: body.url,
    events: body.events,
    enabled: body.enabled,
    ...(switched ? { disabledReason: body.enabled ? null : 'manual', failures: 0 } : {}),
    // Another receiver, or its managers saying it is fixed: it is tried again at once.
    ...((switched && body.enabled) || body.url !== before.url
      ? { circuitFailures: 0, circuitOpenUntil: null }
      : {}),
  });
  if (!row) throw new AppError(404, 'errors.notFound');
  return present(row, context);
}

export async function rotateWebhookSecret(options: {
  db: Db;
  config: WebhookConfig;
  context: Manager;
  id: number;
}): Promise<{ secret: string }> {
  const { db, config, context, id } = options;
  await ownEndpoint(db, context, id);
  const secret = newSecret();
  await updateEndpoint(db, context.companyId, id, { secretEnc: secretBox(config.secretKey).seal(secret) });
  return { secret };
}

export async function deleteWebhook(options: { db: Db; context: Manager; id: number }): Promise<void> {
  if (!(await deleteEndpoint(options.db, options.context.companyId, options.id))) {
    throw new AppError(404, 'errors.notFound');
  }
}

/**
 * Counts one test event of the company; beyond WEBHOOK.testEventsPerMinute it is refused. The
 * button is the one way to queue deliveries at will, so without a limit it could fill the outbox
 * with requests to receivers that never answer.
 */
async function countTestEvent(kv: KvStore, companyId: number): Promise<void> {
  const { count, ttlMs } = await kv.incr(`webhook:test:company:${companyId}`, 60_000);
  if (count > WEBHOOK.testEventsPerMinute) {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    throw new AppError(
      429,
      'webhooks.testThrottled',
      { count: seconds, max: WEBHOOK.testEventsPerMinute },
      [],
      { 'retry-after': String(seconds) },
    );
  }
}

/** Queues a test event to one endpoint (sent even while it is disabled, to check a fix). */
export async function sendTestEvent(options: {
  db: Db;
  kv: KvStore;
  context: Manager;
  id: number;
}): Promise<WebhookDeliveryRow> {
  const endpoint = await ownEndpoint(options.db, options.context, options.id);
  await countTestEvent(options.kv, options.context.companyId);
  const [row] = await insertDeliveries(options.db, [
    outboxRow(endpoint.id, WEBHOOK_TEST_EVENT, null, { object: 'test', endpoint_id: endpoint.id }),
  ]);
  if (!row) throw new Error('test delivery not inserted');
  return presentDelivery(row);
}

export async function listDeliveries(options: {
  db: Db;
  context: Manager;
  id: number;
  query: z.output<typeof webhookDeliveryQuery>;
}): Promise<{ lists: WebhookDeliveryRow[]; total: number }> {
  await ownEndpoint(options.db, options.context, options.id);
  const { rows, total } = await deliveriesPage(options.db, options.id, options.query);
  return { lists: rows.map(presentDelivery), total };
}

/* ---------- the outlet: domain events → outbox rows ---------- */

function outboxRow(
  endpointId: number,
  type: WebhookPayload['type'],
  bookingId: number | null,
  data: Record<string, unknown>,
  eventId: string = randomUUID(),
): NewDelivery {
  const payload: WebhookPayload = { id: eventId, type, created_at: new Date().toISOString(), data };
  return { endpointId, eventId, eventType: type, bookingId, payload: JSON.stringify(payload) };
}

/** One event as each company concerned sees it: its own event id and its own side's object. */
type Addressed = { companyId: number; bookingId: number | null; data: Record<string, unknown> };

async function enqueue(tx: Db, type: WebhookEvent | undefined, addressed: Addressed[]): Promise<void> {
  if (!type || addressed.length === 0) return;
  const endpoints = await subscribers(tx, [...new Set(addressed.map((entry) => entry.companyId))], type);
  if (endpoints.length === 0) return;
  const rows: NewDelivery[] = [];
  for (const entry of addressed) {
    // One event id per company and object: the company's endpoints share it, so it de-duplicates.
    const eventId = randomUUID();
    for (const endpoint of endpoints) {
      if (endpoint.companyId === entry.companyId)
        rows.push(outboxRow(endpoint.id, type, entry.bookingId, entry.data, eventId));
    }
  }
  await insertDeliveries(tx, rows);
}

/** A booking action or a document added: each side of the booking that is told gets its own view. */
export async function enqueueBookingEvent(
  tx: Db,
  event: { action: BookingAction; ids: number[] } | { document: string; ids: number[] },
): Promise<void> {
  const type =
    'action' in event
      ? (() => {
          const action = BOOKING_NOTIFICATIONS[event.action];
          return action ? webhookEventOf('booking', action) : undefined;
        })()
      : webhookEventOf('document', 'create');
  if (!type) return;
  const addressed: Addressed[] = [];
  for (const booking of event.ids.length === 0 ? [] : await bookingFacts(tx, event.ids)) {
    // What a receiver routes a booking by, without fetching it: its service, sailing, places and cargo.
    const terms = {
      service_term: serviceTermOf(booking),
      requested_etd: booking.requestedEtd,
      special_cargo: booking.specialCargo,
      service_contract_reference: booking.serviceContractReference,
      transport_document_type: booking.transportDocumentType,
      // Where the cargo is taken and left, as the API names them: ports by UN/LOCODE, the inland
      // places by name, country and code ('' and null when the booking does not say).
      pol: booking.polCode,
      pod: booking.podCode,
      transshipment_port: booking.transshipmentCode,
      place_of_receipt: booking.placeOfReceipt,
      place_of_receipt_country: booking.placeOfReceiptCountry,
      place_of_receipt_code: booking.placeOfReceiptCode,
      place_of_delivery: booking.placeOfDelivery,
      place_of_delivery_country: booking.placeOfDeliveryCountry,
      place_of_delivery_code: booking.placeOfDeliveryCode,
    };
    const sides: [number | null, NotificationParty][] = [
      [booking.companyId, 'member'],
      [isToldToForwarder(booking.status) ? booking.forwarderId : null, 'forwarder'],
    ];
    for (const [companyId, party] of sides) {
      if (companyId === null) continue;
      const object = { id: booking.id, order_no: booking.orderNo, status: booking.status, party, ...terms };
      addressed.push({
        companyId,
        bookingId: booking.id,
        data:
          'document' in event
            ? { object: 'document', name: event.document, booking: object }
            : { object: 'booking', ...object },
      });
    }
  }
  await enqueue(tx, type, addressed);
}

export async function enqueueRfqEvent(
  tx: Db,
  rfq: { id: number; forwarderId: number | null; label: string },
): Promise<void> {
  if (rfq.forwarderId === null) return;
  await enqueue(tx, webhookEventOf('rfq', 'receive'), [
    { companyId: rfq.forwarderId, bookingId: null, data: { object: 'rfq', id: rfq.id, label: rfq.label } },
  ]);
}

export async function enqueueJoinedEvent(
  tx: Db,
  person: { id: number; companyId: number; label: string },
): Promise<void> {
  await enqueue(tx, webhookEventOf('team', 'join'), [
    {
      companyId: person.companyId,
      bookingId: null,
      data: { object: 'person', id: person.id, name: person.label },
    },
  ]);
}
