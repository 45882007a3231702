import { describe, expect, it } from 'vitest';
import { readQueryParams } from './common.js';
import { expiresSoon, quoteQuery, shanghaiDay } from './rates.js';

describe('rates expiring this week', () => {
  it('counts days in Shanghai: today and the six after', () => {
    // 2026-11-28 20:00 UTC is already 2026-11-29 in Shanghai.
    const now = new Date('2026-11-28T20:00:00Z');
    expect(shanghaiDay(now)).toBe('2026-11-29');
    expect(expiresSoon('2026-11-28', now)).toBe(false);
    expect(expiresSoon('2026-11-29', now)).toBe(true);
    expect(expiresSoon('2026-12-05', now)).toBe(true);
    expect(expiresSoon('2026-12-06', now)).toBe(false);
  });
});

describe('list queries read from an address', () => {
  it('keeps the good values and leaves out the bad ones, without defaults', () => {
    const params = new URLSearchParams(
      'pol_id=12&to_id=abc&field=price&container_id=3&order=sideways&page=2&size=99999&unknown=1',
    );
    expect(readQueryParams(quoteQuery, params)).toEqual({
      pol_id: 12,
      field: 'price',
      container_id: 3,
      page: 2,
    });
    expect(readQueryParams(quoteQuery, new URLSearchParams(''))).toEqual({});
  });
});
