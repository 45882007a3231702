import { randomUUID } from 'node:crypto';
import type { KvStore } from '../../platform/kv.js';

/** The shared key whose value changes whenever any instance changes a rate. */
const VERSION_KEY = 'quotes:board-version';
const VERSION_TTL_MS = 30 * 24 * 3_600_000;

export type BoardCacheOptions = {
  kv: KvStore;
  /** How long an instance trusts the version it last read before reading it again. */
  checkEveryMs?: number;
  /** A page is recomputed after this long even without a rate change (names of forwarders may change). */
  maxAgeMs?: number;
  /** Pages kept; the least recently used page goes first. */
  maxEntries?: number;
  /** Told when the shared store cannot be read (at most once a minute): pages are then computed fresh. */
  onReadError?: (error: unknown) => void;
};

type Entry<T> = { version: string; expiresAt: number; value: Promise<T> };

/**
 * The quote board's pages, computed once and served from memory until a rate changes.
 *
 * Every rate write (on any instance) stores a new random version in the shared store (the database,
 * or Redis when REDIS_URL is set) after its transaction committed; a page is served only under the
 * version it was computed under. The instance that wrote sees its change at once; other instances
 * read the version at most every `checkEveryMs` (1 s), so a change reaches their boards within that.
 * A random version (not a counter) cannot repeat when Redis restarts empty. If the store cannot be
 * read, pages are computed fresh: the cache never answers from a version it could not confirm.
 */
export function boardCache<T>(options: BoardCacheOptions) {
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, Entry<T>>();
  let version: string | undefined;
  let checkedAt = -Infinity;
  let reading: Promise<string | undefined> | undefined;
  let reportedAt = -Infinity;

  const readVersion = (): Promise<string | undefined> => {
    if (performance.now() - checkedAt < checkEveryMs && version !== undefined)
      return Promise.resolve(version);
    reading ??= options.kv
      .get(VERSION_KEY)
      .then(
        (stored) => {
          version = stored?.value ?? 'initial';
          checkedAt = performance.now();
          return version;
        },
        (error: unknown) => {
          if (performance.now() - reportedAt >= 60_000) {
            reportedAt = performance.now();
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
      const current = await readVersion();
      if (current === undefined) return compute();
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && hit.version === current && hit.expiresAt > now) {
        entries.delete(key);
        entries.set(key, hit); // most recently used last
        return hit.value;
      }
      const value = compute();
      const entry: Entry<T> = { version: current, expiresAt: now + maxAgeMs, value };
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
     * Call after a rate write committed: every instance's pages become stale. Rejects when the
     * shared store cannot be written (this instance's pages are dropped all the same; other
     * instances then recompute within `maxAgeMs`).
     */
    async changed(): Promise<void> {
      const next = randomUUID();
      entries.clear();
      version = next;
      checkedAt = performance.now();
      await options.kv.set(VERSION_KEY, next, VERSION_TTL_MS);
    },
  };
}

export type BoardCache<T> = ReturnType<typeof boardCache<T>>;
