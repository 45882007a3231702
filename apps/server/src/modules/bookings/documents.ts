import {
  type BookingDocument,
  type BookingParty,
  canUploadDocuments,
  DOCUMENT_MAX_BYTES,
  documentFields,
  documentTypeKey,
  documentTypesFor,
  type ListData,
  type Locale,
  PARSE_OPTIONS,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { DOCUMENT_CONTENT_TYPES, type DocumentKind, sniffDocument } from '../../platform/file-types.js';
import type { MultipartData } from '../../platform/multipart.js';
import type { FileStorage } from '../../platform/storage.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { readStoredFile, removeFiles, storeFile } from '../files/service.js';
import { raiseEvent } from '../events/service.js';
import { hidesForwarder } from './present.js';
import { presentDocument } from './present-detail.js';
import { deleteDocument, documentsOf, findBookingOfParty, findDocument, insertDocument } from './repo.js';

/** `authorities`: the viewer's, which decide whether the forwarder is named (hidesForwarder). */
type Common = {
  db: Db;
  viewerCompanyId: number;
  locale: Locale;
  authorities?: readonly string[] | undefined;
};

/**
 * A document's line in the activity trail: its booking's order number and its file name. The
 * object is the booking (a document has no page of its own; the trail links to its booking).
 */
function recordDocument(
  tx: Db,
  actor: Actor,
  action: 'create' | 'delete',
  booking: { id: number; orderNo: string },
  fileName: string,
) {
  return recordActivity(tx, actor, {
    kind: 'document',
    action,
    objectId: booking.id,
    label: `${booking.orderNo} · ${fileName}`,
  });
}

/** Whether the viewer, as this booking's member or its forwarder, is kept from the forwarder's name. */
function hidden(
  options: Common,
  booking: { companyId: number; fromQuote: boolean; acceptedAt: Date | null },
): boolean {
  const party: BookingParty = booking.companyId === options.viewerCompanyId ? 'member' : 'forwarder';
  return hidesForwarder({ party, authorities: options.authorities }, booking);
}

/** The extensions a file of each kind may be called by; anything else gets the kind's own appended. */
const EXTENSIONS: Record<DocumentKind, string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  xlsx: ['xlsx'],
  docx: ['docx'],
  xls: ['xls'],
  doc: ['doc'],
};

/** A display name from the client's file name: no path, no control characters, the right extension. */
export function documentFileName(clientName: string, kind: DocumentKind): string {
  const base = (clientName.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  const extension = /\.([a-z0-9]+)$/i.exec(base)?.[1]?.toLowerCase();
  if (base && extension && EXTENSIONS[kind].includes(extension)) return base;
  return `${base || 'document'}.${kind}`;
}

async function visibleBooking(db: Db, viewerCompanyId: number, bookingId: number) {
  const booking = await findBookingOfParty(db, viewerCompanyId, bookingId);
  if (!booking) throw new AppError(404, 'errors.notFound');
  return booking;
}

/**
 * POST /api/attachment: a document of a booking, from its member or its forwarder. The kind is
 * judged by content (pdf, jpg, png, xlsx, docx, xls, doc; else 415); it is stored under a
 * server-made name. A cancelled booking takes no more documents (409), and each side uploads only
 * its own document types (403: a customer cannot upload a B/L).
 */
export async function uploadDocument(
  options: Common & { actor: Actor; storage: FileStorage; form: MultipartData },
): Promise<BookingDocument> {
  const { db, form } = options;
  const parsed = documentFields.safeParse(form.fields, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const file = form.files.file;
  if (!file) throw new AppError(400, 'validation.required', {}, [{ field: 'file' }]);
  if (file.length > DOCUMENT_MAX_BYTES)
    throw new AppError(413, 'booking.documentTooLarge', {}, [{ field: 'file' }]);
  const booking = await visibleBooking(db, options.viewerCompanyId, parsed.data.order_id);
  if (!canUploadDocuments(booking.status))
    throw new AppError(409, 'booking.documentsClosed', { order_no: booking.orderNo });
  const party: BookingParty = booking.companyId === options.viewerCompanyId ? 'member' : 'forwarder';
  const type = parsed.data.document_type;
  if (!documentTypesFor(party).includes(type))
    throw new AppError(
      403,
      party === 'member' ? 'booking.documentTypeForwarderOnly' : 'booking.documentTypeMemberOnly',
      { type: translate(options.locale, documentTypeKey(type)) },
      [{ field: 'document_type' }],
    );
  const kind = sniffDocument(file);
  if (!kind) throw new AppError(415, 'booking.documentFileType', {}, [{ field: 'file' }]);
  const fileId = await storeFile({
    db,
    storage: options.storage,
    companyId: options.viewerCompanyId,
    kind: 'document',
    data: file,
    contentType: DOCUMENT_CONTENT_TYPES[kind],
    extension: kind,
  });
  let id: number;
  const fileName = documentFileName(form.fileNames.file ?? '', kind);
  try {
    id = await db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, {
        bookingId: booking.id,
        fileId,
        uploaderId: options.viewerCompanyId,
        uploaderRole: party,
        uploaderPerson: options.actor.name,
        documentType: type,
        description: parsed.data.description,
        fileName,
      });
      await recordDocument(tx, options.actor, 'create', booking, fileName);
      await raiseEvent(tx, options.actor, { kind: 'document', document: fileName, ids: [booking.id] });
      return inserted;
    });
  } catch (error) {
    await removeFiles({ db, storage: options.storage, ids: [fileId] });
    throw error;
  }
  return getDocument({ ...options, id });
}

/** GET /api/order/document/{id}: the documents of a booking, oldest first. */
export async function listDocuments(
  options: Common & { bookingId: number },
): Promise<ListData<BookingDocument>> {
  const booking = await visibleBooking(options.db, options.viewerCompanyId, options.bookingId);
  const rows = await documentsOf(options.db, options.bookingId, options.locale === 'zh-CN');
  const hide = hidden(options, booking);
  return {
    lists: rows.map((row) => presentDocument(row, options.viewerCompanyId, options.locale, hide)),
    total: rows.length,
  };
}

export async function getDocument(options: Common & { id: number }): Promise<BookingDocument> {
  const row = await findDocument(options.db, options.viewerCompanyId, options.id, options.locale === 'zh-CN');
  if (!row) throw new AppError(404, 'errors.notFound');
  return presentDocument(row, options.viewerCompanyId, options.locale, hidden(options, row.booking));
}

/** The bytes, type and name of a document its booking's member or forwarder may read. */
export async function downloadDocument(options: Common & { storage: FileStorage; id: number }) {
  const row = await findDocument(options.db, options.viewerCompanyId, options.id, false);
  if (!row) throw new AppError(404, 'errors.notFound');
  const file = await readStoredFile({ db: options.db, storage: options.storage, id: row.document.fileId });
  return { data: file.data, contentType: file.contentType, fileName: row.document.fileName };
}

/** DELETE /api/document/{id}: only by its uploader (the other side gets 403; strangers 404). */
export async function removeDocument(
  options: Common & { actor: Actor; storage: FileStorage; id: number },
): Promise<{ deleted: number }> {
  const row = await findDocument(options.db, options.viewerCompanyId, options.id, false);
  if (!row) throw new AppError(404, 'errors.notFound');
  if (row.document.uploaderId !== options.viewerCompanyId) throw new AppError(403, 'booking.documentNotOwn');
  await options.db.transaction(async (tx) => {
    await deleteDocument(tx, row.document.id);
    await recordDocument(tx, options.actor, 'delete', row.booking, row.document.fileName);
  });
  await removeFiles({ db: options.db, storage: options.storage, ids: [row.document.fileId] });
  return { deleted: 1 };
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
