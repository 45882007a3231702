import { readZipEntry } from './zip.js';

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

/** The most of [Content_Types].xml inflated to tell a document's kind (real ones are a few KB). */
const MAX_CONTENT_TYPES = 1024 * 1024;

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
    const types = readZipEntry(data, '[Content_Types].xml', MAX_CONTENT_TYPES)?.toString('utf8');
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
