import type { Locale } from '@freight/contract';
import i18next from 'i18next';

/**
 * Adds a feature area's strings (both languages, so switching needs no download) under its key,
 * e.g. `rates.title`. Called once by features/<area>/strings.ts when the area's first page loads.
 */
export function registerArea(area: string, strings: Record<Locale, object>): void {
  for (const [locale, value] of Object.entries(strings)) {
    i18next.addResourceBundle(locale, 'translation', { [area]: value }, true, true);
  }
}
