import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { processImage } from '../../platform/images.js';
import type { FileStorage } from '../../platform/storage.js';
import { countFiles, deleteFiles, type FileRow, findFile, findFilePage, insertFile } from './repo.js';

export type { FileRow } from './repo.js';

/** Company logos are shown to everyone (directory cards); every other file only to its owner. */
const PUBLIC_KINDS = new Set(['logo', 'logo_thumb']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function fileUrl(id: string | null): string | null {
  return id ? `/api/file/${id}` : null;
}

/** Checks, cleans and stores an image and its thumbnail; returns the two file ids. */
export async function storeImage(options: {
  db: Db;
  storage: FileStorage;
  companyId: number;
  kind: 'logo' | 'license';
  data: Buffer;
}): Promise<{ imageId: string; thumbId: string; storageKeys: string[] }> {
  const processed = await processImage(options.data, options.kind);
  const imageKey = await options.storage.put(processed.image, processed.extension);
  const thumbKey = await options.storage.put(processed.thumb, processed.extension);
  const common = { companyId: options.companyId, contentType: processed.contentType };
  const imageId = await insertFile(options.db, {
    ...common,
    kind: options.kind,
    storageKey: imageKey,
    size: processed.image.length,
  });
  const thumbId = await insertFile(options.db, {
    ...common,
    kind: `${options.kind}_thumb`,
    storageKey: thumbKey,
    size: processed.thumb.length,
  });
  return { imageId, thumbId, storageKeys: [imageKey, thumbKey] };
}

/** Removes files (rows and stored bytes) that are no longer referenced. */
export async function removeFiles(options: { db: Db; storage: FileStorage; ids: (string | null)[] }) {
  const rows = await deleteFiles(
    options.db,
    options.ids.filter((id): id is string => id !== null),
  );
  await Promise.all(rows.map((row) => options.storage.remove(row.storageKey)));
}

/** A file as its reader may see it; another member's private file answers 404 like a missing one. */
export async function readFile(options: {
  db: Db;
  storage: FileStorage;
  id: string;
  viewerCompanyId: number | null;
}) {
  if (!UUID.test(options.id)) throw new AppError(404, 'errors.notFound');
  const row = await findFile(options.db, options.id);
  if (!row || (!PUBLIC_KINDS.has(row.kind) && row.companyId !== options.viewerCompanyId))
    throw new AppError(404, 'errors.notFound');
  const data = await options.storage.read(row.storageKey);
  if (!data) throw new AppError(404, 'errors.notFound');
  return { data, contentType: row.contentType, isPublic: PUBLIC_KINDS.has(row.kind) };
}

/**
 * Stores a file as it is (a booking document, an attachment …) under a server-made key; returns its
 * id. `name` is the uploader's (cleaned) file name, kept for files listed by name.
 */
export async function storeFile(options: {
  db: Db;
  storage: FileStorage;
  companyId: number;
  kind: string;
  data: Buffer;
  contentType: string;
  extension: string;
  name?: string;
}): Promise<string> {
  const key = await options.storage.put(options.data, options.extension);
  try {
    return await insertFile(options.db, {
      companyId: options.companyId,
      kind: options.kind,
      storageKey: key,
      contentType: options.contentType,
      size: options.data.length,
      name: options.name ?? null,
    });
  } catch (error) {
    await options.storage.remove(key);
    throw error;
  }
}

/** The bytes of a stored file, for a caller that has already checked who may read it. */
export async function readStoredFile(options: { db: Db; storage: FileStorage; id: string }) {
  if (!UUID.test(options.id)) throw new AppError(404, 'errors.notFound');
  const row = await findFile(options.db, options.id);
  const data = row ? await options.storage.read(row.storageKey) : undefined;
  if (!row || !data) throw new AppError(404, 'errors.notFound');
  return { data, contentType: row.contentType };
}

/** One owner's files of one kind (newest first); nobody else's are ever listed. */
export function listOwnFiles(options: {
  db: Db;
  companyId: number;
  kind: string;
  page: number;
  size: number;
}) {
  return findFilePage(options.db, options);
}

export function countOwnFiles(options: { db: Db; companyId: number; kind: string }): Promise<number> {
  return countFiles(options.db, options.companyId, options.kind);
}

/** A file of `kind` that belongs to `companyId`; anything else (another's, another kind, no UUID) is 404. */
export async function findOwnFile(options: {
  db: Db;
  companyId: number;
  kind: string;
  id: string;
}): Promise<FileRow> {
  const row = UUID.test(options.id) ? await findFile(options.db, options.id) : undefined;
  if (!row || row.companyId !== options.companyId || row.kind !== options.kind)
    throw new AppError(404, 'errors.notFound');
  return row;
}
