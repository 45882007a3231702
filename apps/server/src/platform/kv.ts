import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from './db.js';

/**
 * Short-lived state that every instance must share (captchas, login throttles, reset codes):
 * in the database by default, in Redis when REDIS_URL is set. Keys expire on their own.
 */
export type KvStore = {
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value and the ms it has left, or undefined when absent or expired. */
  get(key: string): Promise<{ value: string; ttlMs: number } | undefined>;
  /** Reads and deletes in one step: of two concurrent takers, one gets the value. */
  take(key: string): Promise<string | undefined>;
  /** Adds one to a counter that expires ttlMs after its first increment; returns the count and ms left. */
  incr(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
};

type Row = Record<string, unknown>;

function firstRow(result: unknown): Row | undefined {
  const rows = (result as { rows?: Row[] }).rows;
  return rows?.[0];
}

/** kv_entries.key is varchar(200): a longer key (one holding a 254-character e-mail address) is stored by its hash. */
const KEY_MAX = 200;
function storedKey(key: string): string {
  if (key.length <= KEY_MAX) return key;
  return `${key.slice(0, 120)}#${createHash('sha256').update(key).digest('hex')}`;
}

export function databaseKv(db: Db): KvStore {
  let writes = 0;
  const sweep = async () => {
    // Expired rows are ignored by every read; sweeping now and then keeps the table small.
    if (++writes % 200 === 0) await db.execute(sql`delete from kv_entries where expires_at < now()`);
  };
  return {
    async set(key, value, ttlMs) {
      await db.execute(sql`
        insert into kv_entries (key, value, expires_at)
        values (${storedKey(key)}, ${value}, now() + make_interval(secs => ${ttlMs / 1000}))
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
      await sweep();
    },
    async get(key) {
      const row = firstRow(
        await db.execute(sql`
          select value, greatest(1, ceil(extract(epoch from (expires_at - now())) * 1000))::bigint as ttl
          from kv_entries where key = ${storedKey(key)} and expires_at > now()`),
      );
      return row ? { value: String(row.value), ttlMs: Number(row.ttl) } : undefined;
    },
    async take(key) {
      const row = firstRow(
        await db.execute(
          sql`delete from kv_entries where key = ${storedKey(key)} returning value, expires_at > now() as live`,
        ),
      );
      return row && row.live === true ? String(row.value) : undefined;
    },
    async incr(key, ttlMs) {
      const row = firstRow(
        await db.execute(sql`
          insert into kv_entries (key, value, expires_at)
          values (${storedKey(key)}, '1', now() + make_interval(secs => ${ttlMs / 1000}))
          on conflict (key) do update set
            value = case when kv_entries.expires_at <= now() then '1' else (kv_entries.value::int + 1)::text end,
            expires_at = case when kv_entries.expires_at <= now() then excluded.expires_at else kv_entries.expires_at end
          returning value, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::bigint as ttl`),
      );
      await sweep();
      return { count: Number(row?.value ?? 1), ttlMs: Number(row?.ttl ?? ttlMs) };
    },
    async del(key) {
      await db.execute(sql`delete from kv_entries where key = ${storedKey(key)}`);
    },
    async close() {},
  };
}

export function redisKv(url: string): KvStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: 'portal:' });
  redis.on('error', () => undefined); // reported by the failing command instead
  return {
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async get(key) {
      const [[, value], [, ttl]] = (await redis.multi().get(key).pttl(key).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return value === null ? undefined : { value, ttlMs: Math.max(1, ttl) };
    },
    async take(key) {
      return (await redis.getdel(key)) ?? undefined;
    },
    async incr(key, ttlMs) {
      const result = await redis
        .multi()
        .incr(key)
        .pexpire(key, Math.max(1, Math.round(ttlMs)), 'NX')
        .pttl(key)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const left = Number(result?.[2]?.[1] ?? ttlMs);
      return { count, ttlMs: left > 0 ? left : ttlMs };
    },
    async del(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
