import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { neutralizeFormula, writeWorkbook } from '../src/platform/spreadsheet.js';

/** Exports and templates cannot carry a formula into a spreadsheet (OWASP CSV injection). */
describe('spreadsheet export', () => {
  const hostile = [
    '=HYPERLINK("http://evil.example","open")',
    "+cmd|' /C calc'!A0",
    '-2+3+cmd|x',
    '@SUM(1+1)*cmd|x',
    '\t=1+1',
    '\r=1+1',
  ];
  const harmless = ['+86 138 0000 0000', '-12.5', '(021) 6888-0000', 'ABC TRADING & CO., LTD', '', 'a=b'];

  it('writes text that begins like a formula with a leading apostrophe, and leaves the rest alone', () => {
    const book = XLSX.read(
      writeWorkbook([
        { name: 'Export', rows: [['text', 'n'], ...[...hostile, ...harmless].map((v, i) => [v, i])] },
      ]),
      {
        type: 'buffer',
      },
    );
    const sheet = book.Sheets.Export;
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils
      .sheet_to_json<(string | number)[]>(sheet, { header: 1, raw: true, defval: '' })
      .slice(1);
    hostile.forEach((value, i) => {
      expect(rows[i]?.[0]).toBe(`'${value}`);
      expect(rows[i]?.[1]).toBe(i);
    });
    harmless.forEach((value, i) => expect(rows[hostile.length + i]?.[0]).toBe(value));
    // No cell is a formula.
    for (const [address, cell] of Object.entries(sheet)) {
      if (!address.startsWith('!')) expect((cell as XLSX.CellObject).f).toBeUndefined();
    }
  });

  it('neutralizes each formula start', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutralizeFormula(`${start}X`)).toBe(`'${start}X`);
    expect(neutralizeFormula('X=1')).toBe('X=1');
  });
});
