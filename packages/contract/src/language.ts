/** The two interface languages. `zh-CN` is the default everywhere. */
export type Locale = 'zh-CN' | 'en-US';
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** The value of the `Lang` request header for each locale (spec §7: "A Lang header carries cn or en"). */
export const LANG_HEADER: Record<Locale, 'cn' | 'en'> = { 'zh-CN': 'cn', 'en-US': 'en' };

const ALIASES: Record<string, Locale> = {
  cn: 'zh-CN',
  zh: 'zh-CN',
  zh_cn: 'zh-CN',
  'zh-cn': 'zh-CN',
  en: 'en-US',
  en_us: 'en-US',
  'en-us': 'en-US',
};

/**
 * Reads a language name as the spec's `lang` query parameter and `Lang` header write it
 * (cn, zh, zh_cn, zh-cn → Chinese; en, en_us, en-us → English), case-insensitively.
 * Returns undefined for anything else so that callers fall through to the next source.
 */
export function parseLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const name = value.trim().toLowerCase();
  // Own keys only: "__proto__" or "constructor" must not read Object.prototype's members.
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;
}

/** Maps a browser language tag (navigator.language, Accept-Language item) to a locale. */
export function localeFromBrowser(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en-US';
  return undefined;
}
