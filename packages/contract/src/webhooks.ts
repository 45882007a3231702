import { z } from 'zod';
import { WEBHOOK_ACTIONS } from './abilities.js';
import { BOOKING_NOTIFICATIONS, type NotificationAction, type NotificationKind } from './notifications.js';
import { pageQuery } from './common.js';

/*
 * Webhooks for integrators. A company registers HTTPS endpoints with the events
 * it wants; every domain event that concerns the company (the same events its people are notified
 * of, notifications.ts) is delivered as signed JSON. The event names are the notification
 * vocabulary's `kind.action` pairs: there is one list of events, not two.
 */

const BOOKING_EVENTS = [...new Set(Object.values(BOOKING_NOTIFICATIONS))].map(
  (action) => `booking.${action}` as const,
);

/** Every event an endpoint may subscribe to, derived from the notification vocabulary. */
export const WEBHOOK_EVENTS = [
  ...BOOKING_EVENTS,
  'document.create',
  'rfq.receive',
  'team.join',
] as const satisfies readonly `${NotificationKind}.${NotificationAction}`[];
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The name of a domain event as a webhook (`booking.submit`); undefined when none may subscribe. */
export function webhookEventOf(kind: NotificationKind, action: NotificationAction): WebhookEvent | undefined {
  const name = `${kind}.${action}`;
  return (WEBHOOK_EVENTS as readonly string[]).includes(name) ? (name as WebhookEvent) : undefined;
}

/** The event the "send test event" button sends; every endpoint gets it whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK = {
  /** endpoints per company */
  maxEndpoints: 10,
  urlMax: 2000,
  /** the signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` */
  signatureHeader: 'x-portal-signature',
  /** a failed delivery is retried with exponential backoff for this long, then given up */
  retryForMs: 24 * 3_600_000,
  /** the backoff's ceiling */
  retryMaxDelayMs: 3_600_000,
  /** consecutive failed attempts after which an endpoint is disabled (and its company mailed) */
  disableAfterFailures: 15,
  /**
   * consecutive attempts that got no answer at all (a timeout, a refused or reset connection) after
   * which the endpoint's circuit opens: its deliveries wait, unattempted, instead of holding slots
   */
  circuitFailures: 5,
  /** test events a company may queue per minute (the button is the one way to queue at will) */
  testEventsPerMinute: 10,
  /** finished deliveries are kept in the log this long */
  logRetentionDays: 30,
  /** how much of a receiver's reply body is kept in the log */
  responseExcerpt: 200,
} as const;

/** The delay before attempt `attempt + 1` after `attempt` failures: first, doubling, capped. */
export function webhookBackoffMs(attempt: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempt - 1), WEBHOOK.retryMaxDelayMs);
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an endpoint is off: its managers turned it off, or it failed too often in a row. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failures'] as const;

/**
 * An endpoint's circuit: closed (sent to), open (its receiver stopped answering: nothing is sent
 * until `circuit_retry_at`), or half-open (one delivery probes whether it answers again).
 */
export const WEBHOOK_CIRCUIT_STATES = ['closed', 'open', 'half_open'] as const;
export type WebhookCircuitState = (typeof WEBHOOK_CIRCUIT_STATES)[number];

/** The circuit's state from the endpoint's stored reopening time (null: closed). */
export function webhookCircuitState(openUntil: Date | null, now: Date = new Date()): WebhookCircuitState {
  if (!openUntil) return 'closed';
  return openUntil.getTime() > now.getTime() ? 'open' : 'half_open';
}

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK.urlMax)
  .regex(/^https?:\/\/[^\s]+$/i, { error: 'webhooks.urlInvalid' });

/** POST /api/webhooks, PUT /api/webhooks/:id */
export const webhookEndpointBody = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;

export const webhookEndpointRow = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** failed attempts in a row (reset by a success or by enabling) */
  failures: z.number().int(),
  circuit: z.enum(WEBHOOK_CIRCUIT_STATES),
  /** while open: when a delivery probes the receiver again; null otherwise */
  circuit_retry_at: z.string().nullable(),
  created_at: z.string(),
  /** what the reader may do with this endpoint (webhookActionsOf) */
  actions: z.array(z.enum(WEBHOOK_ACTIONS)),
});
export type WebhookEndpointRow = z.infer<typeof webhookEndpointRow>;

/** The signing secret, shown once: on creation and on rotation. */
export const webhookSecret = z.object({ secret: z.string() });
export const webhookCreated = webhookEndpointRow.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreated>;

export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** the receiver's last HTTP status; null when it could not be reached */
  response_code: z.number().int().nullable(),
  /** why the last attempt failed (a timeout, a refused address …) or the start of the reply */
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

export const webhookDeliveryQuery = pageQuery(20);

/** What a receiver gets: the body is signed as sent (raw bytes), never re-serialized. */
export type WebhookPayload = {
  id: string;
  type: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
  created_at: string;
  data: Record<string, unknown>;
};
