import {
  BOOKING_ACTIONS,
  BOOKING_MAIL_PDF,
  BOOKING_NOTIFICATIONS,
  type Locale,
  type BookingAction,
  fieldLabel,
  translate,
} from '@freight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import type { MailAttachment, Mailer } from '../../platform/mail.js';
import type { PdfDocuments } from '../documents-pdf/documents.js';
import { renderBookingPdf } from '../documents-pdf/service.js';
import {
  type MailLinks,
  queueForDigest,
  recipientsOf,
  unsubscribeParts,
} from '../mail-preferences/service.js';
import { getSiteConfig } from '../system/service.js';
import { hidesForwarder, statusName } from './present.js';
import { findBooking, findMember } from './repo.js';

export type MailEvent = {
  action: BookingAction;
  from: number | null;
  to: number;
  reason?: string;
  /** further lines: [field name, value], e.g. the SO number of a release */
  details?: [string, string][];
};

/**
 * Mails the other side of a booking about a change: each person of the company on that side, by
 * their own e-mail preference for the event (contract mail-preferences.ts: at once, in the daily
 * digest, or not at all) and in their own language. The member's people hear of every change the
 * forwarder makes; the forwarder's people of a new booking (or copy), a cancellation and
 * submitted shipping instructions. The forwarder is not named to a member it is hidden from. Each
 * mail carries a signed one-click unsubscribe link and List-Unsubscribe headers. Messages are built
 * before the reply; sending runs in the background so that a slow mail server never holds the
 * request (a failure is logged). A change with a document (BOOKING_MAIL_PDF: the release's
 * confirmation) attaches it as its recipient would download it, made once per language in the
 * background; a mail whose PDF fails goes without it.
 */
export async function notifyChange(options: {
  db: Db;
  mailer: Mailer;
  links: MailLinks;
  log?: FastifyBaseLogger | undefined;
  pdf?: { webDist: string; documents: PdfDocuments; maxPages: number } | undefined;
  bookingId: number;
  event: MailEvent;
}): Promise<void> {
  const { db, event } = options;
  const mailEvent = BOOKING_NOTIFICATIONS[event.action];
  if (!mailEvent) return;
  const by = BOOKING_ACTIONS[event.action].by;
  const base = await findBooking(db, null, options.bookingId, false);
  if (!base) return;
  const forwarderId = base.booking.forwarderId;
  // Only a submitted booking is mailed about, and a submit needs a forwarder: none, nobody to tell.
  if (forwarderId === null) return;
  const recipientId = by === 'forwarder' ? base.booking.ownerId : forwarderId;
  const [recipient, actor, told] = await Promise.all([
    findMember(db, recipientId),
    findMember(db, by === 'forwarder' ? forwarderId : base.booking.ownerId),
    recipientsOf({ db, companyId: recipientId, event: mailEvent }),
  ]);
  if (!recipient) return;
  await queueForDigest({
    db,
    people: told.digest,
    event: mailEvent,
    booking: { id: base.booking.id, orderNo: base.booking.orderNo, from: event.from, to: event.to },
  });
  if (told.immediate.length === 0) return;
  const site = await getSiteConfig({ db });
  const kind = BOOKING_MAIL_PDF[event.action];
  const pdf = options.pdf;
  const compose = async (locale: Locale) => {
    const zh = locale === 'zh-CN';
    const row = zh ? await findBooking(db, null, options.bookingId, true) : base;
    if (!row) return null;
    const app = site.app_title || translate(locale, 'config.defaultTitle');
    // A label and its value as the language writes them (a full-width colon in Chinese).
    const line = (field: string, value: string) => `${fieldLabel(locale, field)}${zh ? '：' : ': '}${value}`;
    const lines: string[] = [];
    if (event.reason) lines.push(line('reason', event.reason));
    for (const [field, value] of event.details ?? []) lines.push(line(field, value));
    // A member who may not know the forwarder of a booking from a quote is not told it by mail either.
    const unnamed =
      by === 'forwarder' &&
      hidesForwarder({ party: 'member', authorities: recipient.authorities }, row.booking);
    const actorCompany = actor && !unnamed ? (zh && actor.company2 ? actor.company2 : actor.company1) : '';
    const actorText = `${translate(locale, `bookingParty.${by}`)} ${actorCompany}`.trim();
    // Each side opens the booking on its own page: the member's bookings, the forwarder's received ones.
    const page = by === 'forwarder' ? 'bookings' : 'received-bookings';
    const params = {
      app,
      order_no: row.booking.orderNo,
      status: statusName(locale, event.to),
      actor: actorText,
      route: `${row.polName} → ${row.toName}`,
      details: lines.length > 0 ? `${lines.join('\n')}\n` : '',
      link: `${options.links.publicUrl}/${page}/${row.booking.id}`,
    };
    const sentence = translate(locale, `booking.mailSentence.${mailEvent}`, params);
    const headline = translate(locale, `booking.mailHeadline.${mailEvent}`, params);
    const attach = async (): Promise<MailAttachment[]> => {
      if (!kind || !pdf) return [];
      try {
        const { file, fileName } = await renderBookingPdf({
          db,
          documents: pdf.documents,
          maxPages: pdf.maxPages,
          // The mail is owed: it waits for its turn rather than go without its document.
          bounded: false,
          webDist: pdf.webDist,
          viewerId: recipient.id,
          authorities: recipient.authorities,
          id: options.bookingId,
          kind,
          locale,
          requestLocale: locale,
        });
        return [{ filename: fileName, contentType: 'application/pdf', content: file }];
      } catch (error) {
        options.log?.warn(
          { err: error, booking: row.booking.orderNo, kind },
          'booking mail sent without its PDF',
        );
        return [];
      }
    };
    return {
      app,
      orderNo: row.booking.orderNo,
      subject: translate(locale, 'booking.mailSubject', { ...params, headline }),
      text: translate(locale, 'booking.mailBody', { ...params, sentence }),
      attachments: attach(),
    };
  };
  const byLocale = new Map<Locale, Awaited<ReturnType<typeof compose>>>();
  for (const person of told.immediate)
    if (!byLocale.has(person.locale)) byLocale.set(person.locale, await compose(person.locale));
  for (const person of told.immediate) {
    const message = byLocale.get(person.locale);
    if (!message) continue;
    const unsubscribe = unsubscribeParts(options.links, person.id, mailEvent);
    void message.attachments
      .then((attachments) =>
        options.mailer.send({
          to: person.email,
          subject: message.subject,
          text:
            message.text +
            translate(person.locale, 'mailPrefs.footer', { app: message.app, link: unsubscribe.link }),
          headers: unsubscribe.headers,
          ...(attachments.length > 0 ? { attachments } : {}),
        }),
      )
      .catch((error: unknown) => {
        options.log?.warn(
          { err: error, to: person.email, booking: message.orderNo },
          'booking mail not sent',
        );
      });
  }
}
