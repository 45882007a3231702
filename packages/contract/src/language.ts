/** The two interface languages. `zh-CN` is the default everywhere. */
export type Locale = 'zh-CN' | 'en-US';
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** The value of the `Lang` request header for each locale ("A Lang header carries cn or en"). */
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

/**
 * The interface language, in the spec's order: the `lang` query parameter, then the stored
 * setting, then the browser's languages (navigator.languages, or Accept-Language in order), then
 * Chinese. The web decides with it as it starts, and the server with the same inputs (the stored
 * setting mirrored in LANGUAGE_COOKIE) when it renders a member page's first view.
 */
export function detectLocale(input: { search: string; stored: string | null; browser: readonly string[] }): {
  locale: Locale;
  fromQuery: boolean;
} {
  const fromQuery = parseLocale(new URLSearchParams(input.search).get('lang'));
  if (fromQuery) return { locale: fromQuery, fromQuery: true };
  const stored =
    parseLocale(input.stored) ??
    (input.stored === 'zh-CN' || input.stored === 'en-US' ? input.stored : undefined);
  if (stored) return { locale: stored, fromQuery: false };
  for (const tag of input.browser) {
    const locale = localeFromBrowser(tag);
    if (locale) return { locale, fromQuery: false };
  }
  return { locale: DEFAULT_LOCALE, fromQuery: false };
}

/**
 * Cookies of page requests only. The API never reads a cookie (it takes the Bearer token
 * and the Lang header); the server reads these when a member page is asked for, to send its first
 * view rendered: the session's token (mirrored from the web's session store) and the language
 * stored by the in-app switch.
 */
export const PAGE_SESSION_COOKIE = 'portal_page';
export const LANGUAGE_COOKIE = 'portal_lang';
