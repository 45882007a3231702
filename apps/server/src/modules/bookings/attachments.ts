import {
  ATTACHMENT_MAX_COUNT,
  type Attachment,
  DOCUMENT_MAX_BYTES,
  type ListData,
  type Locale,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { DOCUMENT_CONTENT_TYPES, sniffDocument } from '../../platform/file-types.js';
import type { MultipartData } from '../../platform/multipart.js';
import type { FileStorage } from '../../platform/storage.js';
import {
  countOwnFiles,
  type FileRow,
  findOwnFile,
  listOwnFiles,
  readStoredFile,
  removeFiles,
  storeFile,
} from '../files/service.js';
import { documentFileName } from './documents.js';

/** The `files.kind` of an attachment: a file of its uploader alone, not tied to a booking. */
const KIND = 'attachment';

type Common = { db: Db; viewerCompanyId: number; locale: Locale };

function present(row: FileRow): Attachment {
  return {
    id: row.id,
    file_name: row.name ?? `attachment.${row.storageKey.split('.').pop() ?? 'bin'}`,
    content_type: row.contentType,
    size: row.size,
    url: `/api/attachment/download/${row.id}`,
    create_time: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/attachment with only `file`: the same file rules as a booking document (kind judged by
 * content, at most DOCUMENT_MAX_BYTES), kept under a server-made name with the cleaned client name.
 */
export async function uploadAttachment(
  options: Common & { storage: FileStorage; form: MultipartData },
): Promise<Attachment> {
  const { db, form } = options;
  const file = form.files.file;
  if (!file) throw new AppError(400, 'validation.required', {}, [{ field: 'file' }]);
  if (file.length > DOCUMENT_MAX_BYTES)
    throw new AppError(413, 'booking.documentTooLarge', {}, [{ field: 'file' }]);
  const kind = sniffDocument(file);
  if (!kind) throw new AppError(415, 'booking.documentFileType', {}, [{ field: 'file' }]);
  if ((await countOwnFiles({ db, companyId: options.viewerCompanyId, kind: KIND })) >= ATTACHMENT_MAX_COUNT)
    throw new AppError(409, 'booking.attachmentLimit', { max: ATTACHMENT_MAX_COUNT });
  const id = await storeFile({
    db,
    storage: options.storage,
    companyId: options.viewerCompanyId,
    kind: KIND,
    data: file,
    contentType: DOCUMENT_CONTENT_TYPES[kind],
    extension: kind,
    name: documentFileName(form.fileNames.file ?? '', kind),
  });
  return getAttachment({ ...options, id });
}

/** GET /api/attachment: the viewer's own attachments, newest first. */
export async function listAttachments(
  options: Common & { page: number; size: number },
): Promise<ListData<Attachment>> {
  const { rows, total } = await listOwnFiles({
    db: options.db,
    companyId: options.viewerCompanyId,
    kind: KIND,
    page: options.page,
    size: options.size,
  });
  return { lists: rows.map(present), total };
}

/** GET /api/attachment/{id}: only its uploader; anyone else's id answers 404 like a missing one. */
export async function getAttachment(options: Common & { id: string }): Promise<Attachment> {
  return present(
    await findOwnFile({ db: options.db, companyId: options.viewerCompanyId, kind: KIND, id: options.id }),
  );
}

/** The bytes, type and name of the viewer's own attachment. */
export async function downloadAttachment(options: Common & { storage: FileStorage; id: string }) {
  const row = await findOwnFile({
    db: options.db,
    companyId: options.viewerCompanyId,
    kind: KIND,
    id: options.id,
  });
  const file = await readStoredFile({ db: options.db, storage: options.storage, id: row.id });
  return { data: file.data, contentType: file.contentType, fileName: present(row).file_name };
}

/** DELETE /api/attachment/{id}: only its uploader (404 for anyone else). */
export async function removeAttachment(
  options: Common & { storage: FileStorage; id: string },
): Promise<{ deleted: number }> {
  const row = await findOwnFile({
    db: options.db,
    companyId: options.viewerCompanyId,
    kind: KIND,
    id: options.id,
  });
  await removeFiles({ db: options.db, storage: options.storage, ids: [row.id] });
  return { deleted: 1 };
}
