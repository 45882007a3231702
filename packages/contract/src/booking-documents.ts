import { z } from 'zod';
import { BOOKING_PARTIES, BOOKING_STATUS, type BookingParty } from './booking-state.js';
import { pageQuery, requiredId } from './common.js';
import type { MessageKey } from './i18n/types.js';

/*
 * Booking documents (booking confirmation, B/L, SI, packing list …) and attachments. The
 * upload, download and delete endpoints are listed in booking.ts.
 */

/** Document types, with their catalog label keys. */
export const DOCUMENT_TYPES = [
  'booking_confirmation',
  'draft_bl',
  'bl',
  'shipping_instructions',
  'packing_list',
  'commercial_invoice',
  'vgm',
  'customs_declaration',
  'msds',
  'dg_declaration',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentTypeKey = (type: DocumentType): MessageKey => `documentType.${type}`;

/**
 * Who uploads which document: each side the documents it issues, and both "other". The forwarder
 * issues the booking confirmation and the draft B/L; the customer the shipping instructions, packing
 * list and commercial invoice. Either side may file the final B/L (a carrier often sends it to the
 * shipper directly), the VGM declaration and the customs declaration (made by the shipper or by the
 * forwarder as its broker). Dangerous cargo comes with the shipper's safety data sheet (MSDS) and a
 * dangerous goods declaration, which a forwarder may also make as its agent. The server refuses the
 * other side's types (403).
 */
export const DOCUMENT_TYPES_BY_PARTY = {
  member: [
    'shipping_instructions',
    'packing_list',
    'commercial_invoice',
    'bl',
    'vgm',
    'customs_declaration',
    'msds',
    'dg_declaration',
    'other',
  ],
  forwarder: [
    'booking_confirmation',
    'draft_bl',
    'bl',
    'vgm',
    'customs_declaration',
    'dg_declaration',
    'other',
  ],
} as const satisfies Record<BookingParty, readonly DocumentType[]>;

/** The document types `party` may upload (the upload dialog's choices). */
export function documentTypesFor(party: BookingParty): readonly DocumentType[] {
  return DOCUMENT_TYPES_BY_PARTY[party];
}

/** Documents can be uploaded to a booking in any status but cancelled (40). */
export function canUploadDocuments(status: number): boolean {
  return status !== BOOKING_STATUS.cancelled;
}

/** Upload limits of booking documents: pdf, jpg, png and office files, judged by content. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.xlsx',
  '.xls',
  '.docx',
  '.doc',
] as const;

/**
 * The text fields of POST /api/attachment for a booking document (multipart, besides `file`). A
 * form with neither `order_id` nor `document_type` uploads an attachment instead (see below).
 */
export const documentFields = z.object({
  order_id: requiredId,
  document_type: z.enum(DOCUMENT_TYPES),
  description: z.string().trim().max(255).default(''),
});

export const bookingDocument = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  document_type: z.enum(DOCUMENT_TYPES),
  document_type_name: z.string(),
  description: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.enum(BOOKING_PARTIES),
  /** the uploader's company; '' for the forwarder while it is hidden from the member */
  uploader_name: z.string(),
  /** the person who uploaded it; '' for older documents and while the forwarder is hidden */
  uploader_person: z.string(),
  /** the viewer uploaded it (and may delete it) */
  own: z.boolean(),
  /** GET this with the Bearer header */
  url: z.string(),
  create_time: z.string(),
});
export type BookingDocument = z.infer<typeof bookingDocument>;

/*
 * Attachments: files a member (or forwarder) uploaded that are not (yet) tied to a booking: POST
 * /attachment with only `file`. Each belongs to its uploader alone; anyone else's id answers 404.
 *   GET    /attachment               attachmentQuery → {lists: Attachment[], total}, newest first
 *   GET    /attachment/{id}          → Attachment
 *   GET    /attachment/download/{id} → the file (Content-Disposition: attachment, nosniff)
 *   DELETE /attachment/{id}          → {deleted: 1}
 * Same file rules as documents (pdf, jpg, png, office by content; DOCUMENT_MAX_BYTES); a member
 * keeps at most ATTACHMENT_MAX_COUNT of them (409 beyond).
 */
export const ATTACHMENT_MAX_COUNT = 100;
export const ATTACHMENT_PAGE_SIZE = 20;
export const attachmentQuery = pageQuery(ATTACHMENT_PAGE_SIZE);
/** Attachment ids are UUIDs; anything else answers 404 like an unknown id. */
export const attachmentParams = z.object({ id: z.string().max(64) });

export const attachment = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** GET this with the Bearer header */
  url: z.string(),
  create_time: z.string(),
});
export type Attachment = z.infer<typeof attachment>;
