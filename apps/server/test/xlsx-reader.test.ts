import { describe, expect, it } from 'vitest';
import { openSheet } from '../src/platform/spreadsheet.js';
import { readXlsxRows, XlsxError, type XlsxRow } from '../src/platform/xlsx-reader.js';
import { dateKind, numberText, serialDate } from '../src/platform/xlsx-values.js';
import { xlsx, zip } from './sheets.js';

const limits = { maxColumns: 20, maxUncompressedBytes: 5 * 1024 * 1024 };

async function rows(data: Buffer, options = limits): Promise<XlsxRow[]> {
  const out: XlsxRow[] = [];
  for await (const row of readXlsxRows(data, options)) out.push(row);
  return out;
}

async function failure(data: Buffer, options = limits): Promise<string> {
  try {
    await rows(data, options);
  } catch (error) {
    if (error instanceof XlsxError) return error.reason;
    throw error;
  }
  return 'read';
}

const workbook = `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
  <workbookPr date1904="false"/><sheets><sheet name="Data" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId8"/></sheets></workbook>`;
const rels = `<Relationships><Relationship Id="rId8" Target="worksheets/sheet1.xml"/>
  <Relationship Id="rId7" Target="/xl/worksheets/data.xml"/></Relationships>`;
const styles = `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy/mm/dd;@"/><numFmt numFmtId="165" formatCode="&quot;USD&quot; #,##0.00"/><numFmt numFmtId="166" formatCode="00000"/></numFmts>
  <cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="20"/><xf numFmtId="22"/><xf numFmtId="166"/></cellXfs></styleSheet>`;
const strings = `<sst><si><t>Plain</t></si><si><r><t>Rich </t></r><r><t xml:space="preserve">text</t></r><rPh><t>ルビ</t></rPh></si><si><t>&lt;b&gt; &amp; 中文</t></si><si><t>Line 1_x000D_
Line 2</t></si></sst>`;

describe('the streaming .xlsx reader', () => {
  it('reads the workbook’s first sheet through its relations, with every kind of cell', async () => {
    const sheet = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
      <x:row r="2"><x:c r="A2" t="s"><x:v>0</x:v></x:c><x:c r="C2" t="s"><x:v>1</x:v></x:c><x:c r="D2" t="s"><x:v>2</x:v></x:c></x:row>
      <x:row r="5"><x:c r="A5" s="1"><x:v>46349</x:v></x:c><x:c r="B5" s="2"><x:v>46349.5</x:v></x:c><x:c r="C5" s="3"><x:v>1200.5</x:v></x:c>
        <x:c r="D5" s="1"><x:v>13800138000</x:v></x:c><x:c r="E5"><x:v>0.30000000000000004</x:v></x:c><x:c r="F5" s="4"><x:v>0.5</x:v></x:c>
        <x:c r="G5" s="5"><x:v>46349.5</x:v></x:c><x:c r="H5" t="s"><x:v>3</x:v></x:c><x:c r="I5" s="6"><x:v>1234</x:v></x:c></x:row>
      <x:row><x:c t="inlineStr"><x:is><x:r><x:t>in</x:t></x:r><x:r><x:t>line</x:t></x:r></x:is></x:c><x:c t="b"><x:v>1</x:v></x:c>
        <x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="str"><x:f>A1&amp;"x"</x:f><x:v>cached</x:v></x:c><x:c><x:f>1+1</x:f></x:c><x:c t="d"><x:v>2026-02-03T00:00:00</x:v></x:c><x:c r="Z6"><x:v>9</x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const file = zip({
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml': workbook,
      'xl/_rels/workbook.xml.rels': rels,
      'xl/styles.xml': styles,
      'xl/sharedStrings.xml': strings,
      'xl/worksheets/sheet1.xml':
        '<worksheet><sheetData><row r="1"><c><v>1</v></c></row></sheetData></worksheet>',
      'xl/worksheets/data.xml': sheet,
    });
    expect(await rows(file)).toEqual([
      { row: 2, values: ['Plain', '', 'Rich text', '<b> & 中文'] },
      // A date format shows the time only when it has one; a number past 9999-12-31 stays a number.
      {
        row: 5,
        values: [
          '2026-11-23',
          '2026-11-23',
          '1200.5',
          '13800138000',
          '0.3',
          '0.5',
          '2026-11-23 12:00',
          'Line 1\r\nLine 2',
          '01234',
        ],
      },
      // Z is beyond the 20 columns kept; a formula without a cached value is empty, never computed;
      // an ISO date cell (t="d") is its day.
      { row: 6, values: ['inline', 'TRUE', '#N/A', 'cached', '', '2026-02-03'] },
    ]);
  });

  it('reads what SheetJS (and so Excel-like writers) produce, and dates of the 1904 system', async () => {
    const file = xlsx([
      ['Name', 'Day', 'Count'],
      ['A', new Date('2026-01-31T00:00:00Z'), 3],
    ]);
    expect(await rows(file)).toEqual([
      { row: 1, values: ['Name', 'Day', 'Count'] },
      { row: 2, values: ['A', '2026-01-31', '3'] },
    ]);
    expect(serialDate(0, true)).toBe('1904-01-01');
    expect(serialDate(1, false)).toBe('1900-01-01');
    expect(serialDate(61, false)).toBe('1900-03-01');
  });

  it('writes numbers in their shortest exact form and tells date formats from others', () => {
    expect(numberText(1e-7)).toBe('0.0000001');
    expect(numberText(123456789012345680000)).toBe('123456789012345680000');
    expect(numberText(1.1 * 3)).toBe('3.3');
    expect(numberText(-42)).toBe('-42');
    expect(numberText(1e-22)).toBe('0');
    for (const code of ['yyyy-mm-dd', 'd-mmm-yy', '[$-804]yyyy"年"m"月"d"日"', 'mmm yyyy'])
      expect(dateKind(code), code).toBe('date');
    for (const code of ['yyyy-mm-dd hh:mm', 'm/d/yy h:mm AM/PM'])
      expect(dateKind(code), code).toBe('datetime');
    for (const code of ['General', '0.00', '#,##0 "days"', 'h:mm', '[Red]0.00', '"USD" #,##0.00', 'mm:ss'])
      expect(dateKind(code), code).toBe(undefined);
    // Read without backtracking: a long run of "[" is no work, and past 255 characters no date.
    expect(dateKind('['.repeat(1_000_000))).toBe(undefined);
    expect(dateKind(`yyyy${'"'.repeat(300)}`)).toBe(undefined);
  });

  it('refuses what is not a readable workbook, and stops inflating past the budget whatever the directory says', async () => {
    expect(await failure(Buffer.from('PK\u0003\u0004 not really a zip'))).toBe('unreadable');
    expect(await failure(zip({ 'xl/workbook.xml': workbook }))).toBe('unreadable'); // no sheet
    const broken = zip({ 'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row><c><v>1</v></row>' });
    expect(await failure(broken)).toBe('unreadable');
    // Billion laughs: entities are not expanded (an undefined entity is an error).
    const laughs = zip({
      'xl/worksheets/sheet1.xml':
        '<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>',
    });
    expect(await failure(laughs)).toBe('unreadable');
    // A directory that claims 100 bytes for an entry that inflates to 8 MB.
    const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
    const liar = zip(
      { 'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${row.repeat(200_000)}</sheetData></worksheet>` },
      () => 100,
    );
    expect(await failure(liar)).toBe('tooLarge');
    // Nesting no spreadsheet has, and a cell longer than Excel allows.
    const deep = zip({
      'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${'<a>'.repeat(100_000)}</sheetData></worksheet>`,
    });
    expect(await failure(deep)).toBe('unreadable');
    const long = zip({
      'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row><c t="inlineStr"><is><t>${'x'.repeat(40_000)}</t></is></c></row></sheetData></worksheet>`,
    });
    expect(await failure(long)).toBe('unreadable');
    // Millions of empty rows in a few KB: refused past Excel's last row, after a few MB of XML.
    const blank = zip({
      'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${'<row/>'.repeat(1_100_000)}</sheetData></worksheet>`,
    });
    expect(await failure(blank, { ...limits, maxUncompressedBytes: 250 * 1024 * 1024 })).toBe('tooManyRows');
  });

  it('opens a sheet at its first row with text, numbering rows as the spreadsheet does', async () => {
    const file = xlsx([[], ['', ''], ['Name', 'City'], ['ACME', 'DALIAN'], [], ['', '  '], ['BETA', '']]);
    const sheet = await openSheet(file, 'a.xlsx', {
      accept: ['xlsx'],
      limits: { maxBytes: 1 << 20, maxRows: 10, maxUncompressedBytes: 1 << 22 },
      locale: 'en-US',
    });
    expect(sheet.headers).toEqual(['Name', 'City']);
    const read: { row: number; cells: Record<string, string> }[] = [];
    for await (const { row, cells } of sheet.rows) read.push({ row, cells: Object.fromEntries(cells) });
    expect(read).toEqual([
      { row: 4, cells: { Name: 'ACME', City: 'DALIAN' } },
      { row: 7, cells: { Name: 'BETA', City: '' } },
    ]);
  });
});
