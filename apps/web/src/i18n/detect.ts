import { LANGUAGE_COOKIE, type Locale } from '@freight/contract';
import { writeCookie } from '../api/cookie';

export { detectLocale } from '@freight/contract';

const LANGUAGE_KEY = 'language';

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
  // Page requests carry it too: the server renders a member page's first view in it.
  writeCookie(LANGUAGE_COOKIE, locale);
}
