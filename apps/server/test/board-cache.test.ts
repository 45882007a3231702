import { describe, expect, it } from 'vitest';
import { type BoardClock, boardCache } from '../src/modules/rates/board-cache.js';
import type { KvStore } from '../src/platform/kv.js';

/**
 * The shared store as two instances see it: one map, no expiry needed here. Every board version
 * written is appended to `published`.
 */
function memoryKv(published: string[] = []): KvStore {
  const values = new Map<string, string>();
  return {
    async set(key, value) {
      values.set(key, value);
      if (key === 'quotes:board-version') published.push(value);
    },
    async get(key) {
      const value = values.get(key);
      return value === undefined ? undefined : { value, ttlMs: 60_000 };
    },
    async take(key) {
      const value = values.get(key);
      values.delete(key);
      return value;
    },
    async incr() {
      throw new Error('not used');
    },
    async del(key) {
      values.delete(key);
    },
    async close() {},
  };
}

/** A page source whose answers the test controls: each computation returns the current `value`, or waits while `hold` is set. */
function source(initial: string) {
  const state = {
    value: initial,
    computed: 0,
    hold: undefined as Promise<void> | undefined,
    compute: async () => {
      state.computed += 1;
      const value = state.value;
      if (state.hold) await state.hold;
      return value;
    },
  };
  return state;
}

/** A clock that stands still until the test moves it; timers fire as it passes them. */
function manualClock(): BoardClock & { advance(ms: number): void; pending(): number } {
  let time = 0;
  const timers = new Set<{ at: number; run: () => void }>();
  return {
    now: () => time,
    after(ms, run) {
      const timer = { at: time + ms, run };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      time += ms;
      const due = [...timers].filter((timer) => timer.at <= time).sort((a, b) => a.at - b.at);
      for (const timer of due) {
        timers.delete(timer);
        timer.run();
      }
    },
    pending: () => timers.size,
  };
}

function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

describe('quote board cache', () => {
  it('recomputes the pages in use before a write answers, so the next read is fresh and computes nothing', async () => {
    const cache = boardCache<string>({ kv: memoryKv() });
    const page = source('v1');
    expect(await cache.get('p', page.compute)).toBe('v1');
    expect(await cache.get('p', page.compute)).toBe('v1');
    expect(page.computed).toBe(1);
    page.value = 'v2';
    await cache.changed();
    expect(page.computed).toBe(2);
    expect(await cache.get('p', page.compute)).toBe('v2');
    expect(page.computed).toBe(2);
  });

  it('keeps serving the previous page to readers while another instance’s change is recomputed', async () => {
    const kv = memoryKv();
    const writer = boardCache<string>({ kv });
    const reader = boardCache<string>({ kv, checkEveryMs: 0 });
    const page = source('v1');
    expect(await reader.get('p', page.compute)).toBe('v1');
    page.value = 'v2';
    await writer.changed();
    const held = gate();
    page.hold = held.closed;
    // The reader notices the new version, starts recomputing, and answers from the previous page.
    expect(await reader.get('p', page.compute)).toBe('v1');
    await expect.poll(() => page.computed).toBe(2);
    expect(await reader.get('p', page.compute)).toBe('v1');
    expect(await reader.get('p', page.compute)).toBe('v1');
    held.open();
    page.hold = undefined;
    await expect.poll(() => reader.get('p', page.compute)).toBe('v2');
    expect(page.computed).toBe(2); // the readers never computed: they were served, then swapped
  });

  it('reads the shared version again after checkEveryMs, and then serves another instance’s change', async () => {
    const kv = memoryKv();
    const clock = manualClock();
    const writer = boardCache<string>({ kv });
    const reader = boardCache<string>({ kv, clock, checkEveryMs: 1_000 });
    const page = source('v1');
    expect(await reader.get('p', page.compute)).toBe('v1');
    page.value = 'v2';
    await writer.changed();
    clock.advance(999);
    // Within checkEveryMs the reader trusts the version it read: no store read, no recomputation.
    expect(await reader.get('p', page.compute)).toBe('v1');
    expect(page.computed).toBe(1);
    clock.advance(1);
    // Now it reads the store, sees the new version and recomputes in the background.
    expect(await reader.get('p', page.compute)).toBe('v1');
    await expect.poll(() => reader.get('p', page.compute)).toBe('v2');
    expect(page.computed).toBe(2);
  });

  it('drops the previous pages when a recomputation takes longer than refreshWithinMs', async () => {
    const kv = memoryKv();
    const clock = manualClock();
    const writer = boardCache<string>({ kv });
    const reader = boardCache<string>({ kv, clock, checkEveryMs: 0, refreshWithinMs: 50 });
    const page = source('v1');
    await reader.get('p', page.compute);
    await writer.changed();
    const held = gate();
    page.hold = held.closed;
    page.value = 'v2';
    expect(await reader.get('p', page.compute)).toBe('v1');
    await expect.poll(() => clock.pending()).toBe(1); // the refresh is under way, its deadline set
    clock.advance(49);
    expect(await reader.get('p', page.compute)).toBe('v1'); // before the deadline: the previous page
    page.hold = undefined;
    page.value = 'v3';
    clock.advance(1);
    // The held page ('v2') was not swapped in: the page is computed when asked for.
    await expect.poll(() => reader.get('p', page.compute)).toBe('v3');
    held.open();
    await held.closed;
    expect(await reader.get('p', page.compute)).toBe('v3');
    expect(page.computed).toBe(3); // the first read, the held refresh, the read after the deadline
  });

  it('tells of a background refresh whose page failed, and of one that ran out of time', async () => {
    const kv = memoryKv();
    const clock = manualClock();
    const writer = boardCache<string>({ kv });
    const failures: unknown[] = [];
    const reader = boardCache<string>({
      kv,
      clock,
      checkEveryMs: 0,
      refreshWithinMs: 50,
      onRefreshError: (error) => failures.push(error),
    });
    let broken = false;
    const compute = async () => {
      if (broken) throw new Error('database gone');
      return 'v1';
    };
    await reader.get('p', compute);
    broken = true;
    await writer.changed();
    await reader.get('p', compute); // sees the new version: the refresh starts in the background
    await expect.poll(() => failures.length).toBe(1);
    expect(String(failures[0])).toContain('database gone');

    broken = false;
    const page = source('v2');
    await reader.get('q', page.compute);
    const held = gate();
    page.hold = held.closed;
    await writer.changed();
    await reader.get('q', page.compute);
    await expect.poll(() => clock.pending()).toBe(1);
    clock.advance(49);
    await Promise.resolve();
    expect(failures).toHaveLength(1); // not yet out of time
    clock.advance(1);
    await expect.poll(() => failures.length).toBe(2);
    expect(String(failures[1])).toContain('not recomputed within 50 ms');
    held.open();
  });

  it('publishes a new version for every write, also when writes share one recomputation', async () => {
    const published: string[] = [];
    const kv = memoryKv(published);
    const writer = boardCache<string>({ kv });
    const reader = boardCache<string>({ kv, checkEveryMs: 0 });
    const page = source('v1');
    await writer.get('p', page.compute);
    expect(await reader.get('p', page.compute)).toBe('v1');
    const held = gate();
    page.hold = held.closed;
    page.value = 'v2';
    const first = writer.changed();
    await expect.poll(() => page.computed).toBe(3); // the first write is recomputing, held
    page.hold = undefined;
    page.value = 'v3';
    const second = writer.changed(); // waits for the first, then recomputes
    const third = writer.changed(); // shares the second's recomputation
    held.open();
    // What the store holds as each write answers: every write has published a version by then.
    const seen = await Promise.all(
      [first, second, third].map((write) =>
        write.then(async () => (await kv.get('quotes:board-version'))?.value),
      ),
    );
    expect(published).toHaveLength(3); // one store write per write
    const [afterFirst, afterSecond, afterThird] = published;
    expect(afterSecond).not.toBe(afterFirst); // the later writes' change is a version of its own
    expect(afterThird).toBe(afterSecond); // the same recomputation, the same version
    expect(seen).toEqual([afterFirst, afterSecond, afterThird]);
    expect(await writer.get('p', page.compute)).toBe('v3');
    expect(page.computed).toBe(4); // two reads, the first write, the second and third writes together
    // The other instance, which computed before the writes, recomputes under the published version.
    await expect.poll(() => reader.get('p', page.compute)).toBe('v3');
  });
});
