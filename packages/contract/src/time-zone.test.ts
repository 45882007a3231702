import { describe, expect, it } from 'vitest';
import { cutoffTimeZone } from './booking-shipment.js';
import { formatDocumentDateTime, formatLocalDateTime } from './format.js';
import {
  formatInstant,
  instantToLocal,
  isTimeZone,
  localToInstant,
  nextDay,
  offsetText,
  startOfZonedDay,
  zonedDate,
  zonedIso,
  zoneLabel,
  zoneOffsetMinutes,
} from './time-zone.js';

describe('the portal time zone', () => {
  it('writes an instant as a person in the zone reads it, in each language', () => {
    const instant = '2026-01-01T17:30:00Z';
    expect(formatInstant(instant, 'zh-CN', 'Asia/Shanghai')).toBe('2026-01-02 01:30');
    expect(formatInstant(instant, 'en-US', 'Asia/Shanghai')).toBe('01/02/2026 01:30');
    expect(formatInstant(instant, 'zh-CN', 'UTC')).toBe('2026-01-01 17:30');
    expect(formatInstant(instant, 'en-US', 'America/Los_Angeles')).toBe('01/01/2026 09:30');
    expect(formatInstant('not a time', 'zh-CN', 'UTC')).toBe('not a time');
    expect(formatInstant(null, 'zh-CN', 'UTC')).toBe('');
  });

  it('starts a day at its own midnight, daylight saving included', () => {
    expect(startOfZonedDay('2026-01-02', 'Asia/Shanghai').toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(startOfZonedDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(startOfZonedDay('2026-03-09', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    expect(zonedDate(new Date('2026-01-01T16:00:00Z'), 'Asia/Shanghai')).toBe('2026-01-02');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('knows IANA names and labels the zone with its offset', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('../etc')).toBe(false);
    expect(zoneOffsetMinutes(new Date('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(zoneLabel('Asia/Shanghai')).toBe('Asia/Shanghai, UTC+8');
    expect(zoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata, UTC+5:30');
    expect(zoneLabel('America/Los_Angeles', new Date('2026-01-15T00:00:00Z'))).toBe(
      'America/Los_Angeles, UTC−8',
    );
  });
});

describe('wall clocks at a port (cut-offs)', () => {
  const iso = (local: string, zone: string) => localToInstant(local, zone).toISOString();

  it('turns a local time at a zone into its instant and back, with the offset of that day', () => {
    expect(iso('2026-12-10T17:00', 'Europe/Amsterdam')).toBe('2026-12-10T16:00:00.000Z');
    expect(iso('2026-12-10 17:00', 'Europe/Amsterdam')).toBe('2026-12-10T16:00:00.000Z');
    expect(instantToLocal('2026-12-10T16:00:00Z', 'Europe/Amsterdam')).toEqual({
      local: '2026-12-10 17:00',
      offset: '+01:00',
    });
    // Summer time: the same wall clock is an hour earlier in UTC.
    expect(iso('2026-07-01 17:00', 'Europe/Amsterdam')).toBe('2026-07-01T15:00:00.000Z');
    expect(zonedIso(localToInstant('2026-07-01 17:00', 'Europe/Amsterdam'), 'Europe/Amsterdam')).toBe(
      '2026-07-01T17:00:00+02:00',
    );
    expect(iso('2026-12-10 17:00', 'America/Los_Angeles')).toBe('2026-12-11T01:00:00.000Z');
    expect(zonedIso('2026-12-11T01:00:00Z', 'America/Los_Angeles')).toBe('2026-12-10T17:00:00-08:00');
    expect(zonedIso(localToInstant('2026-07-01 09:00', 'America/Los_Angeles'), 'America/Los_Angeles')).toBe(
      '2026-07-01T09:00:00-07:00',
    );
    expect(zonedIso(localToInstant('2026-12-10 17:00', 'Asia/Shanghai'), 'Asia/Shanghai')).toBe(
      '2026-12-10T17:00:00+08:00',
    );
    expect(instantToLocal('2026-06-01T00:00:00Z', 'Asia/Kolkata')).toEqual({
      local: '2026-06-01 05:30',
      offset: '+05:30',
    });
    expect(zonedIso('2026-01-15T12:00:00Z', 'Europe/London')).toBe('2026-01-15T12:00:00+00:00');
  });

  it('moves a time the clocks skip forward by the gap (Europe and the US)', () => {
    // 29 March 2026, Amsterdam: 02:00 CET becomes 03:00 CEST; 02:30 is read as 03:30 CEST.
    expect(iso('2026-03-29 02:30', 'Europe/Amsterdam')).toBe('2026-03-29T01:30:00.000Z');
    expect(
      instantToLocal(localToInstant('2026-03-29 02:30', 'Europe/Amsterdam'), 'Europe/Amsterdam'),
    ).toEqual({ local: '2026-03-29 03:30', offset: '+02:00' });
    expect(iso('2026-03-29 01:59', 'Europe/Amsterdam')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29 03:00', 'Europe/Amsterdam')).toBe('2026-03-29T01:00:00.000Z');
    // 8 March 2026, Los Angeles: 02:00 PST becomes 03:00 PDT.
    expect(zonedIso(localToInstant('2026-03-08 02:30', 'America/Los_Angeles'), 'America/Los_Angeles')).toBe(
      '2026-03-08T03:30:00-07:00',
    );
  });

  it('reads a time the clocks show twice as the first, earlier one (Europe and the US)', () => {
    // 25 October 2026, Amsterdam: 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
    expect(iso('2026-10-25 02:30', 'Europe/Amsterdam')).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedIso(localToInstant('2026-10-25 02:30', 'Europe/Amsterdam'), 'Europe/Amsterdam')).toBe(
      '2026-10-25T02:30:00+02:00',
    );
    expect(zonedIso('2026-10-25T01:30:00Z', 'Europe/Amsterdam')).toBe('2026-10-25T02:30:00+01:00');
    expect(iso('2026-10-25 03:00', 'Europe/Amsterdam')).toBe('2026-10-25T02:00:00.000Z');
    // 1 November 2026, Los Angeles: 01:30 PDT, not 01:30 PST an hour later.
    expect(iso('2026-11-01 01:30', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z');
    expect(iso('2026-11-01 02:00', 'America/Los_Angeles')).toBe('2026-11-01T10:00:00.000Z');
  });

  it('gives back every wall-clock hour of a year, but those the clocks skip', () => {
    const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Sydney', 'America/Santiago'];
    for (const zone of zones) {
      let skipped = 0;
      for (let hour = 0; hour < 365 * 24; hour++) {
        const local = new Date(Date.UTC(2026, 0, 1, hour)).toISOString().slice(0, 16).replace('T', ' ');
        const back = instantToLocal(localToInstant(local, zone), zone).local;
        if (back !== local) skipped += 1;
      }
      // One hour a year is skipped where the clocks go forward.
      expect({ zone, skipped }).toEqual({ zone, skipped: 1 });
    }
  });

  it('refuses what is no local date and time, and writes offsets as RFC 3339 does', () => {
    for (const bad of ['2026-02-30 10:00', '2026-12-10 24:00', '2026-12-10 17:60', 'soon', '2026-12-10'])
      expect(() => localToInstant(bad, 'Europe/Amsterdam'), bad).toThrow(RangeError);
    expect(() => instantToLocal('soon', 'UTC')).toThrow(RangeError);
    expect(offsetText(60)).toBe('+01:00');
    expect(offsetText(-420)).toBe('-07:00');
    expect(offsetText(330)).toBe('+05:30');
    expect(offsetText(-210)).toBe('-03:30');
    expect(offsetText(0)).toBe('+00:00');
  });

  it("reads a booking's cut-offs at its port of loading, at the home zone without one", () => {
    expect(cutoffTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam');
    expect(cutoffTimeZone(null)).toBe('Asia/Shanghai');
    expect(cutoffTimeZone('Mars/Olympus')).toBe('Asia/Shanghai');
  });

  it('shows a cut-off as its port reads it, with the offset, in each language and on documents', () => {
    const cutoff = '2026-12-10T17:00:00+01:00';
    expect(formatLocalDateTime(cutoff, 'zh-CN')).toBe('2026-12-10 17:00 (UTC+01:00)');
    expect(formatLocalDateTime(cutoff, 'en-US')).toBe('12/10/2026 17:00 (UTC+01:00)');
    expect(formatLocalDateTime('2026-12-10T17:00:00-08:00', 'en-US')).toBe('12/10/2026 17:00 (UTC-08:00)');
    expect(formatLocalDateTime('2026-12-10T17:00:00Z', 'zh-CN')).toBe('2026-12-10 17:00 (UTC+00:00)');
    expect(formatDocumentDateTime(cutoff)).toBe('10-DEC-2026 17:00 (UTC+01:00)');
    // A time written without an offset (a loading stop) stays as written.
    expect(formatLocalDateTime('2026-12-10 17:00', 'en-US')).toBe('12/10/2026 17:00');
    expect(formatDocumentDateTime('2026-12-10 17:00')).toBe('10-DEC-2026 17:00');
  });
});
