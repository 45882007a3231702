/** Pieces of the generators' SQL, and the deterministic randomness both sides of it draw on. */
import { type SQL, sql } from 'drizzle-orm';

/** A small deterministic PRNG so that two runs generate the same data. */
export function rng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => {
      const item = list[Math.floor(next() * list.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/** An integer written into the SQL text (only numbers the generators compute, never input). */
export function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
}

/** A text[] literal of constants (the vocabulary). */
export function textArray(values: readonly string[]): SQL {
  return sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`);
}

export function intArray(values: readonly number[]): SQL {
  return sql.raw(`(ARRAY[${values.map((v) => String(Math.trunc(v))).join(',')}]::integer[])`);
}

/** A uniform number in [0, 1) from the row number `row` (an SQL expression) and stream `k`. */
export function uniform(row: SQL, seed: number, k: number): SQL {
  return sql`((hashint8extended((${row})::bigint, ${int(seed * 1000 + k)}) & 1073741823)::float8 / 1073741824.0)`;
}

/** Runs `count` rows in chunks, `parallel` chunks at a time (PGlite queues them anyway). */
export async function inChunks(
  count: number,
  chunk: number,
  parallel: number,
  run: (from: number, to: number) => Promise<unknown>,
) {
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const from = next;
      const to = Math.min(count, from + chunk - 1);
      next = to + 1;
      await run(from, to);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

export function numericArray(values: readonly number[]): SQL {
  return sql.raw(`(ARRAY[${values.map((v) => String(v)).join(',')}]::numeric[])`);
}
