import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type BookingPdfKind,
  bookingPdfFileName,
  isBookingPdfReady,
  LANG_HEADER,
  type Locale,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { type PdfTheme, PdfWriter } from '../../platform/pdf/writer.js';
// reading.js, not service.js: the booking mails (bookings/notify.ts) attach these documents.
import { getBookingForParty } from '../bookings/reading.js';
import { getSiteConfig } from '../system/service.js';
import { bookingNote } from './booking-note.js';
import type { Ctx } from './common.js';
import { confirmation } from './confirmation.js';
import { siDraft } from './si-draft.js';

export type BookingPdf = { file: Buffer; fileName: string };

/**
 * The site's booking logo (config `booking_logo`): a PNG/JPEG data URI, or a path inside the built
 * web app (`/brand/logo.png`). Anything else, or a file that cannot be read, means no logo.
 */
async function siteLogo(value: string, webDist: string): Promise<Buffer | undefined> {
  const data = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(value);
  if (data?.[2]) return Buffer.from(data[2], 'base64');
  if (!/^\/[\w./-]+\.(png|jpe?g)$/i.test(value) || value.includes('..')) return undefined;
  return fs.readFile(path.join(webDist, value)).catch(() => undefined);
}

/**
 * One of a booking's PDF documents, for its member or its forwarder (anyone else: 404), in
 * `locale`. A document the booking cannot have yet (the confirmation before release, the SI
 * draft before instructions): 409 booking.pdfNotReady in the request's language.
 */
export async function renderBookingPdf(options: {
  db: Db;
  webDist: string;
  viewerId: number;
  authorities: readonly string[];
  id: number;
  kind: BookingPdfKind;
  /** the document's language */
  locale: Locale;
  /** the language of a refusal */
  requestLocale: Locale;
}): Promise<BookingPdf> {
  const { locale, kind } = options;
  const [{ detail }, site] = await Promise.all([
    getBookingForParty({ ...options, locale }),
    getSiteConfig({ db: options.db }),
  ]);
  if (!isBookingPdfReady(kind, detail.status, detail.shipment !== null))
    throw new AppError(409, 'booking.pdfNotReady', {
      order_no: detail.order_no,
      status: translate(options.requestLocale, `bookingStatus.s${detail.status}` as 'bookingStatus.s0'),
      document: translate(options.requestLocale, `bookingPdf.${kind}`),
    });
  const app = site.app_title || translate(locale, 'config.defaultTitle');
  const theme: PdfTheme = {
    color: site.app_color,
    brand: app,
    logo: await siteLogo(site.booking_logo, options.webDist),
  };
  const w = await PdfWriter.open(theme, {
    title: translate(locale, `pdf.title.${kind}`),
    subtitle: translate(locale, 'pdf.subtitle', {
      order_no: detail.order_no,
      mode: detail.container_mode_name,
      status: detail.status_name,
    }),
    code: detail.order_no,
    lang: locale,
    footer: translate(locale, 'pdf.footer', {
      app,
      time: new Date().toISOString().slice(0, 16).replace('T', ' '),
    }),
  });
  const ctx: Ctx = { locale, detail };
  if (kind === 'booking-note') bookingNote(w, ctx, site.freight_collect);
  else if (kind === 'confirmation') confirmation(w, ctx);
  else if (detail.shipment) siDraft(w, ctx, detail.shipment);
  return { file: await w.finish(), fileName: bookingPdfFileName(detail.order_no, kind, LANG_HEADER[locale]) };
}
