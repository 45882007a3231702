import { z } from 'zod';
import { BOOKING_STATUS, type BookingAction } from './booking-state.js';
import { idParams } from './common.js';

/*
 * The booking's PDF documents, made by the server from the booking's data:
 *   GET /api/order/{id}/pdf/{kind}?lang=cn|en&disposition=attachment|inline
 * for the booking's member and the forwarder it is addressed to (anyone else: 404), in the
 * chosen language (default: the request's Lang). A document the booking cannot have yet answers
 * 409 booking.pdfNotReady.
 *   booking-note   订舱委托书: parties, route, cargo lines with totals, ready date, Incoterm, remarks
 *   confirmation   放舱通知: SO number, vessel/voyage, ETD/ETA, cut-offs, depot and terminal
 *   si             补料 (SI draft): the B/L's parties, B/L type and originals, containers with figures
 */
export const BOOKING_PDF_KINDS = ['booking-note', 'confirmation', 'si'] as const;
export type BookingPdfKind = (typeof BOOKING_PDF_KINDS)[number];

export const bookingPdfParams = idParams.extend({ kind: z.enum(BOOKING_PDF_KINDS) });
export const bookingPdfQuery = z.object({
  lang: z.enum(['cn', 'en']).optional(),
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});
export type BookingPdfQuery = z.input<typeof bookingPdfQuery>;

const S = BOOKING_STATUS;
/**
 * Whether a booking in `status` has the document `kind`: the booking note always; the confirmation
 * once space is released (and not cancelled); the SI draft once shipping instructions were given
 * in the portal (`hasInstructions`).
 */
export function isBookingPdfReady(kind: BookingPdfKind, status: number, hasInstructions: boolean): boolean {
  if (kind === 'booking-note') return true;
  if (kind === 'confirmation') return ([S.released, S.instructed, S.shipped] as number[]).includes(status);
  return hasInstructions && status !== S.cancelled;
}

/**
 * The document a change's mail carries, made for its recipient in the recipient's language: the
 * release mail to the member carries the forwarder's booking confirmation (放舱通知).
 */
export const BOOKING_MAIL_PDF: Partial<Record<BookingAction, BookingPdfKind>> = { release: 'confirmation' };

/** The documents a booking offers now (the detail page's buttons). */
export function bookingPdfKinds(status: number, hasInstructions: boolean): BookingPdfKind[] {
  return BOOKING_PDF_KINDS.filter((kind) => isBookingPdfReady(kind, status, hasInstructions));
}

/** The file name of a document: the order number and the kind, ASCII only. */
export function bookingPdfFileName(orderNo: string, kind: BookingPdfKind, lang: 'cn' | 'en'): string {
  return `${orderNo.replace(/[^A-Za-z0-9-]/g, '')}-${kind}-${lang}.pdf`;
}
