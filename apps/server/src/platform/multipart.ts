import type { MessageKey } from '@freight/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { isStorableText } from './validation.js';

export type MultipartData = {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  fileNames: Record<string, string>;
};

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  );
}

/**
 * The buffer of each part. busboy 3.2 stalls for good when a part's data fills this buffer in one
 * go and the part then ends (e.g. a part without any header, over 16 KB, sent in one chunk): the
 * parser waits for a read that never comes, and the request is never answered. Parts are read
 * whole anyway (and cut off at their size limit), so a buffer larger than any request body means
 * the parser never waits.
 */
const PART_BUFFER_BYTES = 1024 * 1024 * 1024;

/**
 * Reads a multipart form into text fields and whole files. Only the named file fields are taken,
 * each once; a file over the route's size limit is refused with 413 (never cut short silently).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: {
    fileFields: readonly string[];
    maxFileBytes: number;
    tooLargeKey: MessageKey;
  },
): Promise<MultipartData> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupportedMediaType');
  const data: MultipartData = {
    fields: Object.create(null) as Record<string, string>,
    files: Object.create(null) as Record<string, Buffer>,
    fileNames: Object.create(null) as Record<string, string>,
  };
  let current = 'body';
  try {
    const parts = request.parts({
      fileHwm: PART_BUFFER_BYTES,
      limits: {
        fileSize: options.maxFileBytes,
        files: options.fileFields.length + 1,
        fields: 60,
        fieldSize: 20_000,
        parts: 80,
      },
    });
    for await (const part of parts) {
      current = part.fieldname;
      if (part.type === 'file') {
        if (!options.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new AppError(400, 'account.unknownFile', { field: part.fieldname }, [
            { field: part.fieldname },
          ]);
        }
        if (part.fieldname in data.files) {
          part.file.resume();
          throw new AppError(400, 'account.oneFile', {}, [{ field: part.fieldname }]);
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated)
          throw new AppError(413, options.tooLargeKey, {}, [{ field: part.fieldname }]);
        if (buffer.length > 0) {
          data.files[part.fieldname] = buffer;
          data.fileNames[part.fieldname] = part.filename;
        }
      } else if (typeof part.value === 'string') {
        if (!isStorableText(part.value) || !isStorableText(part.fieldname))
          throw new AppError(400, 'validation.invalidChars', {}, [{ field: part.fieldname }]);
        data.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError(400, 'account.oneFile', {}, [{ field: current }]);
    if (isTooLarge(error)) throw new AppError(413, options.tooLargeKey, {}, [{ field: current }]);
    // Anything else here is the form itself: no or a wrong boundary, a stream cut short, a
    // malformed part header, a "__proto__" field name … (busboy's errors carry no status).
    throw new AppError(400, 'errors.malformedUpload', {}, [{ field: current }]);
  }
  return data;
}
