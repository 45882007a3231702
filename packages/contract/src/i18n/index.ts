import type { Locale } from '../language.js';
import { enUS } from './en-US.js';
import { enUSMail } from './mail-en-US.js';
import { zhCNMail } from './mail-zh-CN.js';
import { enUSPdf } from './pdf-en-US.js';
import { zhCNPdf } from './pdf-zh-CN.js';
import type { MailMessages, MessageKey, Messages, PdfMessages, ServerMessages } from './types.js';
import { zhCN } from './zh-CN.js';

export type { MailMessages, MessageKey, Messages, PdfMessages, ServerMessages } from './types.js';
export { enUS } from './en-US.js';
export { zhCN } from './zh-CN.js';

/** Two catalogs merged key by key (the shared messages, the e-mails, the PDF labels). */
function merge<A extends object, B extends object>(a: A, b: B): A & B {
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] =
      mine && typeof mine === 'object' && value && typeof value === 'object' ? merge(mine, value) : value;
  }
  return out as A & B;
}

const full = (shared: Messages, mail: MailMessages, pdf: PdfMessages): ServerMessages =>
  merge(merge(shared, mail), pdf);

/**
 * The server's catalogs: everything. The web takes only the shared part (zhCN, enUS), one language
 * at a time, into its own strings, and localizes through `Catalog` lookups of those (webCatalog in
 * apps/web/src/i18n): marked pure so that a bundle that never reads them leaves both languages,
 * the e-mails and the PDF labels out (they were ~13 KB of every first load).
 */
export const catalogs: Record<Locale, ServerMessages> = {
  'zh-CN': /* @__PURE__ */ full(zhCN, zhCNMail, zhCNPdf),
  'en-US': /* @__PURE__ */ full(enUS, enUSMail, enUSPdf),
};

/**
 * One language's messages as raw templates by dotted key (`validation.required`): the server's
 * catalogs (serverCatalog), or the strings the web has loaded for its language. Everything that
 * fills and picks a template (plural forms, the Han/Latin seam) is written once, below, for both.
 */
export type Catalog = { locale: Locale; lookup: (key: string) => string | undefined };

export type MessageParams = Record<string, string | number>;

function lookup(catalog: ServerMessages | Messages, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function isMessageKey(key: string): key is MessageKey {
  return hasMessage(serverCatalog('zh-CN'), key);
}

/** The server's catalog of one language. */
export function serverCatalog(locale: Locale): Catalog {
  return { locale, lookup: (key) => lookup(catalogs[locale], key) };
}

/** Whether a catalog has a message (or a plural pair) under `key`. */
export function hasMessage(catalog: Catalog, key: string): boolean {
  return catalog.lookup(key) !== undefined || catalog.lookup(`${key}_other`) !== undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The template of a key; a plural pair (`x_one` / `x_other`, as i18next names them) is chosen by `count`. */
function template(catalog: Catalog, key: string, params: MessageParams | undefined): string | undefined {
  const plain = catalog.lookup(key);
  if (plain !== undefined) return plain;
  const count = Number(params?.count);
  let rules = pluralRules.get(catalog.locale);
  if (!rules) pluralRules.set(catalog.locale, (rules = new Intl.PluralRules(catalog.locale)));
  const form = Number.isFinite(count) ? rules.select(count) : 'other';
  return catalog.lookup(`${key}_${form}`) ?? catalog.lookup(`${key}_other`);
}

const HAN = /\p{Script=Han}/u;
const LATIN = /[A-Za-z0-9]/;
const meets = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && ((HAN.test(a) && LATIN.test(b)) || (LATIN.test(a) && HAN.test(b)));

/**
 * Fills {{name}} placeholders (an unknown one stays visible, so that a missing param is noticed),
 * with one space where Han text meets a Latin value at the seam ("请填写" + "ETD" gives
 * "请填写 ETD", "HS 编码" + "不能为空" stays as it is): Chinese typesetting puts a space between
 * Han and Latin runs, and a template cannot know its values.
 */
function fill(text: string, params: MessageParams = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string, offset: number) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = String(params[name]);
    const before = meets(text[offset - 1], value[0]) ? ' ' : '';
    const after = meets(value[value.length - 1], text[offset + whole.length]) ? ' ' : '';
    return before + value + after;
  });
}

/** A message of a catalog, its placeholders filled (the key itself when the catalog lacks it). */
export function translateIn(catalog: Catalog, key: string, params?: MessageParams): string {
  return fill(template(catalog, key, params) ?? key, params);
}

/** A field's label in a catalog (fields.<name>), or the raw name when the catalog has none. */
export function fieldLabelIn(catalog: Catalog, name: string): string {
  return catalog.lookup(`fields.${name}`) ?? name;
}

/** Translates a shared message key in the given locale (the server's catalogs). */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return translateIn(serverCatalog(locale), key, params);
}

/** The label of a field (fields.<name>), or the raw name when the catalog has none. */
export function fieldLabel(locale: Locale, name: string): string {
  return fieldLabelIn(serverCatalog(locale), name);
}
