import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKv, type KvStore, redisKv } from '../src/platform/kv.js';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Store = { name: string; open(): Promise<{ kv: KvStore; close(): Promise<void> }> };

const stores: Store[] = testDatabaseKinds().map((kind) => ({
  name: `database (${kind})`,
  async open() {
    const database: TestDatabase = await createTestDatabase(kind);
    return { kv: databaseKv(database.db), close: () => database.drop() };
  },
}));
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  stores.push({
    name: 'redis',
    async open() {
      const kv = redisKv(redisUrl);
      return { kv, close: () => kv.close() };
    },
  });
}

for (const store of stores) {
  describe(`shared short-lived state: ${store.name}`, () => {
    let kv: KvStore;
    let close: () => Promise<void>;
    const prefix = `test:${Date.now()}:${Math.random()}:`;
    beforeAll(async () => {
      ({ kv, close } = await store.open());
    });
    afterAll(async () => {
      await close();
    });

    it('keeps a value until it expires', async () => {
      await kv.set(`${prefix}a`, 'one', 60_000);
      const got = await kv.get(`${prefix}a`);
      expect(got?.value).toBe('one');
      expect(got?.ttlMs).toBeGreaterThan(50_000);
      await kv.set(`${prefix}short`, 'x', 50);
      await sleep(120);
      expect(await kv.get(`${prefix}short`)).toBeUndefined();
      expect(await kv.take(`${prefix}short`)).toBeUndefined();
    });

    it('keeps values for weeks (a TTL past 2^31 ms, as the quote board version uses)', async () => {
      const month = 30 * 24 * 3_600_000;
      await kv.set(`${prefix}month`, 'v1', month);
      const got = await kv.get(`${prefix}month`);
      expect(got?.value).toBe('v1');
      expect(got?.ttlMs).toBeGreaterThan(month - 60_000);
      const counted = await kv.incr(`${prefix}month-count`, month);
      expect(counted).toEqual({ count: 1, ttlMs: expect.any(Number) });
      expect(counted.ttlMs).toBeGreaterThan(month - 60_000);
    });

    it('hands a value to exactly one of many concurrent takers', async () => {
      await kv.set(`${prefix}once`, 'token', 60_000);
      const results = await Promise.all(Array.from({ length: 8 }, () => kv.take(`${prefix}once`)));
      expect(results.filter((r) => r === 'token')).toHaveLength(1);
      expect(await kv.get(`${prefix}once`)).toBeUndefined();
    });

    it('counts within a window and starts again after it', async () => {
      const key = `${prefix}count`;
      const counts = await Promise.all(Array.from({ length: 5 }, () => kv.incr(key, 150)));
      expect(counts.map((c) => c.count).sort()).toEqual([1, 2, 3, 4, 5]);
      expect((await kv.get(key))?.value).toBe('5');
      await sleep(250);
      expect((await kv.incr(key, 60_000)).count).toBe(1);
      await kv.del(key);
      expect(await kv.get(key)).toBeUndefined();
    });
  });
}
