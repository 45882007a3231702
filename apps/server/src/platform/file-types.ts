import { inflateRawSync } from 'node:zlib';

/** A document kind the portal accepts, told from the bytes (never from the name or the sent type). */
export type DocumentKind = 'pdf' | 'jpg' | 'png' | 'xlsx' | 'docx' | 'xls' | 'doc';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
};

const startsWith = (data: Buffer, magic: readonly number[]) => magic.every((byte, i) => data[i] === byte);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The main part content types of the Office Open XML files accepted (macro-enabled ones are not). */
const OOXML_MAIN = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
} as const;

/** Reads one entry of a zip by name from its central directory (stored or deflated, at most 1 MB). */
export function readZipEntry(data: Buffer, entryName: string): Buffer | undefined {
  const min = Math.max(0, data.length - 65_557);
  for (let end = data.length - 22; end >= min; end--) {
    if (data.readUInt32LE(end) !== 0x06054b50) continue;
    const entries = data.readUInt16LE(end + 10);
    let offset = data.readUInt32LE(end + 16);
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return undefined;
      const method = data.readUInt16LE(offset + 10);
      const compressed = data.readUInt32LE(offset + 20);
      const size = data.readUInt32LE(offset + 24);
      const nameLength = data.readUInt16LE(offset + 28);
      const local = data.readUInt32LE(offset + 42);
      const entry = data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
      offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
      if (entry !== entryName) continue;
      if (size > 1024 * 1024 || local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50)
        return undefined;
      const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      const body = data.subarray(start, start + compressed);
      try {
        if (method === 0) return body;
        if (method === 8) return inflateRawSync(body, { maxOutputLength: 1024 * 1024 });
      } catch {
        return undefined;
      }
      return undefined;
    }
    return undefined;
  }
  return undefined;
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/**
 * What a document is, judged by its content: PDF, JPEG, PNG, .xlsx/.docx (a zip whose
 * [Content_Types].xml declares a workbook or a Word document) or .xls/.doc (an OLE2 compound file
 * holding a Workbook or WordDocument stream). Anything else is undefined.
 */
export function sniffDocument(data: Buffer): DocumentKind | undefined {
  if (startsWith(data, PDF)) return 'pdf';
  if (startsWith(data, JPG)) return 'jpg';
  if (startsWith(data, PNG)) return 'png';
  if (startsWith(data, ZIP)) {
    const types = readZipEntry(data, '[Content_Types].xml')?.toString('utf8');
    if (!types) return undefined;
    if (types.includes(OOXML_MAIN.xlsx)) return 'xlsx';
    if (types.includes(OOXML_MAIN.docx)) return 'docx';
    return undefined;
  }
  if (startsWith(data, OLE)) {
    if (data.includes(utf16('WordDocument'))) return 'doc';
    if (data.includes(utf16('Workbook')) || data.includes(utf16('Book\0'))) return 'xls';
    return undefined;
  }
  return undefined;
}
