import { describe, expect, it } from 'vitest';
import { boardCache } from '../src/modules/rates/board-cache.js';
import type { KvStore } from '../src/platform/kv.js';

/** The shared store as two instances see it: one map, no expiry needed here. */
function memoryKv(): KvStore {
  const values = new Map<string, string>();
  return {
    async set(key, value) {
      values.set(key, value);
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

  it('drops the previous pages when a recomputation takes longer than refreshWithinMs', async () => {
    const kv = memoryKv();
    const writer = boardCache<string>({ kv });
    const reader = boardCache<string>({ kv, checkEveryMs: 0, refreshWithinMs: 50 });
    const page = source('v1');
    await reader.get('p', page.compute);
    await writer.changed();
    const held = gate();
    page.hold = held.closed;
    page.value = 'v2';
    expect(await reader.get('p', page.compute)).toBe('v1');
    await new Promise((resolve) => setTimeout(resolve, 120));
    page.hold = undefined;
    // The held page was not swapped in: the page is computed when asked for.
    expect(await reader.get('p', page.compute)).toBe('v2');
    held.open();
  });

  it('tells of a background refresh whose page failed, and of one that ran out of time', async () => {
    const kv = memoryKv();
    const writer = boardCache<string>({ kv });
    const failures: unknown[] = [];
    const reader = boardCache<string>({
      kv,
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
    await expect.poll(() => failures.length).toBe(2);
    expect(String(failures[1])).toContain('not recomputed within 50 ms');
    held.open();
  });

  it('publishes a new version for every write, also when writes share one recomputation', async () => {
    const kv = memoryKv();
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
    await first;
    const afterFirst = (await kv.get('quotes:board-version'))?.value;
    await Promise.all([second, third]);
    const published = (await kv.get('quotes:board-version'))?.value;
    expect(published).toBeDefined();
    expect(published).not.toBe(afterFirst);
    expect(await writer.get('p', page.compute)).toBe('v3');
    expect(page.computed).toBe(4); // two reads, the first write, the second and third writes together
    // The other instance, which computed before the writes, recomputes under the published version.
    await expect.poll(() => reader.get('p', page.compute)).toBe('v3');
  });
});
