/**
 * How the cells of an .xlsx become the text an import reads: strings as written, numbers in their
 * shortest exact form, dates by their number format as YYYY-MM-DD (with the time where it shows).
 */

/** Longest format code read (Excel's format codes stop at 255). */
const MAX_FORMAT_CODE = 255;

/** Excel's escapes for characters XML cannot carry (`_x000D_` is a carriage return). */
export const unescapeText = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;

/** How a number format shows a serial day: as a date, a date with its time, or not as a date. */
type DateKind = 'date' | 'datetime' | undefined;

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
export type CellFormat = { date?: DateKind; digits?: number };

/** The format of a code: a date kind, or the width of an all-zeros integer format (ZIP codes). */
export function cellFormat(code: string): CellFormat {
  const date = dateKind(code);
  if (date) return { date };
  const zeros = /^0{2,20}(;@)?$/.exec(code);
  return zeros ? { digits: code.replace(';@', '').length } : {};
}

/** Built-in number formats that show a date: the standard ones and those of CJK Excel (not times). */
const BUILT_IN_DATES = new Map<number, DateKind>([
  ...[14, 15, 16, 17, 27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58].map((id) => [id, 'date'] as const),
  [22, 'datetime'],
]);

/** The format of a built-in number format id. */
export function builtInFormat(id: number): CellFormat {
  const date = BUILT_IN_DATES.get(id);
  return date ? { date } : {};
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
export function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return column - 1;
}

/**
 * A cell's text from its type (`t`), the text of its `<v>` or inline string, the shared strings and
 * the number format of its style.
 */
export function cellValue(
  type: string,
  text: string,
  context: { strings: string[]; format: CellFormat | undefined; date1904: boolean },
): string {
  if (type === 's') return context.strings[Number(text)] ?? '';
  if (type === 'b') return text === '1' ? 'TRUE' : 'FALSE';
  if (type === 'n') {
    const number = Number(text);
    const format = context.format;
    const value = format?.date ? serialDate(number, context.date1904, format.date) : numberText(number);
    return format?.digits && /^\d+$/.test(value) ? value.padStart(format.digits, '0') : value;
  }
  if (type === 'd') return /^\d{4}-\d{2}-\d{2}T00:00(:00)?/.test(text) ? text.slice(0, 10) : text;
  return unescapeText(text); // str, inlineStr, e (#N/A)
}
