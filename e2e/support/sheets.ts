/**
 * Workbooks for the specs and the benchmarks that upload or download sheets, made and read with
 * SheetJS (as a member's spreadsheet program would). bench/ imports this file as well.
 */
import * as XLSX from '@e965/xlsx';

/** An .xlsx of one sheet from rows of cell values; `compression` deflates its parts, as Excel does. */
export function xlsxOf(
  rows: unknown[][],
  sheetName: string,
  options: { compression?: boolean } = {},
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  const compression = options.compression ? { compression: true } : {};
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', ...compression }) as Buffer;
}

/** The rows of a workbook's first sheet, each a list of its cells' values. */
export function firstSheetRows(data: Uint8Array): unknown[][] {
  const book = XLSX.read(Buffer.from(data), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('the workbook has no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
}
