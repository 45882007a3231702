import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  builtInFormat,
  type CellFormat,
  cellFormat,
  cellValue,
  columnOf,
  unescapeText,
} from './xlsx-values.js';
import { entryData, inflateEntry, ZipError, type ZipEntry, zipEntries } from './zip.js';

/**
 * A streaming reader of the first worksheet of an .xlsx, for imports. The upload is already in
 * memory (its size is capped); what this avoids is the parsed workbook: the sheet's XML is inflated
 * and parsed a chunk at a time and handed over a row at a time, so a 50,000-row sheet costs the
 * rows the caller keeps, not a cell object for every cell (SheetJS holds ~170 MB for such a sheet).
 *
 * Cells are read as text the way an import wants them: shared and inline strings as written,
 * numbers in their shortest exact form (no thousands separators, no exponent for phone numbers),
 * dates (cells whose number format is a date) as YYYY-MM-DD, booleans as TRUE/FALSE, formulas as
 * their cached value (never evaluated).
 */

/** Why a file could not be read; the caller turns it into the localized refusal. */
export class XlsxError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooLarge' | 'tooManyRows') {
    super(reason);
  }
}

/** Nesting deeper than any spreadsheet part has (a sheet's deepest text is 7 levels down). */
const MAX_DEPTH = 64;
/** Excel's own limit for the text of a cell. */
const MAX_CELL_TEXT = 32_767;
/** Longest relationship target read. */
const MAX_TARGET = 2_048;

/** What a zip error means for the sheet. */
function fromZip<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ZipError) throw new XlsxError(error.reason);
    throw error;
  }
}

/** The entries by name: compared case-insensitively, as Excel does; a leading slash is not part of it. */
function entriesByName(data: Buffer): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  fromZip(() => {
    for (const entry of zipEntries(data)) entries.set(entry.name.replace(/^\//, '').toLowerCase(), entry);
  });
  return entries;
}

/** A small part (workbook, relations, styles, shared strings) inflated whole, within the budget. */
function readPart(data: Buffer, entry: ZipEntry | undefined, budget: { left: number }): string | undefined {
  if (!entry) return undefined;
  const bytes = fromZip(() => inflateEntry(data, entry, budget.left));
  budget.left -= bytes.length;
  return bytes.toString('utf8');
}

/** Tag names without their namespace prefix (some writers use `x:row`). */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Parses a whole (small) XML part, calling `open`/`close` with local tag names. */
function parseXml(
  xml: string,
  handlers: {
    open?: (tag: SaxesTagPlain, name: string) => void;
    close?: (name: string) => void;
    text?: (t: string) => void;
  },
): void {
  const parser = new SaxesParser();
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (++depth > MAX_DEPTH) throw new XlsxError('unreadable');
    handlers.open?.(tag, local(tag.name));
  });
  parser.on('closetag', (tag) => {
    depth--;
    handlers.close?.(local(tag.name));
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  try {
    parser.write(xml).close();
  } catch {
    throw new XlsxError('unreadable');
  }
}

const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  const value = tag.attributes[name];
  if (value !== undefined) return value;
  for (const [key, v] of Object.entries(tag.attributes)) if (local(key) === name) return v;
  return undefined;
};

/** The path of the workbook's first sheet, and whether its dates count from 1904. */
function firstSheet(data: Buffer, entries: Map<string, ZipEntry>, budget: { left: number }) {
  const workbook = readPart(data, entries.get('xl/workbook.xml'), budget);
  let relationId: string | undefined;
  let date1904 = false;
  if (workbook)
    parseXml(workbook, {
      open: (tag, name) => {
        if (name === 'sheet' && relationId === undefined) relationId = attr(tag, 'id');
        if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attr(tag, 'date1904') ?? '');
      },
    });
  let target: string | undefined;
  const rels = readPart(data, entries.get('xl/_rels/workbook.xml.rels'), budget);
  if (rels && relationId !== undefined)
    parseXml(rels, {
      open: (tag, name) => {
        if (name === 'Relationship' && attr(tag, 'Id') === relationId) target = attr(tag, 'Target');
        if (target !== undefined && target.length > MAX_TARGET) throw new XlsxError('unreadable');
      },
    });
  const path = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`.replace(/[^/]+\/\.\.\//g, '')
    : 'xl/worksheets/sheet1.xml';
  return { path: path.toLowerCase(), date1904 };
}

/** Text of every `<si>`: its `<t>`s, rich-text runs joined, phonetic guides (`<rPh>`) left out. */
function sharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  parseXml(xml, {
    open: (_tag, name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') strings.push(unescapeText(current));
      else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (!inText) return;
      current += text;
      if (current.length > MAX_CELL_TEXT) throw new XlsxError('unreadable');
    },
  });
  return strings;
}

/** For each cell style index, what its number format changes in the cell's text. */
function cellFormats(xml: string | undefined): CellFormat[] {
  const formats: CellFormat[] = [];
  if (!xml) return formats;
  const custom = new Map<number, CellFormat>();
  let inCellXfs = false;
  parseXml(xml, {
    open: (tag, name) => {
      if (name === 'numFmt')
        custom.set(Number(attr(tag, 'numFmtId')), cellFormat(attr(tag, 'formatCode') ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attr(tag, 'numFmtId') ?? 0);
        formats.push(custom.get(id) ?? builtInFormat(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

/** Excel's last row: a row numbered past it is refused (as rows without numbers count up). */
const MAX_SHEET_ROW = 1_048_576;

/** A row of the sheet: its number (1-based, as Excel shows it) and its cells' text by column. */
export type XlsxRow = { row: number; values: string[] };

/**
 * The rows of the first sheet, read while the sheet is inflated. `maxColumns` bounds the cells kept
 * per row; `maxUncompressedBytes` bounds everything inflated, whatever the zip's directory claims.
 */
export async function* readXlsxRows(
  data: Buffer,
  options: { maxColumns: number; maxUncompressedBytes: number },
): AsyncGenerator<XlsxRow> {
  const entries = entriesByName(data);
  const budget = { left: options.maxUncompressedBytes };
  const sheet = firstSheet(data, entries, budget);
  const sheetEntry = entries.get(sheet.path);
  if (!sheetEntry) throw new XlsxError('unreadable');
  const strings = sharedStrings(readPart(data, entries.get('xl/sharedstrings.xml'), budget));
  const formats = cellFormats(readPart(data, entries.get('xl/styles.xml'), budget));

  const ready: XlsxRow[] = [];
  let rowNumber = 0;
  let values: string[] = [];
  let column = -1;
  let type = '';
  let style = 0;
  let text = '';
  let inValue = false; // inside <v>, or <t> of an inline string
  let inInline = false;
  let phonetic = 0;
  let failed = false;
  let tooManyRows = false;

  const parser = new SaxesParser();
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (++depth > MAX_DEPTH) failed = true;
    switch (local(tag.name)) {
      case 'row': {
        const r = Number(attr(tag, 'r'));
        rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
        values = [];
        column = -1;
        break;
      }
      case 'c': {
        const ref = attr(tag, 'r');
        column = ref ? columnOf(ref) : column + 1;
        type = attr(tag, 't') ?? 'n';
        style = Number(attr(tag, 's') ?? 0);
        text = '';
        break;
      }
      case 'v':
        inValue = !inInline;
        break;
      case 'is':
        inInline = true;
        break;
      case 'rPh':
        phonetic++;
        break;
      case 't':
        if (inInline && phonetic === 0) inValue = true;
        break;
    }
  });
  const onText = (chunk: string) => {
    if (!inValue) return;
    text += chunk;
    if (text.length > MAX_CELL_TEXT) failed = true;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    depth--;
    switch (local(tag.name)) {
      case 'v':
      case 't':
        inValue = false;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        phonetic--;
        break;
      case 'c': {
        if (column < 0 || column >= options.maxColumns || text === '') break;
        const value = cellValue(type, text, { strings, format: formats[style], date1904: sheet.date1904 });
        while (values.length < column) values.push('');
        values[column] = value;
        break;
      }
      case 'row':
        // Past Excel's last row the file is not a sheet; empty rows cost nothing downstream.
        if (rowNumber > MAX_SHEET_ROW) tooManyRows = true;
        else if (values.length > 0) ready.push({ row: rowNumber, values });
        break;
    }
  });
  parser.on('error', () => {
    failed = true;
  });

  const inflate = sheetEntry.method === 0 ? undefined : createInflateRaw();
  const source = fromZip(() => entryData(data, sheetEntry));
  const decoder = new TextDecoder('utf-8');
  const slices = () => {
    const out: Buffer[] = [];
    for (let at = 0; at < source.length; at += 65_536) out.push(source.subarray(at, at + 65_536));
    return out;
  };
  const chunks: AsyncIterable<Buffer> | Buffer[] = inflate ?? slices();
  inflate?.end(source);
  try {
    for await (const chunk of chunks) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw new XlsxError('tooLarge');
      parser.write(decoder.decode(chunk, { stream: true }));
      if (failed) throw new XlsxError('unreadable');
      if (tooManyRows) throw new XlsxError('tooManyRows');
      for (const row of ready) yield row;
      ready.length = 0;
    }
    parser.write(decoder.decode()).close();
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    throw new XlsxError('unreadable');
  } finally {
    inflate?.destroy();
  }
  if (failed) throw new XlsxError('unreadable');
  if (tooManyRows) throw new XlsxError('tooManyRows');
  yield* ready;
}
