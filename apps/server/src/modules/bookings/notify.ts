import {
  BOOKING_ACTIONS,
  BOOKING_MAIL_PDF,
  BOOKING_NOTIFICATIONS,
  BOOKING_PDF_KINDS,
  type Locale,
  type BookingAction,
  fieldLabel,
  formatLocalDateTime,
  isCutoffField,
  parseLocale,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import type { PdfDocuments } from '../documents-pdf/documents.js';
import { renderBookingPdf } from '../documents-pdf/service.js';
import { queueMails } from '../mail-outbox/repo.js';
import type { Attach } from '../mail-outbox/worker.js';
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
  /** further lines: [field name, value], e.g. a release's SO number; a cut-off as zonedIso writes it */
  details?: [string, string][];
};

/**
 * Mails the other side of a booking about a change, written to the mail outbox with `db`, the
 * change's transaction (a rollback takes the mails back; the worker sends what was committed):
 * each person of the company on that side, by their own e-mail preference for the event (contract
 * mail-preferences.ts: at once, in the daily digest, or not at all) and in their own language. The
 * member's people hear of every change the forwarder makes; the forwarder's people of a new booking
 * (or copy), a cancellation and submitted shipping instructions. The forwarder is not named to a
 * member it is hidden from. Each mail carries a signed one-click unsubscribe link and
 * List-Unsubscribe headers. A change with a document (BOOKING_MAIL_PDF: the release's
 * confirmation) names it, and the worker attaches it as its recipient would download it when the
 * mail goes (bookingMailAttachment).
 */
export async function notifyChange(options: {
  db: Db;
  links: MailLinks;
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
  const actorId = by === 'forwarder' ? forwarderId : base.booking.companyId;
  const recipientId = by === 'forwarder' ? base.booking.companyId : forwarderId;
  // One after another: inside a transaction the embedded database answers one query at a time.
  const recipient = await findMember(db, recipientId);
  const actor = await findMember(db, actorId);
  const told = await recipientsOf({ db, companyId: recipientId, event: mailEvent });
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
  const compose = async (locale: Locale) => {
    const zh = locale === 'zh-CN';
    const row = zh ? await findBooking(db, null, options.bookingId, true) : base;
    if (!row) return null;
    const app = site.app_title || translate(locale, 'config.defaultTitle');
    // A label and its value as the language writes them (a full-width colon in Chinese).
    const line = (field: string, value: string) => `${fieldLabel(locale, field)}${zh ? '：' : ': '}${value}`;
    const lines: string[] = [];
    if (event.reason) lines.push(line('reason', event.reason));
    // A cut-off comes at its port's offset: written in the reader's date order, with that offset.
    for (const [field, value] of event.details ?? [])
      lines.push(line(field, isCutoffField(field) ? formatLocalDateTime(value, locale) : value));
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
    return {
      app,
      subject: translate(locale, 'booking.mailSubject', { ...params, headline }),
      text: translate(locale, 'booking.mailBody', { ...params, sentence }),
    };
  };
  const byLocale = new Map<Locale, Awaited<ReturnType<typeof compose>>>();
  for (const person of told.immediate)
    if (!byLocale.has(person.locale)) byLocale.set(person.locale, await compose(person.locale));
  const mails = told.immediate.flatMap((person) => {
    const message = byLocale.get(person.locale);
    if (!message) return [];
    const unsubscribe = unsubscribeParts(options.links, person.id, mailEvent);
    const document: BookingDocument | undefined = kind && {
      bookingId: options.bookingId,
      kind,
      viewerCompanyId: recipient.id,
      authorities: recipient.authorities,
      locale: person.locale,
    };
    return [
      {
        companyId: actorId,
        kind: 'booking',
        to: person.email,
        locale: person.locale,
        subject: message.subject,
        text:
          message.text +
          translate(person.locale, 'mailPrefs.footer', { app: message.app, link: unsubscribe.link }),
        headers: unsubscribe.headers,
        attachment: document,
      },
    ];
  });
  await queueMails(db, mails);
}

/** The document a booking mail names: made when the mail goes, as its recipient would download it. */
type BookingDocument = {
  bookingId: number;
  kind: (typeof BOOKING_PDF_KINDS)[number];
  viewerCompanyId: number;
  authorities: string[];
  locale: Locale;
};

/**
 * The mail worker's attachments: a booking's PDF, which waits for its turn rather than go without.
 * The people of one company get the same document in the same language: made once for a minute.
 */
export function bookingMailAttachment(deps: {
  db: Db;
  webDist: string;
  documents: PdfDocuments;
  maxPages: number;
}): Attach {
  const recent = new Map<string, ReturnType<Attach>>();
  return (stored) => {
    const key = JSON.stringify(stored);
    const made = recent.get(key) ?? render(stored);
    if (!recent.has(key)) {
      recent.set(key, made);
      setTimeout(() => recent.delete(key), 60_000).unref();
    }
    return made;
  };
  async function render(stored: Record<string, unknown>) {
    const named = stored as Partial<BookingDocument>;
    const locale = parseLocale(named.locale);
    const kind = BOOKING_PDF_KINDS.find((k) => k === named.kind);
    if (typeof named.bookingId !== 'number' || typeof named.viewerCompanyId !== 'number' || !locale || !kind)
      throw new Error('not a booking document');
    const { file, fileName } = await renderBookingPdf({
      ...deps,
      bounded: false,
      viewerCompanyId: named.viewerCompanyId,
      authorities: Array.isArray(named.authorities) ? named.authorities : [],
      id: named.bookingId,
      kind,
      locale,
      requestLocale: locale,
    });
    return [{ filename: fileName, contentType: 'application/pdf', content: file }];
  }
}
