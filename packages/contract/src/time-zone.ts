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

/** An offset from UTC as RFC 3339 writes it: "+08:00", "-07:00", "+05:30", "+00:00". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** A wall-clock reading in a zone: `local` as "YYYY-MM-DD HH:mm", `offset` as "+01:00". */
export type LocalReading = { local: string; offset: string };

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR_MS = 3_600_000;

/**
 * The instant a wall-clock time ("YYYY-MM-DD HH:mm"; a "T" and seconds are accepted) names in
 * `zone`. Around a daylight-saving change a reading is chosen, the one Java's ZonedDateTime and the
 * Temporal API's "compatible" choice make:
 * - a time the clocks skip (02:30 the night they go forward from 02:00 to 03:00) moves forward by
 *   the gap, to 03:30 summer time (the offset before the change applied), as PostgreSQL reads it;
 * - a time the clocks show twice (02:30 the night they go back) is the first of the two, the
 *   earlier instant: a deadline read so never gives more time than the person who set it meant.
 */
export function localToInstant(local: string, zone: string): Date {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) throw new RangeError(`not a local date and time: ${local}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  if (
    hour === undefined ||
    minute === undefined ||
    second === undefined ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    throw new RangeError(`not a local date and time: ${local}`);
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), hour, minute, second);
  if (new Date(asUtc).toISOString().slice(0, 10) !== local.trim().slice(0, 10))
    throw new RangeError(`not a local date and time: ${local}`);
  // The offsets a day either side hold any change near this time (zones change at most twice a year).
  const before = zoneOffsetMinutes(new Date(asUtc - 24 * HOUR_MS), zone);
  const after = zoneOffsetMinutes(new Date(asUtc + 24 * HOUR_MS), zone);
  const readsBack = (instant: number) => {
    const p = zonedParts(new Date(instant), zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) === asUtc;
  };
  const possible = [asUtc - before * 60_000, asUtc - after * 60_000].filter(readsBack).sort((a, b) => a - b);
  return new Date(possible[0] ?? asUtc - before * 60_000);
}

/** How `zone` reads an instant: { local: "2026-12-10 17:00", offset: "+01:00" }. */
export function instantToLocal(instant: Date | string, zone: string): LocalReading {
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const p = zonedParts(at, zone);
  return {
    local: `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`,
    offset: offsetText(zoneOffsetMinutes(at, zone)),
  };
}

/**
 * An instant as RFC 3339 at the offset `zone` has then: "2026-12-10T17:00:00+01:00". Read by
 * people (formatLocalDateTime) it shows the zone's wall clock and offset without knowing the zone.
 */
export function zonedIso(instant: Date | string, zone: string): string {
  const at = instant instanceof Date ? instant : new Date(instant);
  const p = zonedParts(at, zone);
  const offset = offsetText(zoneOffsetMinutes(at, zone));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}
