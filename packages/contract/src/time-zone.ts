import type { Locale } from './language.js';

/**
 * The portal's one time zone. Every instant a person reads (lists, detail pages, exports, mails,
 * documents) and every day a person filters by is in this zone, whatever the browser's or the
 * server's own zone: the people of one company read the same clock, the page the server renders
 * shows what the browser will show, and "2026-11-28" in a date filter means that day in this zone.
 * The operator sets it with the `time_zone` site configuration entry (an IANA name).
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** Whether `zone` is an IANA time-zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The wall-clock reading of an instant in `zone`. */
export function zonedParts(instant: Date, zone: string): ZonedParts {
  const parts = new Map<string, number>();
  for (const part of formatter(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts.set(part.type, Number(part.value));
  }
  const get = (type: string) => parts.get(type) ?? 0;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** Minutes `zone` is ahead of UTC at `instant` (480 for Asia/Shanghai). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const p = zonedParts(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day of an instant in `zone`, as YYYY-MM-DD. */
export function zonedDate(instant: Date, zone: string): string {
  const p = zonedParts(instant, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * The instant a calendar day (YYYY-MM-DD) starts in `zone`. Twice corrected, so that a day whose
 * offset differs from the previous day's (a daylight-saving change) still starts at its own midnight.
 */
export function startOfZonedDay(day: string, zone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a calendar day: ${day}`);
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  let instant = midnightUtc - zoneOffsetMinutes(new Date(midnightUtc), zone) * 60_000;
  instant = midnightUtc - zoneOffsetMinutes(new Date(instant), zone) * 60_000;
  return new Date(instant);
}

/** The day after a calendar day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * An instant (an ISO timestamp or a Date) as a person reads it in `zone`: `YYYY-MM-DD HH:mm` in
 * Chinese, `MM/DD/YYYY HH:mm` in English. Text that is no instant comes back as it is.
 */
export function formatInstant(value: string | Date | null | undefined, locale: Locale, zone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return typeof value === 'string' ? value : '';
  const p = zonedParts(instant, zone);
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  return locale === 'en-US'
    ? `${pad(p.month)}/${pad(p.day)}/${p.year} ${time}`
    : `${p.year}-${pad(p.month)}-${pad(p.day)} ${time}`;
}

/** The zone as the pages name it beside times and date filters: "Asia/Shanghai, UTC+8". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const offset = zoneOffsetMinutes(at, zone);
  const sign = offset < 0 ? '−' : '+';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `${zone}, UTC${sign}${hours}${minutes ? `:${pad(minutes)}` : ''}`;
}
