import { randomUUID } from 'node:crypto';
import type { KvStore } from '../../platform/kv.js';

/** The shared key whose value changes whenever any instance changes a rate. */
const VERSION_KEY = 'quotes:board-version';
const VERSION_TTL_MS = 30 * 24 * 3_600_000;

/** The time and the timer the cache runs on. */
export type BoardClock = {
  /** Milliseconds, as performance.now(). */
  now(): number;
  /** Calls `run` after `ms`; the function returned cancels it. */
  after(ms: number, run: () => void): () => void;
};

const systemClock: BoardClock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

export type BoardCacheOptions = {
  kv: KvStore;
  /** The system clock unless given (tests pass a clock they move by hand). */
  clock?: BoardClock;
  /** How long an instance trusts the version it last read before reading it again. */
  checkEveryMs?: number;
  /** A page is recomputed after this long even without a rate change (names of forwarders may change). */
  maxAgeMs?: number;
  /** Pages kept; the least recently used page goes first. */
  maxEntries?: number;
  /** Pages recomputed ahead when the version changes: the most recently used, up to this many. */
  refreshAhead?: number;
  /** The longest a refresh may keep the previous pages in service; then they are dropped. */
  refreshWithinMs?: number;
  /** Told when the shared store cannot be read (at most once a minute): pages are then computed fresh. */
  onReadError?: (error: unknown) => void;
  /**
   * Told when a refresh of the pages in use failed: a page's computation rejected, or the pages were
   * not ready within `refreshWithinMs` (they are then computed when asked for).
   */
  onRefreshError?: (error: unknown) => void;
};

type Entry<T> = {
  version: string;
  expiresAt: number;
  usedAt: number;
  value: Promise<T>;
  compute: () => Promise<T>;
};

/**
 * The quote board's pages, computed once and served from memory until a rate changes.
 *
 * Every rate write (on any instance) stores a new random version in the shared store (the database,
 * or Redis when REDIS_URL is set) after its transaction committed; a page is served only under the
 * version it was computed under. A random version (not a counter) cannot repeat when Redis restarts
 * empty. If the store cannot be read, pages are computed fresh: the cache never answers from a
 * version it could not confirm.
 *
 * When the version changes, the pages in use are recomputed ahead while the previous ones stay in
 * service, and then swapped in together; so readers never queue behind the recomputation (under
 * load, fifty readers waiting on a page took hundreds of milliseconds each time a rate changed).
 * The instance that wrote recomputes before the write answers: once the write has answered, every
 * read on that instance shows it. Other instances read the version at most every `checkEveryMs`
 * (750 ms) and refresh in the background, so a change reaches their boards within that and the
 * recomputation (at most `refreshWithinMs`): within a second while a recomputation takes under
 * 250 ms (at 1 s, a change showed up to 1.01 s after the write answered).
 */
export function boardCache<T>(options: BoardCacheOptions) {
  const checkEveryMs = options.checkEveryMs ?? 750;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const refreshAhead = options.refreshAhead ?? 32;
  const refreshWithinMs = options.refreshWithinMs ?? 3_000;
  const clock = options.clock ?? systemClock;
  const entries = new Map<string, Entry<T>>();
  let version: string | undefined;
  let checkedAt = -Infinity;
  let reading: Promise<string | undefined> | undefined;
  let reportedAt = -Infinity;
  /** Counts swaps: a version read that started before the last swap says nothing newer. */
  let swaps = 0;
  /** The refresh under way, and one waiting to start after it (with the version it will serve). */
  let running: Promise<unknown> | undefined;
  let queued: { target: string; done: Promise<string> } | undefined;

  /** Recomputes the pages in use, then serves them (and only them) under `target`. */
  const refresh = async (target: string): Promise<void> => {
    const now = clock.now();
    const hot = [...entries]
      .filter(([, entry]) => now - entry.usedAt < maxAgeMs)
      .slice(-refreshAhead)
      .map(([key, entry]) => ({ key, compute: entry.compute, value: undefined as Promise<T> | undefined }));
    // Two at a time: all at once took both cores from the readers for as long as they ran.
    let next = 0;
    const worker = async () => {
      while (next < hot.length) {
        const page = hot[next++]!;
        page.value = page.compute();
        await page.value.catch(() => undefined);
      }
    };
    const computed = Promise.all([worker(), worker()]).then(() =>
      Promise.allSettled(hot.map((page) => page.value ?? Promise.reject(new Error('not computed')))),
    );
    let cancel = () => {};
    const outcome = await Promise.race([
      computed,
      new Promise<undefined>((resolve) => {
        cancel = clock.after(refreshWithinMs, () => resolve(undefined));
      }),
    ]);
    cancel();
    const failed = outcome?.find((result) => result.status === 'rejected');
    if (!outcome)
      options.onRefreshError?.(new Error(`quote board pages not recomputed within ${refreshWithinMs} ms`));
    else if (failed) options.onRefreshError?.(failed.reason);
    // Past refreshWithinMs nothing is swapped in: pages are then computed when asked for.
    entries.clear();
    const at = clock.now();
    hot.forEach((page, index) => {
      if (outcome?.[index]?.status !== 'fulfilled' || !page.value) return;
      entries.set(page.key, {
        version: target,
        expiresAt: at + maxAgeMs,
        usedAt: at,
        value: page.value,
        compute: page.compute,
      });
    });
    version = target;
    checkedAt = at;
    swaps += 1;
  };

  /**
   * A refresh that starts after the one under way. Callers before it starts share it; a writer
   * gives it a version of its own (`fresh`), so that its change is published as a new version.
   */
  const refreshTo = (target: string, fresh: boolean): Promise<string> => {
    if (queued) {
      if (fresh) queued.target = target;
      return queued.done;
    }
    const previous = running;
    const waiting = { target, done: Promise.resolve(target) };
    waiting.done = (async () => {
      await previous?.catch(() => undefined);
      queued = undefined;
      const chosen = waiting.target;
      const done = refresh(chosen);
      running = done;
      try {
        await done;
      } finally {
        if (running === done) running = undefined;
      }
      return chosen;
    })();
    queued = waiting;
    return waiting.done;
  };

  const readVersion = (): Promise<string | undefined> => {
    if (clock.now() - checkedAt < checkEveryMs && version !== undefined) return Promise.resolve(version);
    const swapsBefore = swaps;
    reading ??= options.kv
      .get(VERSION_KEY)
      .then(
        (stored) => {
          const current = stored?.value ?? 'initial';
          if (swaps !== swapsBefore) return version;
          checkedAt = clock.now();
          if (version === undefined) {
            version = current;
          } else if (current !== version && !running && !queued) {
            // Another instance changed a rate: the previous pages serve until the new ones are ready.
            refreshTo(current, false).catch((error: unknown) => options.onRefreshError?.(error));
          }
          return version;
        },
        (error: unknown) => {
          if (clock.now() - reportedAt >= 60_000) {
            reportedAt = clock.now();
            options.onReadError?.(error);
          }
          return undefined;
        },
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  return {
    /** The page under `key`: from memory when computed under the current version, else `compute()`. */
    async get(key: string, compute: () => Promise<T>): Promise<T> {
      if ((await readVersion()) === undefined) return compute();
      // The version now (a swap may have happened while the read was under way).
      const current = version ?? 'initial';
      const now = clock.now();
      const hit = entries.get(key);
      if (hit && hit.version === current && hit.expiresAt > now) {
        hit.usedAt = now;
        entries.delete(key);
        entries.set(key, hit); // most recently used last
        return hit.value;
      }
      const value = compute();
      const entry: Entry<T> = { version: current, expiresAt: now + maxAgeMs, usedAt: now, value, compute };
      entries.set(key, entry);
      // A failed computation is not kept; concurrent askers of a page share one computation.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    /**
     * Call after a rate write committed, before it answers: the pages in use are recomputed (after
     * the commit, so they show it), then every instance's pages become stale. Rejects when the
     * shared store cannot be written (this instance's pages are fresh all the same; other
     * instances then recompute within `maxAgeMs`).
     */
    async changed(): Promise<void> {
      const published = await refreshTo(randomUUID(), true);
      await options.kv.set(VERSION_KEY, published, VERSION_TTL_MS);
    },
  };
}

export type BoardCache<T> = ReturnType<typeof boardCache<T>>;
