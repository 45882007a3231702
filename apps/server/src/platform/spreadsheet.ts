import * as XLSX from '@e965/xlsx';
import { type ImportRowError, type Locale, translate } from '@freight/contract';
import { AppError } from './errors.js';
import { isStorableText } from './validation.js';
import { readXlsxRows, XlsxError, type XlsxRow } from './xlsx-reader.js';
import { zipUncompressedSize } from './zip.js';

/** What an import accepts and how far a file may go before it is refused. */
type SheetLimits = { maxBytes: number; maxRows: number; maxUncompressedBytes: number };
type SheetKind = 'xlsx' | 'xls' | 'csv';

/** A data row: its number in the spreadsheet (header = row 1) and its cells by header text. */
type SheetRow = { row: number; cells: Map<string, string> };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (data: Buffer, magic: number[]) => magic.every((byte, i) => data[i] === byte);

/** What the bytes are, whatever the file is called. */
function sniffSheet(data: Buffer): SheetKind | undefined {
  if (startsWith(data, ZIP)) return 'xlsx';
  if (startsWith(data, OLE)) return 'xls';
  if (data.includes(0)) return undefined; // binary that is neither
  return 'csv';
}

/** CSV text as Chinese Excel saves it: UTF-8 with or without a BOM, else GB18030. */
function decodeCsv(data: Buffer): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return data.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/** Columns a sheet may have: far more than any template, few enough to read every cell quickly. */
const MAX_SHEET_COLUMNS = 200;

const refuse = (
  status: number,
  key:
    | 'import.fileType'
    | 'import.unreadable'
    | 'import.tooLarge'
    | 'import.expandsTooLarge'
    | 'import.tooManyRows'
    | 'import.tooManyColumns'
    | 'import.empty',
  params = {},
) => new AppError(status, key, params, [{ field: 'file' }]);

/**
 * Limits the sheet's range to the columns that have a header: cells beyond them are never read,
 * and a sheet spanning more columns than any import needs is refused. The range comes from the
 * cells (`nodim`), not from the sheet's own claim, so that a few bytes cannot make the reader walk
 * the whole grid (A1:XFD1048576 is 17 billion cells).
 */
function clampToHeaders(sheet: XLSX.WorkSheet): void {
  const ref = sheet['!ref'];
  if (!ref) return;
  const range = XLSX.utils.decode_range(ref);
  const headerRow = (sheet['!data'] as XLSX.CellObject[][] | undefined)?.[range.s.r] ?? [];
  let last = -1;
  headerRow.forEach((cell, column) => {
    if (cell && String(cell.w ?? cell.v ?? '').trim() !== '') last = column;
  });
  if (last - range.s.c + 1 > MAX_SHEET_COLUMNS)
    throw refuse(413, 'import.tooManyColumns', { max: MAX_SHEET_COLUMNS });
  range.e.c = Math.max(range.s.c, Math.min(range.e.c, last));
  sheet['!ref'] = XLSX.utils.encode_range(range);
}

/** An .xls or .csv read whole by SheetJS (an .xls holds at most 65,536 rows; a CSV is capped in bytes). */
async function* wholeSheetRows(
  data: Buffer,
  kind: 'xls' | 'csv',
  limits: SheetLimits,
): AsyncGenerator<XlsxRow> {
  const common = {
    cellFormula: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellDates: false,
    dense: true,
    nodim: true,
    sheetRows: limits.maxRows + 2,
  };
  const workbook =
    kind === 'csv'
      ? XLSX.read(decodeCsv(data), { ...common, type: 'string', raw: true })
      : XLSX.read(data, { ...common, type: 'buffer' });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet?.['!ref']) return;
  clampToHeaders(sheet);
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: true,
    dateNF: 'yyyy-mm-dd',
  });
  // Read up to two rows past the limit: more than the header and the limit is too many, blank or not.
  if (matrix.length > limits.maxRows + 1) throw refuse(413, 'import.tooManyRows', { max: limits.maxRows });
  for (const [index, values] of matrix.entries())
    yield { row: first + index + 1, values: values.map((value) => String(value ?? '')) };
}

/** A file small enough that expands, once opened, past what an import reads (a zip bomb, or a huge sheet). */
const expandsTooLarge = (limits: SheetLimits) =>
  refuse(413, 'import.expandsTooLarge', {
    mb: Math.round(limits.maxBytes / 1048576),
    expanded: Math.round(limits.maxUncompressedBytes / 1048576),
  });

/** The refusal a reader's failure stands for; our own refusals pass through. */
function asRefusal(error: unknown, limits: SheetLimits): AppError {
  if (error instanceof AppError) return error;
  // The reader stops when the sheet inflates past its budget: say so, not "the file is too large".
  if (error instanceof XlsxError && error.reason === 'tooLarge') return expandsTooLarge(limits);
  if (error instanceof XlsxError && error.reason === 'tooManyRows')
    return refuse(413, 'import.tooManyRows', { max: limits.maxRows });
  return refuse(400, 'import.unreadable');
}

/**
 * An opened sheet: its header texts, and its data rows, read as the caller goes. `close()` lets go
 * of the reader (its inflate stream) when the caller stops before reading every row; call it in a
 * `finally`.
 */
type OpenedSheet = { headers: string[]; rows: AsyncIterable<SheetRow>; close: () => Promise<void> };

/**
 * Opens the first sheet of an upload: rows keyed by header text (the first row with any text). The
 * file's kind is judged by its content and must match its name; formulas are read as their cached
 * values and never evaluated; sizes are capped before the work is done. An .xlsx is read while it
 * is inflated, a row at a time, so memory follows what the caller keeps, not the sheet's size.
 *
 * The rows refuse the file as they go (more rows than the limit) or at their end (no data rows,
 * text the database cannot hold), so a caller only learns of a good file once it has read it all.
 */
export async function openSheet(
  data: Buffer,
  fileName: string,
  options: { accept: readonly SheetKind[]; limits: SheetLimits; locale: Locale },
): Promise<OpenedSheet> {
  const { limits, locale } = options;
  if (data.length > limits.maxBytes)
    throw refuse(413, 'import.tooLarge', { mb: Math.round(limits.maxBytes / 1048576) });
  const kind = sniffSheet(data);
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!kind || !options.accept.includes(kind) || extension !== kind)
    throw refuse(415, 'import.fileType', { types: options.accept.map((k) => `.${k}`).join(', ') });
  if (kind === 'xlsx') {
    const size = zipUncompressedSize(data);
    if (size === undefined) throw refuse(400, 'import.unreadable');
    if (size > limits.maxUncompressedBytes) throw expandsTooLarge(limits);
  }
  const source =
    kind === 'xlsx'
      ? readXlsxRows(data, {
          maxColumns: MAX_SHEET_COLUMNS + 1,
          maxUncompressedBytes: limits.maxUncompressedBytes,
        })
      : wholeSheetRows(data, kind, limits);
  let header: XlsxRow | undefined;
  try {
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      if (next.value.values.some((value) => value.trim() !== '')) {
        header = next.value;
        break;
      }
    }
  } catch (error) {
    throw asRefusal(error, limits);
  }
  if (!header) throw refuse(400, 'import.empty');
  const headers = header.values.map((cell) => cell.trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (headers.length > MAX_SHEET_COLUMNS) {
    await source.return(undefined);
    throw refuse(413, 'import.tooManyColumns', { max: MAX_SHEET_COLUMNS });
  }
  return {
    headers,
    rows: dataRows(source, headers, limits, locale),
    close: async () => {
      await source.return(undefined);
    },
  };
}

async function* dataRows(
  source: AsyncGenerator<XlsxRow>,
  headers: string[],
  limits: SheetLimits,
  locale: Locale,
): AsyncGenerator<SheetRow> {
  let count = 0;
  // Text the database cannot hold (NUL, lone surrogates) refuses the file like any bad cell.
  const unstorable: ImportRowError[] = [];
  try {
    for await (const { row, values } of source) {
      const cells = new Map<string, string>();
      let filled = false;
      headers.forEach((header, column) => {
        if (!header) return;
        const value = (values[column] ?? '').trim();
        cells.set(header, value);
        if (value !== '') filled = true;
      });
      if (!filled) continue;
      if (++count > limits.maxRows) throw refuse(413, 'import.tooManyRows', { max: limits.maxRows });
      for (const [column, value] of cells)
        if (!isStorableText(value))
          unstorable.push({
            row,
            column,
            message: translate(locale, 'validation.invalidChars', { field: column }),
          });
      yield { row, cells };
    }
  } catch (error) {
    throw asRefusal(error, limits);
  }
  if (count === 0) throw refuse(400, 'import.empty');
  if (unstorable.length > 0)
    throw new AppError(
      422,
      'import.rowsFailed',
      { count: new Set(unstorable.map((e) => e.row)).size },
      [],
      {},
      { rows: unstorable },
    );
}

/** Text a spreadsheet could take for a formula: it begins with = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/u;
/** A plain number or phone number (+86 138-0000 0000, -12.5): nothing a spreadsheet could run. */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]+$/u;

/**
 * A text cell as it is written: one that a spreadsheet could take for a formula gets a leading
 * apostrophe (OWASP, CSV/formula injection). In an .xlsx a string cell is not evaluated, but the
 * value survives a save as .csv, a copy and paste, or another program's import, where it would be.
 */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * Writes a template or export. Every text value is a string cell (type "s"), never a formula, and
 * text that begins like a formula is neutralized (neutralizeFormula).
 */
export function writeWorkbook(sheets: { name: string; rows: (string | number)[][] }[]): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const rows = sheet.rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' ? neutralizeFormula(cell) : cell)),
    );
    const worksheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: false });
    XLSX.utils.book_append_sheet(workbook, worksheet, sheet.name.slice(0, 31));
  }
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
