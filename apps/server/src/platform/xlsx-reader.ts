import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

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

type Entry = { name: string; method: number; compressedSize: number; size: number; dataOffset: number };

/** The zip's entries from its central directory; sizes above 4 GB (zip64) are refused. */
function zipEntries(data: Buffer): Map<string, Entry> {
  const min = Math.max(0, data.length - 65_557);
  for (let i = data.length - 22; i >= min; i--) {
    if (data.readUInt32LE(i) !== 0x06054b50) continue;
    const count = data.readUInt16LE(i + 10);
    let offset = data.readUInt32LE(i + 16);
    const entries = new Map<string, Entry>();
    for (let n = 0; n < count; n++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50)
        throw new XlsxError('unreadable');
      const method = data.readUInt16LE(offset + 10);
      const compressedSize = data.readUInt32LE(offset + 20);
      const size = data.readUInt32LE(offset + 24);
      const nameLength = data.readUInt16LE(offset + 28);
      const local = data.readUInt32LE(offset + 42);
      const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
      offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
      if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff)
        throw new XlsxError('unreadable');
      if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50)
        throw new XlsxError('unreadable');
      const dataOffset = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      if (dataOffset + compressedSize > data.length) throw new XlsxError('unreadable');
      // Names are compared case-insensitively, as Excel does; a leading slash is not part of them.
      entries.set(name.replace(/^\//, '').toLowerCase(), { name, method, compressedSize, size, dataOffset });
    }
    return entries;
  }
  throw new XlsxError('unreadable');
}

/**
 * The sum of the sizes a zip's central directory states, so that a zip bomb is refused before
 * anything is inflated (inflating stops at the budget anyway, whatever the directory claims).
 * Undefined when the directory cannot be read.
 */
export function zipUncompressedSize(data: Buffer): number | undefined {
  try {
    let total = 0;
    for (const entry of zipEntries(data).values()) total += entry.size;
    return total;
  } catch {
    return undefined;
  }
}

function compressed(data: Buffer, entry: Entry): Buffer {
  if (entry.method !== 0 && entry.method !== 8) throw new XlsxError('unreadable');
  return data.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
}

/** A small part (workbook, relations, styles, shared strings) inflated whole, within the budget. */
function readPart(data: Buffer, entry: Entry | undefined, budget: { left: number }): string | undefined {
  if (!entry) return undefined;
  const raw = compressed(data, entry);
  let bytes: Buffer;
  try {
    bytes = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, budget.left) });
  } catch (error) {
    if (error instanceof RangeError) throw new XlsxError('tooLarge');
    throw new XlsxError('unreadable');
  }
  budget.left -= bytes.length;
  if (budget.left < 0) throw new XlsxError('tooLarge');
  return bytes.toString('utf8');
}

/** Nesting deeper than any spreadsheet part has (a sheet's deepest text is 7 levels down). */
const MAX_DEPTH = 64;
/** Excel's own limit for the text of a cell. */
const MAX_CELL_TEXT = 32_767;
/** Longest format code and relationship target read (Excel's format codes stop at 255). */
const MAX_FORMAT_CODE = 255;
const MAX_TARGET = 2_048;

/** Excel's escapes for characters XML cannot carry (`_x000D_` is a carriage return). */
export const unescapeText = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;

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
function firstSheet(data: Buffer, entries: Map<string, Entry>, budget: { left: number }) {
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

/** Built-in number formats that show a date: the standard ones and those of CJK Excel (not times). */
const BUILT_IN_DATES = new Map<number, DateKind>([
  ...[14, 15, 16, 17, 27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58].map((id) => [id, 'date'] as const),
  [22, 'datetime'],
]);

/** How a number format shows a serial day: as a date, a date with its time, or not as a date. */
export type DateKind = 'date' | 'datetime' | undefined;

/**
 * What a custom format code shows: a y, m or d outside quotes, escapes and [...] parts is a date,
 * with its time when it also has h or s. Read character by character (no backtracking regex), and
 * only up to Excel's 255 characters.
 */
export function dateKind(code: string): DateKind {
  if (code.length > MAX_FORMAT_CODE) return undefined;
  let bare = '';
  for (let i = 0; i < code.length; i++) {
    const char = code.charAt(i);
    if (char === '"') {
      const end = code.indexOf('"', i + 1);
      i = end < 0 ? code.length : end;
    } else if (char === '[') {
      const end = code.indexOf(']', i + 1);
      i = end < 0 ? code.length : end;
    } else if (char === '\\' || char === '_' || char === '*') i++;
    else bare += char.toLowerCase();
  }
  const time = bare.includes('h') || bare.includes('s');
  if (bare.includes('y') || bare.includes('d') || (bare.includes('m') && !time))
    return time ? 'datetime' : 'date';
  return undefined;
}

/** What a number format changes in a cell's text: a date, or digits padded with zeros ("00000"). */
type CellFormat = { date?: DateKind; digits?: number };

/** The format of a code: a date kind, or the width of an all-zeros integer format (ZIP codes). */
function cellFormat(code: string): CellFormat {
  const date = dateKind(code);
  if (date) return { date };
  const zeros = /^0{2,20}(;@)?$/.exec(code);
  return zeros ? { digits: code.replace(';@', '').length } : {};
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
        const builtIn = BUILT_IN_DATES.get(id);
        formats.push(custom.get(id) ?? (builtIn ? { date: builtIn } : {}));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

/** Excel's last day (9999-12-31): a larger number in a date format is shown as a number. */
const MAX_SERIAL = 2_958_465;

/** A serial day number as YYYY-MM-DD, with HH:mm for a format that shows the time. */
export function serialDate(serial: number, date1904: boolean, kind: DateKind = 'date'): string {
  if (!(serial >= 0 && serial <= MAX_SERIAL)) return numberText(serial);
  // Day 0 is 1899-12-30 once Lotus's phantom 1900-02-29 is allowed for, 1904-01-01 in the other system.
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const days = !date1904 && serial < 61 ? serial + 1 : serial;
  const iso = new Date(epoch + Math.round(days * 86_400) * 1000).toISOString();
  return kind === 'datetime' ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

/** A number as its shortest exact text: 15 significant digits, as Excel keeps them. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  const text = String(Number(value.toPrecision(15)));
  if (!/e/i.test(text)) return text;
  return Math.abs(value) < 1
    ? value.toFixed(20).replace(/\.?0+$/, '') || '0'
    : BigInt(Math.round(value)).toString();
}

/** Column index (A = 0) of a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return column - 1;
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
  const entries = zipEntries(data);
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
        let value: string;
        if (type === 's') value = strings[Number(text)] ?? '';
        else if (type === 'b') value = text === '1' ? 'TRUE' : 'FALSE';
        else if (type === 'n') {
          const number = Number(text);
          const format = formats[style];
          value = format?.date ? serialDate(number, sheet.date1904, format.date) : numberText(number);
          if (format?.digits && /^\d+$/.test(value)) value = value.padStart(format.digits, '0');
        } else if (type === 'd')
          value = /^\d{4}-\d{2}-\d{2}T00:00(:00)?/.test(text) ? text.slice(0, 10) : text;
        else value = unescapeText(text); // str, inlineStr, e (#N/A)
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
  const source = compressed(data, sheetEntry);
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
