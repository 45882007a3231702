import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type BookingDetail,
  type BookingPdfKind,
  bookingPdfFileName,
  isBookingPdfReady,
  LANG_HEADER,
  type Locale,
  PDF_LIMITS,
  translate,
  formatInstant,
  zoneLabel,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
// reading.js, not service.js: the booking mails (bookings/notify.ts) attach these documents.
import { getBookingForParty } from '../bookings/reading.js';
import { getSiteConfig } from '../system/service.js';
import type { PdfDocuments } from './documents.js';
import type { RenderInput } from './render.js';

export type BookingPdf = { file: Buffer; fileName: string; etag: string };

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

/** The rows a document lists in its table: the booking note's lines, the SI draft's containers. */
function rowsOf(kind: BookingPdfKind, detail: BookingDetail): number {
  // The booking note prints a row per commodity: an equipment group of three takes three.
  if (kind === 'booking-note')
    return (
      detail.containers.reduce((sum, line) => sum + Math.max(1, line.commodities.length), 0) +
      detail.cargo_items.length
    );
  if (kind === 'si') return detail.shipment?.containers.length ?? 0;
  return 0;
}

const digest = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url');

/**
 * One of a booking's PDF documents, for its member or its forwarder (anyone else: 404), in
 * `locale`. A document the booking cannot have yet (the confirmation before release, the SI
 * draft before instructions): 409 booking.pdfNotReady in the request's language; one with more
 * rows than PDF_LIMITS.maxRows or running past PDF_LIMITS.maxPages: 422. The document is made on a
 * worker thread (documents.ts), in turn with the other documents of the viewer's company, or
 * answered from the documents already made of the same booking version. `etag` names the bytes.
 */
export async function renderBookingPdf(options: {
  db: Db;
  documents: PdfDocuments;
  webDist: string;
  viewerCompanyId: number;
  authorities: readonly string[];
  id: number;
  kind: BookingPdfKind;
  /** the document's language */
  locale: Locale;
  /** the language of a refusal */
  requestLocale: Locale;
  /** pages at most (PDF_LIMITS.maxPages unless the server is configured otherwise) */
  maxPages?: number | undefined;
  /** false: wait for a turn however long the queue (a mail's attachment, owed by the server) */
  bounded?: boolean;
}): Promise<BookingPdf> {
  const { locale, kind, requestLocale } = options;
  const [{ detail }, site] = await Promise.all([
    getBookingForParty({ ...options, locale }),
    getSiteConfig({ db: options.db }),
  ]);
  const documentName = translate(requestLocale, `bookingPdf.${kind}`);
  if (!isBookingPdfReady(kind, detail.status, detail.shipment !== null))
    throw new AppError(409, 'booking.pdfNotReady', {
      order_no: detail.order_no,
      status: translate(requestLocale, `bookingStatus.s${detail.status}` as 'bookingStatus.s0'),
      document: documentName,
    });
  const rows = rowsOf(kind, detail);
  if (rows > PDF_LIMITS.maxRows)
    throw new AppError(422, 'booking.pdfTooManyRows', {
      document: documentName,
      order_no: detail.order_no,
      rows,
      max: PDF_LIMITS.maxRows,
    });
  const app = site.app_title || translate(locale, 'config.defaultTitle');
  const logo = await siteLogo(site.booking_logo, options.webDist);
  const maxPages = options.maxPages ?? PDF_LIMITS.maxPages;
  const input: RenderInput = {
    kind,
    locale,
    detail,
    freightCollect: site.freight_collect,
    theme: { color: site.app_color, brand: app, logo },
    meta: {
      title: translate(locale, `pdf.title.${kind}`),
      subtitle: translate(locale, 'pdf.subtitle', {
        order_no: detail.order_no,
        mode: detail.container_mode_name,
        status: detail.status_name,
      }),
      code: detail.order_no,
      lang: locale,
      // The time the document was made: a cached copy keeps the time of its first making.
      footer: translate(locale, 'pdf.footer', {
        app,
        time: formatInstant(new Date(), locale, site.time_zone),
        zone: zoneLabel(site.time_zone),
      }),
    },
    maxPages,
  };
  // Everything the document shows but the time in its footer: the booking at its version
  // (update_time, as this reader sees it), the kind and language, the site's look.
  const key = digest(
    JSON.stringify([kind, locale, app, site.app_color, site.freight_collect, maxPages, detail]) +
      (logo ? digest(logo) : ''),
  );
  const file = await options.documents.render({
    company: options.viewerCompanyId,
    key,
    input,
    documentName,
    bounded: options.bounded ?? true,
  });
  return {
    file,
    fileName: bookingPdfFileName(detail.order_no, kind, LANG_HEADER[locale]),
    etag: `"${key}"`,
  };
}
