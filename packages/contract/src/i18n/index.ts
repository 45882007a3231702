import type { Locale } from '../language.js';
import { enUS } from './en-US.js';
import type { MessageKey, Messages } from './types.js';
import { zhCN } from './zh-CN.js';

export type { MessageKey, Messages } from './types.js';
export { enUS } from './en-US.js';
export { zhCN } from './zh-CN.js';

export const catalogs: Record<Locale, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };

export type MessageParams = Record<string, string | number>;

function lookup(catalog: Messages, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function isMessageKey(key: string): key is MessageKey {
  return lookup(zhCN, key) !== undefined;
}

/** Fills {{name}} placeholders; unknown placeholders are left visible so a missing param is noticed. */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Translates a shared message key in the given locale. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return interpolate(lookup(catalogs[locale], key) ?? key, params);
}

/** The label of a field (fields.<name>), or the raw name when the catalog has none. */
export function fieldLabel(locale: Locale, name: string): string {
  return lookup(catalogs[locale], `fields.${name}`) ?? name;
}
