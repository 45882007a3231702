import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { type Db, rowsOf } from './db.js';

/*
 * The live bus: how an event written by one instance reaches the open event streams of every
 * instance. One subscription per instance; the instance fans each message out in memory to its own
 * streams. Without REDIS_URL there is one instance, and the bus is a loop in memory.
 */
export type LiveBus = {
  publish(message: unknown): void;
  /** Every message published by any instance (this one too), parsed. */
  subscribe(listener: (message: unknown) => void): void;
  close(): Promise<void>;
};

export function memoryBus(): LiveBus {
  const listeners: ((message: unknown) => void)[] = [];
  return {
    publish(message) {
      // A copy, as Redis would hand it over: no listener shares the writer's objects.
      const text = JSON.stringify(message);
      setImmediate(() => {
        for (const listener of listeners) listener(JSON.parse(text));
      });
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      listeners.length = 0;
    },
  };
}

/**
 * Redis pub/sub on `channel`. A channel is not scoped by Redis's database number, so the caller
 * names it after the deployment (its database), and portals sharing a Redis never hear each other.
 */
export function redisBus(url: string, channel: string, onError: (error: unknown) => void): LiveBus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const listeners: ((message: unknown) => void)[] = [];
  const ready = subscriber.subscribe(channel).catch(onError);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of listeners) listener(message);
  });
  return {
    publish(message) {
      publisher.publish(channel, JSON.stringify(message)).catch(onError);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      await ready;
      await Promise.all([subscriber.quit().catch(() => undefined), publisher.quit().catch(() => undefined)]);
    },
  };
}

/**
 * The deployment's channel: named after its database (PostgreSQL's name; the embedded database's
 * directory), so that portals sharing one Redis never hear each other (a channel ignores the
 * Redis database number).
 */
export async function liveChannel(
  database: { kind: 'pglite' | 'postgres'; db: Db },
  dataDir: string,
): Promise<string> {
  if (database.kind === 'pglite')
    return `portal:live:${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  const [row] = await rowsOf<{ name: string }>(database.db, sql`select current_database() as name`);
  return `portal:live:${row?.name ?? 'portal'}`;
}
