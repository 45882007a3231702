import type { BookingDetail, BookingPdfKind, Locale } from '@freight/contract';
import { type PdfMeta, PdfWriter } from '../../platform/pdf/writer.js';
import { bookingNote } from './booking-note.js';
import type { Ctx } from './common.js';
import { confirmation } from './confirmation.js';
import { siDraft } from './si-draft.js';

/**
 * Everything one document is made from, as plain data that crosses to a worker thread: the
 * booking as its reader sees it, the language, the site's look and the header and footer texts.
 */
export type RenderInput = {
  kind: BookingPdfKind;
  locale: Locale;
  detail: BookingDetail;
  freightCollect: string;
  theme: { color: string; brand: string; logo: Uint8Array | undefined };
  meta: PdfMeta;
  maxPages: number;
};

/** What a worker answers: the file, or the page limit it ran into. */
export type RenderOutput = { file: Uint8Array } | { maxPages: number };

/** Lays out the document (in a worker thread: this is the part that takes seconds for a long one). */
export async function renderDocument(input: RenderInput): Promise<Buffer> {
  const { theme, detail, locale, kind } = input;
  const logo = theme.logo
    ? Buffer.from(theme.logo.buffer, theme.logo.byteOffset, theme.logo.length)
    : undefined;
  const w = await PdfWriter.open(
    { color: theme.color, brand: theme.brand, logo },
    input.meta,
    input.maxPages,
  );
  const ctx: Ctx = { locale, detail };
  if (kind === 'booking-note') bookingNote(w, ctx, input.freightCollect);
  else if (kind === 'confirmation') confirmation(w, ctx);
  else if (detail.shipment) siDraft(w, ctx, detail.shipment);
  return w.finish();
}
