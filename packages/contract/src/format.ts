import type { Locale } from './language.js';

/** An amount's digits grouped by thousands, with two decimals only when fractional; '' when not one. */
function groupedAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return '';
  const [, sign, whole = '', frac = ''] = match;
  const cents = frac.padEnd(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === '00' ? `${sign}${grouped}` : `${sign}${grouped}.${cents}`;
}

/**
 * Formats a USD price as the spec asks: `US$` with two decimals only when fractional, and a comma
 * between thousands so that four- and five-figure freight reads at a glance (US$1,200,
 * US$12,200.50). Accepts the wire format (a decimal string) or a number.
 */
export function formatPrice(value: string | number | null | undefined): string {
  const amount = groupedAmount(value);
  return amount === '' ? '' : `US$${amount}`;
}

/** An amount in any currency, its ISO code first, as prices are written: "CNY 85,000", "EUR 1,200.50". */
export function formatMoney(value: string | number | null | undefined, currency: string | null): string {
  const amount = groupedAmount(value);
  return amount === '' ? '' : [currency, amount].filter(Boolean).join(' ');
}

/** Formats a calendar date (YYYY-MM-DD or an ISO timestamp) as YYYY-MM-DD in Chinese, MM/DD/YYYY in English. */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  const [, y, m, d] = match;
  return locale === 'en-US' ? `${m}/${d}/${y}` : `${y}-${m}-${d}`;
}

/**
 * The UTC offset a date-time on the wire ends with, as pages and documents write it after the time:
 * " (UTC+01:00)"; '' for a date-time without one. RFC 3339's "Z" is UTC+00:00.
 */
function offsetAside(value: string): string {
  const match = /(?:\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!match) return '';
  return ` (UTC${match[1] === 'Z' ? '+00:00' : match[1]})`;
}

/**
 * A port-local date and time in the locale's date order, as written (no shift to another zone): a
 * loading stop's "YYYY-MM-DD HH:mm", or a cut-off given with its port's offset
 * ("2026-12-10T17:00:00+01:00"), which keeps the offset after it: "12/10/2026 17:00 (UTC+01:00)".
 * The booking detail, mails and the PDF documents show them so.
 */
export function formatLocalDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  const [, y, m, d, time] = match;
  return `${formatDate(`${y}-${m}-${d}`, locale)} ${time}${offsetAside(value)}`;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * A calendar date as trade documents print it, the same in every language: "20-JAN-2026". A day
 * and month in figures are read differently in China (2026-01-02) and the US (01/02/2026); a
 * month's name is not, which is why B/Ls and booking notes write it so.
 */
export function formatDocumentDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return '';
  return `${match[3]}-${month}-${match[1]}`;
}

/**
 * A port-local date and time on a document: "20-JAN-2026 14:00", as written (no time-zone shift),
 * with the offset when the value carries one: "20-JAN-2026 17:00 (UTC+01:00)".
 */
export function formatDocumentDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return match ? `${formatDocumentDate(match[1])} ${match[2]}${offsetAside(value)}` : value;
}

/** Dates on the wire (requests, replies, spreadsheets' ISO columns), as dayjs formats them. */
export const WIRE_DATE = 'YYYY-MM-DD';

/** The date pattern of each locale, for date pickers. */
export const DATE_FORMAT: Record<Locale, string> = { 'zh-CN': 'YYYY-MM-DD', 'en-US': 'MM/DD/YYYY' };

/** An Incoterm as documents and pages show it: its code and its name, "FCA — Free Carrier". */
export function incotermLabel(code: string, name: string | null | undefined): string {
  return name && name !== code ? `${code} — ${name}` : code;
}

/**
 * A parenthetical as each language writes it: full-width brackets with no space in Chinese
 * (待放舱（待处理）), a space and ASCII brackets in English. Empty text gives ''.
 */
export function aside(text: string | null | undefined, locale: Locale): string {
  if (!text) return '';
  return locale === 'zh-CN' ? `（${text}）` : ` (${text})`;
}
