/** Deterministic helpers of the demo data: the same database every time, with dates counted from today. */

const DAY_MS = 86_400_000;

/** The calendar day `offset` days from today (UTC), as YYYY-MM-DD. */
export function isoDay(offset: number, now = Date.now()): string {
  return new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
}

/** A small seeded generator (mulberry32): the demo data varies, but never from one start to the next. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

export type Random = ReturnType<typeof seededRandom>;
