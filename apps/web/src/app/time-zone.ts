import { DEFAULT_TIME_ZONE, formatInstant, type Locale } from '@freight/contract';

/**
 * The portal's time zone (site configuration `time_zone`), in which every page shows times. It is
 * the same for every person and every request of one deployment, so one module-wide value serves
 * both the browser and the server's render: the server's first view then shows the very times the
 * browser shows after hydration, whatever zone either machine runs in.
 */
let zone = DEFAULT_TIME_ZONE;

export function displayTimeZone(): string {
  return zone;
}

/** Called when the site configuration arrives (app start, or the server's render). */
export function setDisplayTimeZone(next: string | undefined): void {
  if (next) zone = next;
}

/** A timestamp in the portal's zone: YYYY-MM-DD HH:mm in Chinese, MM/DD/YYYY HH:mm in English. */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  return formatInstant(value, locale, zone);
}
