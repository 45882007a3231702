import {
  bookingStatusKey,
  DEFAULT_MAIL_PREFERENCES,
  isMailEvent,
  type Locale,
  MAIL_DIGEST_CHECK_MS,
  MAIL_DIGEST_HOUR_UTC,
  MAIL_EVENTS,
  type MailEvent,
  type MailPreferences,
  type MailPreferencesBody,
  isRfqMailEvent,
  type RfqMailEvent,
  mailPreferencesOf,
  parseLocale,
  translate,
  type UnsubscribeInfo,
  type UnsubscribeScope,
  formatInstant,
  zoneLabel,
} from '@freight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { RequestContext } from '../auth/context.js';
import { queueMails } from '../mail-outbox/repo.js';
import { getSiteConfig } from '../system/service.js';
import {
  companyPeopleFor,
  findPersonById,
  peopleWithQueued,
  queueEvents,
  storedPreferences,
  takeQueued,
  upsertPreferences,
} from './repo.js';
import { signUnsubscribe, verifyUnsubscribe } from './tokens.js';

/** The person's e-mail preferences: their choices over the defaults. */
export async function getPreferences(options: {
  db: Db;
  context: Pick<RequestContext, 'personId'>;
}): Promise<MailPreferences> {
  return mailPreferencesOf(await storedPreferences(options.db, options.context.personId));
}

/** Changes the given events of the person's own preferences; the others stay. */
export async function setPreferences(options: {
  db: Db;
  context: Pick<RequestContext, 'personId'>;
  body: MailPreferencesBody;
}): Promise<MailPreferences> {
  const rows = MAIL_EVENTS.flatMap((event) => {
    const mode = options.body[event];
    return mode === undefined ? [] : [{ event, mode }];
  });
  await upsertPreferences(options.db, options.context.personId, rows);
  return getPreferences(options);
}

/** What a token stops, for whom; a forged, expired or orphaned one answers 400. */
async function claimOf(options: { db: Db; key: string; token: string }) {
  const claim = verifyUnsubscribe(options.key, options.token);
  const person = claim ? await findPersonById(options.db, claim.personId) : undefined;
  if (!claim || !person) throw new AppError(400, 'mailPrefs.unsubscribeInvalid');
  const info: UnsubscribeInfo = {
    email: person.email,
    scope: claim.scope,
    language: parseLocale(person.language) ?? 'zh-CN',
  };
  return { claim, info };
}

/** GET: what the link would stop (changes nothing, so that link scanners unsubscribe nobody). */
export async function describeUnsubscribe(options: { db: Db; key: string; token: string }) {
  return (await claimOf(options)).info;
}

/** POST (RFC 8058 one-click, or the confirm page): the event, or every event, goes off. */
export async function unsubscribe(options: { db: Db; key: string; token: string }): Promise<UnsubscribeInfo> {
  const { claim, info } = await claimOf(options);
  const events = claim.scope === 'all' ? MAIL_EVENTS : [claim.scope];
  const before = mailPreferencesOf(await storedPreferences(options.db, claim.personId));
  await upsertPreferences(
    options.db,
    claim.personId,
    events.map((event) => ({ event, mode: 'off' })),
  );
  return { ...info, previous: Object.fromEntries(events.map((event) => [event, before[event]])) };
}

/**
 * POST …/undo with the same link: its events come back, as the body names them (what the
 * unsubscribe answered as `previous`), else as the defaults. Events outside the link stay as they are.
 */
export async function resubscribe(options: {
  db: Db;
  key: string;
  token: string;
  body: MailPreferencesBody | null | undefined;
}): Promise<UnsubscribeInfo> {
  const { claim, info } = await claimOf(options);
  const events = claim.scope === 'all' ? MAIL_EVENTS : [claim.scope];
  await upsertPreferences(
    options.db,
    claim.personId,
    events.map((event) => ({ event, mode: options.body?.[event] ?? DEFAULT_MAIL_PREFERENCES[event] })),
  );
  return info;
}

/* ---------- sending ---------- */

/** What links in mails need: the site's public address and the key that signs unsubscribe tokens. */
export type MailLinks = { publicUrl: string; unsubscribeKey: string };

/**
 * The unsubscribe parts of a notification mail to one person: the confirm page's link for the
 * text, and the List-Unsubscribe headers (RFC 2369, RFC 8058 one-click POST to the API).
 */
export function unsubscribeParts(links: MailLinks, personId: number, scope: UnsubscribeScope) {
  const query = new URLSearchParams({ token: signUnsubscribe(links.unsubscribeKey, { personId, scope }) });
  return {
    link: `${links.publicUrl}/unsubscribe?${query.toString()}`,
    headers: {
      'List-Unsubscribe': `<${links.publicUrl}/api/unsubscribe?${query.toString()}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export type MailRecipient = { id: number; email: string; locale: Locale };

/**
 * Who of a company hears of `event` by mail, and how: each person by their own choice (the
 * default when they made none). The company's registered address is not mailed on its own: it
 * was the first owner's login, and that person now gets their mails by their own choice.
 */
export async function recipientsOf(options: { db: Db; companyId: number; event: MailEvent }) {
  const rows = await companyPeopleFor(options.db, options.companyId, options.event);
  const immediate: MailRecipient[] = [];
  const digest: MailRecipient[] = [];
  for (const row of rows) {
    const mode = mailPreferencesOf(row.mode ? [{ event: options.event, mode: row.mode }] : [])[options.event];
    const recipient = { id: row.id, email: row.email, locale: parseLocale(row.language) ?? 'zh-CN' };
    if (mode === 'immediate') immediate.push(recipient);
    else if (mode === 'digest') digest.push(recipient);
  }
  return { immediate, digest };
}

/** Keeps an event for the digests of these people. */
export async function queueForDigest(options: {
  db: Db;
  people: MailRecipient[];
  event: MailEvent;
  booking: { id: number; orderNo: string; from: number | null; to: number };
}): Promise<void> {
  const { booking } = options;
  await queueEvents(
    options.db,
    options.people.map((person) => ({
      personId: person.id,
      event: options.event,
      bookingId: booking.id,
      orderNo: booking.orderNo,
      fromStatus: booking.from,
      toStatus: booking.to,
    })),
  );
}

/**
 * Keeps an answer to (or the close of) a requester's RFQ for the digests of these people: its
 * route stands where a booking's number would, and it has no statuses.
 */
export async function queueRfqForDigest(options: {
  db: Db;
  people: MailRecipient[];
  event: RfqMailEvent;
  rfq: { id: number; label: string };
}): Promise<void> {
  await queueEvents(
    options.db,
    options.people.map((person) => ({
      personId: person.id,
      event: options.event,
      bookingId: null,
      orderNo: options.rfq.label.slice(0, 40),
      fromStatus: null,
      toStatus: 0,
    })),
  );
}

/** The latest digest time at or before `now` (today's MAIL_DIGEST_HOUR_UTC, else yesterday's). */
function digestCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCHours(MAIL_DIGEST_HOUR_UTC, 0, 0, 0);
  if (cutoff > now) cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

/**
 * The daily digest: one mail per person with every event queued before the cutoff, in their
 * language. Safe on many instances at once: a person's rows are taken out of the queue in one
 * statement that skips rows another instance is taking (FOR UPDATE SKIP LOCKED), so each event
 * goes out once; the digest is written to the mail outbox in the transaction that takes them, and
 * the mail worker sends it (and tries again if the mail server fails). Returns how many digests
 * were queued.
 */
export async function sendDigests(options: {
  db: Db;
  links: MailLinks;
  now?: Date;
  log?: FastifyBaseLogger | undefined;
}): Promise<number> {
  const { db } = options;
  const cutoff = digestCutoff(options.now ?? new Date());
  const site = await getSiteConfig({ db });
  let sent = 0;
  for (const personId of await peopleWithQueued(db, cutoff)) {
    const queued = await db.transaction(async (tx) => {
      const person = await findPersonById(tx, personId);
      const rows = await takeQueued(tx, personId, cutoff);
      if (rows.length === 0 || !person) return false;
      const locale = parseLocale(person.language) ?? 'zh-CN';
      const app = site.app_title || translate(locale, 'config.defaultTitle');
      const status = (value: number | null) =>
        value === null
          ? translate(locale, 'booking.mailNoStatus')
          : translate(locale, bookingStatusKey(value));
      const lines = rows.map((row) =>
        translate(locale, isRfqMailEvent(row.event) ? 'mailPrefs.digestRfqLine' : 'mailPrefs.digestLine', {
          time: `${formatInstant(row.createdAt, locale, site.time_zone)} (${zoneLabel(site.time_zone)})`,
          order_no: row.orderNo,
          event: isMailEvent(row.event) ? translate(locale, `mailPrefs.event.${row.event}`) : row.event,
          from: status(row.fromStatus),
          to: status(row.toStatus),
        }),
      );
      const unsubscribe = unsubscribeParts(options.links, personId, 'all');
      await queueMails(tx, [
        {
          companyId: person.companyId,
          kind: 'digest',
          to: person.email,
          locale,
          subject: translate(locale, 'mailPrefs.digestSubject', { app, count: rows.length }),
          text:
            translate(locale, 'mailPrefs.digestBody', {
              lines: lines.join('\n'),
              link: options.links.publicUrl,
            }) + translate(locale, 'mailPrefs.digestFooter', { app, link: unsubscribe.link }),
          headers: unsubscribe.headers,
        },
      ]);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** Each instance looks for due digests every MAIL_DIGEST_CHECK_MS; returns the stop function. */
export function startDigestTimer(options: Parameters<typeof sendDigests>[0]): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void sendDigests(options)
      .catch((error: unknown) => options.log?.warn({ err: error }, 'mail digest run failed'))
      .finally(() => {
        running = false;
      });
  }, MAIL_DIGEST_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The links of notification mails from the configuration. */
export function mailLinks(config: { publicUrl: string; unsubscribeHmacKey: string }): MailLinks {
  return { publicUrl: config.publicUrl, unsubscribeKey: config.unsubscribeHmacKey };
}
