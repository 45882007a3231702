import { DEFAULT_LOCALE, localeFromBrowser, parseLocale, type Locale } from '@freight/contract';

const LANGUAGE_KEY = 'language';

/**
 * The interface language, in the spec's order (§1): the `lang` query parameter, then the stored
 * setting, then the browser's languages, then Chinese.
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

/** The address without its `lang` parameter (the override is applied once, then removed). */
export function withoutLangParam(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('lang');
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // storage may be disabled; the choice then lasts for this page only
  }
}
