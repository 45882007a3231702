import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/** An .xlsx made with SheetJS from rows of values (cells given as objects keep their type, e.g. formulas). */
export function xlsx(rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

export function readXlsx(data: Buffer): { sheets: string[]; rows: (sheet: string) => unknown[][] } {
  const workbook = XLSX.read(data, { type: 'buffer' });
  return {
    sheets: workbook.SheetNames,
    rows: (sheet) =>
      XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[sheet] as XLSX.WorkSheet, { header: 1 }),
  };
}

export function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A little-endian record: a 4-byte signature, then fields given as [offset, width, value]. */
function record(length: number, signature: number, fields: [number, 2 | 4, number][]): Buffer {
  const buffer = Buffer.alloc(length);
  buffer.writeUInt32LE(signature, 0);
  for (const [at, width, value] of fields)
    if (width === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value, at);
  return buffer;
}

/**
 * A zip of the given entries (deflated), written by hand so that tests control every byte;
 * `declare` overrides the sizes its directories state.
 */
export function zip(
  files: Record<string, string | Buffer>,
  declare?: (size: number, name: string) => number,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [entryName, body] of Object.entries(files)) {
    const content = typeof body === 'string' ? Buffer.from(body) : body;
    const packed = deflateRawSync(content, { level: 9 });
    const name = Buffer.from(entryName);
    const crc = crc32(content);
    const size = declare ? declare(content.length, entryName) : content.length;
    // Version 2.0, method 8 (deflate), CRC, compressed and stated size, name length.
    const local = record(30, 0x04034b50, [
      [4, 2, 20],
      [8, 2, 8],
      [14, 4, crc],
      [18, 4, packed.length],
      [22, 4, size],
      [26, 2, name.length],
    ]);
    const central = record(46, 0x02014b50, [
      [4, 2, 20],
      [6, 2, 20],
      [10, 2, 8],
      [16, 4, crc],
      [20, 4, packed.length],
      [24, 4, size],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    const localPart = Buffer.concat([local, name, packed]);
    locals.push(localPart);
    centrals.push(Buffer.concat([central, name]));
    offset += localPart.length;
  }
  const centralPart = Buffer.concat(centrals);
  const end = record(22, 0x06054b50, [
    [8, 2, centrals.length],
    [10, 2, centrals.length],
    [12, 4, centralPart.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, centralPart, end]);
}

/** A real zip whose one entry inflates from a few KB to `size` bytes: a zip bomb named .xlsx. */
export function zipBomb(size: number): Buffer {
  return zip({ 'xl/worksheets/sheet1.xml': Buffer.alloc(size, 0x41) });
}
