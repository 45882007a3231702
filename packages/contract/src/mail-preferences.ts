import { z } from 'zod';
import { BOOKING_EVENT_ACTIONS, type RfqAnswerAction } from './notifications.js';

/*
 * E-mail preferences. Each person chooses, per event, whether it also sends an
 * e-mail: at once, in a daily digest, or not at all. The events are the notification vocabulary's
 * booking events (one list: what the bell tells, a mail may tell too). Security mails (password
 * reset, password changed, invitations) are not events and are never switchable.
 */

/** The mail events of a requester's RFQ: the forwarder answered it, or closed it. */
export const RFQ_MAIL_EVENTS = ['rfq_quote', 'rfq_close'] as const;
export type RfqMailEvent = (typeof RFQ_MAIL_EVENTS)[number];
export const RFQ_MAIL_EVENT: Record<RfqAnswerAction, RfqMailEvent> = {
  quote: 'rfq_quote',
  close: 'rfq_close',
};

/**
 * The events that may e-mail: the booking notifications (BOOKING_NOTIFICATIONS' values, checked by
 * mail-preferences.test.ts), in the order of a booking's life, then the answers to one's RFQs.
 */
export const MAIL_EVENTS = [...BOOKING_EVENT_ACTIONS, ...RFQ_MAIL_EVENTS] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];
/** The booking events among them (a digest line of these names statuses). */
export type BookingMailEvent = (typeof BOOKING_EVENT_ACTIONS)[number];

export const MAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export type MailPreferences = Record<MailEvent, MailMode>;

/**
 * Today's behaviour: every booking change is mailed to the other side at once. Each person is on
 * one side of a booking, so "all immediate" mails each person what their company was mailed before.
 */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = Object.fromEntries(
  MAIL_EVENTS.map((event) => [event, 'immediate']),
) as MailPreferences;

export function isRfqMailEvent(value: string): value is RfqMailEvent {
  return (RFQ_MAIL_EVENTS as readonly string[]).includes(value);
}

export function isMailEvent(value: string): value is MailEvent {
  return (MAIL_EVENTS as readonly string[]).includes(value);
}

/** The stored choices over the defaults. */
export function mailPreferencesOf(stored: { event: string; mode: string }[]): MailPreferences {
  const out: MailPreferences = { ...DEFAULT_MAIL_PREFERENCES };
  for (const row of stored)
    if (isMailEvent(row.event) && (MAIL_MODES as readonly string[]).includes(row.mode))
      out[row.event] = row.mode as MailMode;
  return out;
}

const mailMode = z.enum(MAIL_MODES);

/** GET /api/me/mail-preferences: every event with its mode. */
export const mailPreferences = z.strictObject(
  Object.fromEntries(MAIL_EVENTS.map((event) => [event, mailMode])) as Record<MailEvent, typeof mailMode>,
);

/** PUT /api/me/mail-preferences: the events to change (the others stay as they are). */
export const mailPreferencesBody = z.strictObject(
  Object.fromEntries(MAIL_EVENTS.map((event) => [event, mailMode.optional()])) as Record<
    MailEvent,
    z.ZodOptional<typeof mailMode>
  >,
);
export type MailPreferencesBody = z.input<typeof mailPreferencesBody>;

/** What an unsubscribe link stops: one event, or every notification mail. */
export const UNSUBSCRIBE_SCOPES = [...MAIL_EVENTS, 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/** An unsubscribe link is valid this long (a mail read months later still works). */
export const UNSUBSCRIBE_TTL_DAYS = 365;

/** POST /api/unsubscribe?token=… (RFC 8058 one-click) and GET …/unsubscribe?token=… (what it stops). */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(500) });
export const unsubscribeInfo = z.object({
  email: z.string(),
  scope: z.enum(UNSUBSCRIBE_SCOPES),
  language: z.enum(['zh-CN', 'en-US']),
  /** after an unsubscribe: the modes its events had before, which an undo puts back */
  previous: mailPreferencesBody.optional(),
});

/**
 * POST /api/unsubscribe/undo?token=…: the same signed link subscribes again. The body names the
 * modes to restore (the unsubscribe's `previous`); only the link's events change, and those not
 * named return to the default.
 */
export const resubscribeBody = mailPreferencesBody.nullish();
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfo>;

/**
 * The daily digest carries what was queued before this hour (UTC; 08:00 in China) each day. Every
 * instance looks for due rows this often; a digest that failed is tried again at the next look.
 */
export const MAIL_DIGEST_HOUR_UTC = 0;
export const MAIL_DIGEST_CHECK_MS = 10 * 60 * 1000;
