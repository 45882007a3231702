import { describe, expect, it } from 'vitest';
import {
  formatInstant,
  isTimeZone,
  nextDay,
  startOfZonedDay,
  zonedDate,
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
