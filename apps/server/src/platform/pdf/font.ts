import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/*
 * The CJK font of the PDF documents: Noto Sans SC (SIL Open Font License 1.1) from the
 * @fontsource/noto-sans-sc package, its "chinese-simplified" file, which also holds Latin. It is
 * read on the first document, not at start-up, and kept for the process. pdfkit embeds only the
 * glyphs a document uses (a subset), so a file stays a few KB of font.
 */
const FONT_FILE = '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff';

/**
 * A WOFF 1.0 file as the plain TrueType font it wraps. fontkit (inside pdfkit) reads WOFF, but
 * inflates a table on every read, and subsetting reads `glyf` once per glyph: 4-6 s per document.
 * Inflated once here, a document takes tens of milliseconds.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const size = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < size ? zlib.inflateSync(raw) : raw,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let loading: Promise<Buffer> | undefined;

/** The documents' font as TrueType, read and inflated once (about 25 ms) on first use. */
export function documentFont(): Promise<Buffer> {
  loading ??= (async () => woffToSfnt(await readFile(createRequire(import.meta.url).resolve(FONT_FILE))))();
  loading.catch(() => (loading = undefined));
  return loading;
}
