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

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real zip whose one entry inflates from a few KB to `size` bytes: a zip bomb named .xlsx. */
export function zipBomb(size: number): Buffer {
  const content = Buffer.alloc(size, 0x41);
  const compressed = deflateRawSync(content, { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, compressed]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}
