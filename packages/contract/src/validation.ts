import { z } from 'zod';
import { type Catalog, fieldLabelIn, hasMessage, serverCatalog, translateIn } from './i18n/index.js';
import type { MessageKey, Messages } from './i18n/types.js';
import type { MessageParams } from './i18n/index.js';
import type { Locale } from './language.js';

/** One field at fault, as the error envelope's `errors` lists it. */
export type FieldError = { field: string; message: string };

/**
 * Characters allowed in names, addresses and references that go onto shipping documents: printable
 * ASCII without lowercase letters (0x20-0x60, 0x7B-0x7E), so no Chinese and nothing a carrier's
 * system cannot print. This widens the spec's list (uppercase letters, digits, dot, underscore,
 * comma, hyphen, parentheses and spaces) on purpose: real names need & / # ' : % + ;
 * ("ABC TRADING & CO., LTD", "RM 1201/1202", "100% COTTON"), and B/Ls print them. Lowercase is
 * converted, not refused (toDocumentText): the server upper-cases, the forms as the user types.
 */
export const RESTRICTED_TEXT = /^[\x20-\x60\x7B-\x7E]*$/;
/** The same for text that may run over several lines (addresses, cargo descriptions). */
export const RESTRICTED_LINES = /^[\x20-\x60\x7B-\x7E\r\n]*$/;

/** Text as it goes onto a document: upper case (the restricted fields convert rather than refuse). */
export const toDocumentText = (value: string) => value.toUpperCase();

/**
 * A field that goes onto documents: trimmed, upper-cased (toDocumentText), at most `max` characters
 * of RESTRICTED_TEXT, or of RESTRICTED_LINES when it may run over several lines.
 */
export const documentTextField = (max: number, lines = false) =>
  z
    .string()
    .trim()
    .transform(toDocumentText)
    .pipe(
      z
        .string()
        .max(max)
        .regex(lines ? RESTRICTED_LINES : RESTRICTED_TEXT, { error: 'validation.restrictedChars' }),
    );

/** A calendar date on the wire. */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real day of the calendar in YYYY-MM-DD (not 2026-02-30). */
function isCalendarDate(value: string): boolean {
  return (
    DATE_PATTERN.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/**
 * The days a date may name: enough for any booking, rate or filter, and far enough from
 * the calendar's ends that "the day after" of a filter (edate + 1) stays a date everywhere
 * (9999-12-31 + 1 day was year 10000, a 500).
 */
const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;
const isInRange = (value: string) =>
  !isCalendarDate(value) || (value >= DATE_RANGE.min && value <= DATE_RANGE.max);

/**
 * A calendar date on the wire, YYYY-MM-DD, within DATE_RANGE. A malformed one is one issue: the
 * calendar check lets pass what the pattern has already refused. (Not `abort` on the pattern: that
 * would also stop the checks of the object around it, such as a booking's, so a bad date would hide
 * its other errors.)
 */
export const isoDate = z
  .string()
  .regex(DATE_PATTERN, { error: 'validation.invalidDate' })
  .refine((value) => !DATE_PATTERN.test(value) || isCalendarDate(value), {
    error: 'validation.invalidDate',
  })
  .refine(isInRange, { error: 'validation.dateOutOfRange' });

/**
 * A date whose messages name it by `label` (a key of `fields`) rather than by its field name, for a
 * name that means something else elsewhere: the booking list's `sdate` is a booking date, the
 * rates' `sdate` the start of validity.
 */
export const labelledDate = (label: keyof Messages['fields']) =>
  z
    .string()
    .refine(isCalendarDate, { error: 'validation.invalidDate', params: { label } })
    .refine(isInRange, { error: 'validation.dateOutOfRange', params: { label } });

/** Options to pass to safeParse so that issues carry the input (needed to tell "missing" from "wrong"). */
export const PARSE_OPTIONS = { reportInput: true } as const;

export function pathLabel(locale: Locale, path: readonly PropertyKey[]): { field: string; label: string } {
  return pathLabelIn(serverCatalog(locale), path);
}

function pathLabelIn(catalog: Catalog, path: readonly PropertyKey[]): { field: string; label: string } {
  const field = path.map(String).join('.');
  const lastName = [...path].reverse().find((part): part is string => typeof part === 'string');
  const rowIndex = path.find((part): part is number => typeof part === 'number');
  // A commodity of an equipment group is named by its line and its place in the line.
  const at = path.indexOf('commodities');
  const commodity = at >= 0 && typeof path[at + 1] === 'number' ? Number(path[at + 1]) + 1 : undefined;
  let label = fieldLabelIn(catalog, lastName ?? 'body');
  if (rowIndex !== undefined && commodity !== undefined && lastName !== 'commodities') {
    label =
      catalog.locale === 'zh-CN'
        ? `第 ${rowIndex + 1} 行第 ${commodity} 项货物${label}`
        : `${label} (row ${rowIndex + 1}, commodity ${commodity})`;
  } else if (rowIndex !== undefined) {
    label = catalog.locale === 'zh-CN' ? `第 ${rowIndex + 1} 行${label}` : `${label} (row ${rowIndex + 1})`;
  }
  return { field: field || 'body', label };
}

type Issue = z.core.$ZodIssue & { input?: unknown };

/** Fields whose value is picked from a list rather than typed, beyond ids and enums. */
const PICKED_FIELDS = new Set([
  'incoterm',
  'type',
  'contact_type',
  'document_type',
  'bl_type',
  'freight_term',
]);

/** Fields whose English label is a plural noun: "Containers and quantity are required". */
const PLURAL_LABELS = new Set([
  'booking_space',
  'spaces',
  'items',
  'ids',
  'industries',
  'businesses',
  'routes',
  'ports',
  'cargo_items',
  'containers',
  'packages',
]);

/** The "is missing" message of an issue: pick (请选择) or fill in (请填写), singular or plural. */
function requiredKey(issue: Issue): MessageKey {
  if (isPicked(issue)) return 'validation.selectRequired';
  const last = [...issue.path].reverse().find((part): part is string => typeof part === 'string') ?? '';
  return PLURAL_LABELS.has(last) ? 'validation.requiredPlural' : 'validation.required';
}

/**
 * Whether a missing value is one the user picks (a select: an id, an enum, an Incoterm), so that
 * Chinese asks 请选择… rather than 请填写….
 */
function isPicked(issue: Issue): boolean {
  if (issue.code === 'invalid_value') return true;
  const last = [...issue.path].reverse().find((part): part is string => typeof part === 'string') ?? '';
  return /_ids?$/.test(last) || PICKED_FIELDS.has(last);
}

/** Turns one zod issue into a field error that names the field, in the server's catalog of `locale`. */
export function issueToFieldError(issue: Issue, locale: Locale): FieldError {
  return localizeIssue(issue, serverCatalog(locale));
}

/**
 * Turns one zod issue into a localized field error that names the field, in any catalog: the web
 * passes the strings it has loaded, so its forms say exactly what the server would.
 */
export function localizeIssue(issue: Issue, catalog: Catalog): FieldError {
  const message = (key: string, params: MessageParams) => translateIn(catalog, key, params);
  const { field, label: pathName } = pathLabelIn(catalog, issue.path);
  // A check may name its field itself (labelledDate): params.label, a key of `fields`.
  const own = issue.code === 'custom' ? (issue.params as { label?: unknown } | undefined)?.label : undefined;
  const label = typeof own === 'string' ? fieldLabelIn(catalog, own) : pathName;
  const params: Record<string, string | number> = { field: label };
  // A custom check may name more than its field (the container a VGM belongs to).
  if (issue.code === 'custom' && issue.params)
    for (const [name, value] of Object.entries(issue.params))
      if (name !== 'label' && (typeof value === 'string' || typeof value === 'number')) params[name] = value;
  if (hasMessage(catalog, issue.message)) {
    if (issue.code === 'too_small') params.min = Number(issue.minimum);
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    return { field, message: message(issue.message, params) };
  }
  const missing = issue.input === undefined || issue.input === null || issue.input === '';
  if (
    missing &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')
  ) {
    return { field, message: message(requiredKey(issue), params) };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return { field, message: message('validation.notInteger', params) };
      return { field, message: message('validation.invalidType', params) };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        const key = min <= 1 ? requiredKey(issue) : 'validation.tooShort';
        return { field, message: message(key, { ...params, min }) };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { field, message: message('validation.tooFewItems', { ...params, count: min }) };
      }
      return { field, message: message('validation.tooSmallNumber', { ...params, min }) };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return { field, message: message('validation.tooLong', { ...params, max }) };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { field, message: message('validation.tooManyItems', { ...params, max }) };
      }
      return { field, message: message('validation.tooBigNumber', { ...params, max }) };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { field, message: message('validation.invalidEmail', params) };
      return { field, message: message('validation.invalidFormat', params) };
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      return {
        field: field === 'body' ? (issue.keys[0] ?? field) : field,
        message: message('validation.unknownField', { field: keys }),
      };
    }
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return { field, message: message('validation.invalidValue', params) };
    case 'not_multiple_of':
      return { field, message: message('validation.decimalPlaces', { ...params, places: 2 }) };
    default:
      return { field, message: message('validation.invalidValue', params) };
  }
}

/** Localizes every issue of a failed parse. */
export function toFieldErrors(error: z.ZodError, locale: Locale): FieldError[] {
  return error.issues.map((issue) => issueToFieldError(issue as Issue, locale));
}

/**
 * Whether a sailing's arrival is not before its departure (ETA ≥ ETD), both YYYY-MM-DD; true while
 * either is not given. One rule for rates (form and import) and the forwarder's space release.
 */
export function isEtaInOrder(etd: string | null | undefined, eta: string | null | undefined): boolean {
  return !etd || !eta || eta >= etd;
}
