import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside `file` when it is at
 * least 1 KB and each encoding makes it smaller, so the server sends them as they are by the
 * request's Accept-Encoding (@fastify/static `preCompressed`): the best ratio at no cost per request.
 */
export function writeCompressed(file: string): void {
  const source = fs.readFileSync(file);
  if (source.length < 1024) return;
  const brotli = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (brotli.length < source.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < source.length) fs.writeFileSync(`${file}.gz`, gzip);
}
