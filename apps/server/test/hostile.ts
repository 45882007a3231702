import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import {
  ALL_AUTHORITIES,
  type Authority,
  FORWARDER_AUTHORITIES,
  isValidContainerNo,
  type ListData,
  MEMBER_AUTHORITIES,
} from '@freight/contract';
import { expect } from 'vitest';
import { changeAuthorities, findAccountByUsername } from '../src/modules/users/service.js';
import type { Db } from '../src/platform/db.js';
import { type Envelope, login, multipart, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, type TestApp } from './helpers.js';

/*
 * Shared pieces of the hostile-input tests (hostile.test.ts, hostile-uploads.test.ts): the route
 * table of the real app, adversarial values, a cheap database fingerprint and the reply checks.
 */

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The routes that take multipart uploads; hostile-uploads.test.ts covers them with hostile forms. */
export const UPLOAD_ROUTES = [
  'POST /api/userinfo',
  'PUT /api/userinfo',
  'POST /api/customer/contact/import',
  'POST /api/rate/import',
  'POST /api/attachment',
] as const;

export type RouteKey = `${string} ${string}`;

/**
 * Records every route of the next Fastify instance created (Fastify publishes each new instance on
 * the `fastify.initialization` diagnostics channel before any plugin runs), so that the tests can
 * compare the real route table with the routes they have generators for. `multipart` holds the
 * routes whose schema says they consume multipart/form-data.
 */
export function recordRoutes(): { routes: Set<RouteKey>; multipart: Set<RouteKey>; stop(): void } {
  const routes = new Set<RouteKey>();
  const multipart = new Set<RouteKey>();
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
      for (const method of [route.method].flat()) {
        const key: RouteKey = `${method.toUpperCase()} ${route.url}`;
        routes.add(key);
        if (Array.isArray(consumes) && consumes.includes('multipart/form-data')) multipart.add(key);
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  return { routes, multipart, stop: () => diagnostics.unsubscribe('fastify.initialization', onInit) };
}

/** The write routes (POST/PUT/PATCH/DELETE) under /api of a recorded route table. */
export function writeRoutes(routes: Set<RouteKey>): RouteKey[] {
  return [...routes]
    .filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return (WRITE_METHODS as readonly string[]).includes(method) && url.startsWith('/api/');
    })
    .sort();
}

/* ---------- database fingerprint ---------- */

/** Tables the write endpoints change (checked to exist, so that a rename is noticed). */
const WRITTEN_TABLES = [
  'companies',
  'people',
  'files',
  'contacts',
  'rates',
  'rate_spaces',
  'rfqs',
  'bookings',
  'booking_lines',
  'booking_history',
  'booking_documents',
  'booking_instructions',
  'booking_instruction_containers',
  'invitations',
  'activity',
  'notifications',
  'webhook_endpoints',
  'webhook_deliveries',
  'mail_preferences',
  'mail_digest_queue',
  'mail_outbox',
  'system_config',
];
/** Short-lived state that a refused request may legitimately touch (session renewal, throttles, captchas). */
const VOLATILE_TABLES = ['sessions', 'kv_entries'];

type Rows = { rows: Record<string, unknown>[] };

/**
 * Cheap fingerprints of the database: per table its row count and newest row version (the largest
 * `xmin`, the transaction that wrote the row). An insert or update writes a row version with a new,
 * larger xmin; a delete lowers the count. `written()` covers the tables the endpoints write (taken
 * after every request); `others()` every other table but the volatile ones (reference data, which
 * no write endpoint may change; a new table shows up here until it is listed as written).
 */
export async function fingerprinter(
  db: Db,
): Promise<{ written(): Promise<string>; others(): Promise<string> }> {
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as Rows;
  const tables = result.rows.map((row) => String(row.table_name));
  for (const table of WRITTEN_TABLES) expect(tables, `table ${table} exists`).toContain(table);
  const others = tables.filter(
    (table) =>
      !WRITTEN_TABLES.includes(table) && !VOLATILE_TABLES.includes(table) && !table.startsWith('__drizzle'),
  );
  const query = (list: string[]) =>
    `select concat_ws(' ', ${list
      .map(
        (table) =>
          `(select '${table}=' || count(*) || '@' || coalesce(max(xmin::text::bigint), 0) from "${table}")`,
      )
      .join(', ')}) as fp`;
  const run = (text: string) => async () => {
    const rows = (await db.execute(sql.raw(text))) as unknown as Rows;
    return String(rows.rows[0]?.fp);
  };
  return { written: run(query(WRITTEN_TABLES)), others: run(query(others)) };
}

/** Number of stored upload files (directory storage) under DATA_DIR/files. */
export function storedFileCount(dataDir: string): number {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  let count = 0;
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) count += 1;
  return count;
}

/* ---------- reply checks ---------- */

/** The longest a single hostile request may take (a bomb that takes longer is a denial of service). */
const REQUEST_BUDGET_MS = 10_000;

/** Resolves like `reply`, or fails naming `context` when it takes longer than REQUEST_BUDGET_MS. */
export async function withinBudget<T>(reply: Promise<T>, context: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no reply within ${REQUEST_BUDGET_MS} ms: ${context()}`)),
      REQUEST_BUDGET_MS,
    );
  });
  try {
    return await Promise.race([reply, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

const clip = (text: string, max = 400) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length})` : text;

/** A short description of a request for failure messages (payloads can be megabytes). */
export function describeRequest(request: {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? request.payload.toString('latin1')
        : typeof request.payload === 'string'
          ? request.payload
          : JSON.stringify(request.payload);
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${clip(value, 80)}`)
    .join('; ');
  return `${request.method} ${clip(request.url, 200)} [${headers}] ${clip(payload, 600)}`;
}

/**
 * Every reply is 2xx or 4xx, never 5xx; an error is the envelope `{code: 1, msg}` with a non-empty
 * message and no stack trace; a success is `{code: 0}`. Nothing polluted Object.prototype.
 */
export function expectSafeReply(response: LightMyRequestResponse, context: string): void {
  const where = `${context}\n→ ${response.statusCode} ${clip(response.body, 600)}`;
  expect(response.statusCode, where).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, where).toBeLessThan(500);
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), `Object.prototype changed: ${where}`).toEqual(
    prototypeNames,
  );
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  if (response.statusCode >= 400) {
    expect(isJson, where).toBe(true);
    const body = response.json() as { code?: unknown; msg?: unknown; errors?: unknown };
    expect(body.code, where).toBe(1);
    expect(typeof body.msg, where).toBe('string');
    expect(String(body.msg).trim().length, where).toBeGreaterThan(0);
    expect(response.body, where).not.toMatch(/\n\s+at |node_modules|\bstack\b/);
    if (body.errors !== undefined) {
      expect(Array.isArray(body.errors), where).toBe(true);
      for (const error of body.errors as { field?: unknown; message?: unknown }[]) {
        expect(typeof error.field, where).toBe('string');
        expect(typeof error.message, where).toBe('string');
        expect(String(error.message).length, where).toBeGreaterThan(0);
      }
    }
  } else if (isJson) {
    expect((response.json() as { code?: unknown }).code, where).toBe(0);
  }
}

/* ---------- running properties ---------- */

/** With HOSTILE_STATS=1, counts of reply status (and message) per route, printed after each route. */
export function statusCounter(route: string) {
  const counts = new Map<string, number>();
  return {
    add(response: LightMyRequestResponse) {
      if (!process.env.HOSTILE_STATS) return;
      let msg = '';
      if (response.statusCode >= 400) msg = String((response.json() as { msg?: unknown }).msg).slice(0, 60);
      const key = `${response.statusCode} ${msg}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    print() {
      if (!process.env.HOSTILE_STATS) return;
      const lines = [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `  ${n}\t${key}`);
      console.log(`${route}\n${lines.join('\n')}`);
    },
  };
}

/**
 * Cases per property: the full count in `npm run test:full` (TEST_FULL=1), a quarter of it in
 * `npm test` and CI, where each route still meets every kind of hostile value but the suite is
 * not the slowest of the build. A seed gives the same first cases whatever the count, so a failure
 * of the short run replays in the full one with its HOSTILE_SEED.
 */
export function caseCount(full: number): number {
  return process.env.TEST_FULL ? full : Math.ceil(full / 4);
}

/** The seed of this run: HOSTILE_SEED to replay one, else a new one (printed on failure). */
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : Date.now() % 2_147_483_647;

/**
 * Runs an async property with the run's seed. A failure reports the seed and path to replay it
 * (HOSTILE_SEED=<seed>, and `path` for fc.assert) and the concise failure message, not the
 * (possibly megabyte-long) counterexample; it does not shrink, to keep failing runs short.
 */
export async function check<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  numRuns: number,
): Promise<void> {
  // Each property gets its own seed from the run's, so that routes with alike forms differ.
  let seed = SEED;
  for (const char of name) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    seed,
    numRuns,
    endOnFailure: true,
  });
  if (details.failed) {
    const error = details.errorInstance;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${name}: failed after ${details.numRuns} runs (replay the run with HOSTILE_SEED=${SEED}; this property's seed ${details.seed}, path ${details.counterexamplePath})\n${message}`,
    );
  }
}

/* ---------- adversarial values ---------- */

/** A placeholder that the serializer replaces with a raw JSON token (1e309, -0, NaN …). */
const RAW = '@@raw@@';
const rawToken = (token: string) => `${RAW}${token}${RAW}`;

/** JSON text of a value, with raw-token placeholders put in as they are. */
function serialize(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(new RegExp(`"${RAW}(.*?)${RAW}"`, 'g'), (_match, token: string) => token);
}

/** Texts every free-text, number and id field should survive. */
const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00x',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\u200B',
  '\uFEFF',
  '\u200D',
  '\u2028\u2029',
  '\u0085',
  '\u00AD',
  '\uFFFF',
  '\uFFFD',
  '👨‍👩‍👧‍👦',
  '🇨🇳',
  '😀',
  'Z̸̢͉̈́a̷l̵g̴o̶',
  'ﷺ',
  '١٢٣',
  '１２３',
  'ＡＢＣ',
  'İı',
  'ß',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '1; select pg_sleep(5)',
  '\\',
  '%',
  '_',
  '%_\\',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '%00',
  '%s%s%n',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\r\nSet-Cookie: a=b',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '-0',
  '0x10',
  '0b11',
  '0o7',
  '1_000',
  ' 1 ',
  '1e3',
  '.5',
  '5.',
  '+1',
  '9007199254740993',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '0.001',
  '999999.999',
  '00001',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '2026-13-01',
  '+275760-09-13',
  '2026-01-01T00:00:00Z',
  '2026-01-01 25:61',
  'A'.repeat(256),
  'A'.repeat(10_001),
  '中'.repeat(3001),
  '😀'.repeat(2001),
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  `${'x'.repeat(300)}@example.com`,
];

const specialChars = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001F',
  '\u007F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\u202E',
  '\u200B',
  '\uFEFF',
  '"',
  "'",
  '\\',
  '%',
  '_',
  '<',
  '>',
  '&',
  ';',
  '\n',
  '😀',
  '中',
  'A',
  'a',
  '0',
  '-',
  '.',
  ',',
  ' ',
);

/** Random text over a mix of every BMP unit (lone surrogates included) and the usual troublemakers. */
export const nastyText = fc.string({
  unit: fc.oneof(
    specialChars,
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  ),
  maxLength: 40,
});

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: nastyText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(100, 1_000, 70_000, 300_000), fc.constantFrom('A', '中', '😀', '\u0000', ' '))
      .map(([length, char]) => char.repeat(length)),
  },
);

const rawTokens = fc
  .constantFrom(
    '1e309',
    '-1e309',
    '-0',
    '1e-400',
    '0.0000000000000000000000001',
    '123456789012345678901234567890',
    '1E3',
    '2147483648',
    '-2147483649',
    '1.0',
    '1e0',
  )
  .map(rawToken);

const nastyNumber: fc.Arbitrary<number | string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -0,
      -1,
      1,
      1.5,
      0.1,
      2 ** 31,
      2 ** 31 - 1,
      -(2 ** 31),
      2 ** 53 + 2,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MIN_VALUE,
      Number.EPSILON,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: rawTokens },
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...PROTO_KEYS,
      'toString',
      'valueOf',
      'hasOwnProperty',
      '',
      ' ',
      'id',
      'user_id',
      'owner_id',
      'ownerId',
      'company_id',
      'companyId',
      'status',
      'code',
      'order_no',
      'authorities',
      'is_forwarder',
      'password',
      'password_hash',
      'username',
      'created_at',
      '$where',
      '$gt',
      'a.b',
      '0',
      '\u0000',
      '😀',
    ),
  },
  { weight: 1, arbitrary: nastyText },
);

/** Sets an own, enumerable property, even for "__proto__" (plain assignment would set the prototype). */
function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function objectFrom(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) defineOwn(out, key, value);
  return out;
}

/** Nested arrays or objects `depth` levels deep. */
function nest(depth: number, kind: 'array' | 'object', leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__": {"polluted": "yes", "isAdmin": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'),
  JSON.parse('{"prototype": {"polluted": "yes"}}'),
  JSON.parse('{"__proto__": [1, 2]}'),
  JSON.parse('{"__proto__": null}'),
);

/** Any JSON value an attacker might put where a field is expected. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: nastyString },
    { weight: 3, arbitrary: nastyNumber },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['']) },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(nastyKey, tie('value')), { maxLength: 4 }).map(objectFrom),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(50, 500, 3000), fc.constantFrom<'array' | 'object'>('array', 'object'))
        .map(([depth, kind]) => nest(depth, kind)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(31, 201, 1001, 20_000), fc.constantFrom<unknown>(1, 'x', {}, null))
        .map(([length, item]) => Array.from({ length }, () => item)),
    },
  ),
})).value;

/* ---------- mutating a valid payload ---------- */

type PathPart = string | number;

/** Every path inside a JSON value (objects and arrays), the root included. */
function pathsOf(value: unknown, prefix: PathPart[] = []): PathPart[][] {
  const out: PathPart[][] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) out.push(...pathsOf(item, [...prefix, key]));
  return out;
}

type Mutation =
  | { op: 'replace'; value: unknown }
  | { op: 'delete' }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'wrap' }
  | { op: 'repeat'; times: number }
  | { op: 'stringify' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: nastyValue.map((value) => ({ op: 'replace', value }) as Mutation) },
  { weight: 2, arbitrary: fc.constant<Mutation>({ op: 'delete' }) },
  {
    weight: 2,
    arbitrary: fc.tuple(nastyKey, nastyValue).map(([key, value]) => ({ op: 'add', key, value }) as Mutation),
  },
  { weight: 1, arbitrary: fc.constant<Mutation>({ op: 'wrap' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2, 31, 201, 1001).map((times) => ({ op: 'repeat', times }) as Mutation),
  },
  { weight: 1, arbitrary: fc.constant<Mutation>({ op: 'stringify' }) },
);

/** Bytes a repeated array may grow to: four times the JSON body limit. */
const REPEAT_BUDGET = 4 * 1024 * 1024;

function applyMutation(root: unknown, at: PathPart[], change: Mutation): unknown {
  const transform = (current: unknown): unknown => {
    switch (change.op) {
      case 'replace':
        return change.value;
      case 'wrap':
        return [current];
      case 'stringify':
        return serialize(current);
      case 'repeat': {
        if (!Array.isArray(current)) return current;
        // Far past the body limit is enough: a 1.8 MB item repeated 1,001 times is past what a
        // string can hold and would fail the test's own serializer, not the server.
        const times = Math.min(
          change.times,
          Math.max(2, Math.floor(REPEAT_BUDGET / serialize(current).length)),
        );
        return Array.from({ length: times }, (_, i) => current[i % Math.max(1, current.length)]);
      }
      case 'add':
        if (current && typeof current === 'object' && !Array.isArray(current)) {
          const copy = { ...current };
          defineOwn(copy, change.key, change.value);
          return copy;
        }
        return current;
      case 'delete':
        return undefined;
    }
  };
  if (at.length === 0) return change.op === 'delete' ? undefined : transform(root);
  const [head, ...rest] = at as [PathPart, ...PathPart[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length === 0 && change.op === 'delete') copy.splice(Number(head), 1);
    else copy[Number(head)] = applyMutation(root[Number(head)], rest, change);
    return copy;
  }
  if (root && typeof root === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(root)) defineOwn(copy, key, item);
    if (rest.length === 0 && change.op === 'delete') delete copy[String(head)];
    else defineOwn(copy, String(head), applyMutation(copy[String(head)], rest, change));
    return copy;
  }
  return root;
}

/** A valid payload with one to three hostile changes anywhere inside it. */
function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), mutation), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((value, [at, change]) => applyMutation(value, at, change), valid));
}

/* ---------- request bodies ---------- */

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; payload: string | Buffer };

const BODY_LIMIT = 1024 * 1024;

/** Bodies that are not (acceptable) JSON at all: the parser, not the schema, must refuse them. */
const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      'null',
      '"text"',
      '123',
      'true',
      '[',
      '{',
      '{"a":1,}',
      "{'a':1}",
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":-Infinity}',
      '{"a":0x10}',
      '{"a":01}',
      '{"a":undefined}',
      '{"a":1} trailing',
      '{"a":1}{"b":2}',
      '/* comment */ {}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":"\\x41"}',
      '{"a":1,"a":2}',
      '{"__proto__":{"polluted":"yes"}}',
      '{"a":{"__proto__":{"polluted":"yes"}}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
      '[{"__proto__":{"polluted":"yes"}}]',
      '\uFEFF{}',
      '{"ids":[1e309]}',
      '{"ids":[-0]}',
    )
    .map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
  fc.constantFrom(100_000, 1_000_000).map((depth): Body => ({
    kind: 'raw',
    contentType: 'application/json',
    payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
  })),
  fc.constantFrom(20_000, 200_000).map((depth): Body => ({
    kind: 'raw',
    contentType: 'application/json',
    payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  })),
  fc.constant<Body>({
    kind: 'raw',
    contentType: 'application/json',
    payload: `{"a":"${'x'.repeat(BODY_LIMIT)}"}`,
  }),
  fc
    .tuple(
      fc.constantFrom(
        undefined,
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json;;',
        'application/JSON',
        'application/vnd.api+json',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'image/png',
        '*/*',
        '',
        'application/json, text/plain',
      ),
      fc.oneof(
        fc.constantFrom(
          '{}',
          'a=1&b=2',
          '<a>1</a>',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
        ),
        nastyText,
      ),
    )
    .map(([contentType, payload]): Body => ({ kind: 'raw', contentType, payload })),
  fc
    .constantFrom(
      Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
      Buffer.from('{"a":"\xff\xfe"}', 'latin1'),
      Buffer.from([0xc0, 0x80]),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('{"a":"\u00e9"}', 'latin1'),
    )
    .map((payload): Body => ({ kind: 'raw', contentType: 'application/json', payload })),
);

/** A hostile body for a route whose valid body is `valid` (undefined: the route takes no body). */
export function hostileBody(valid: unknown): fc.Arbitrary<Body> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): Body => ({ kind: 'json', value: v }));
  const options = [
    { weight: 2, arbitrary: rawBody },
    { weight: 2, arbitrary: json(nastyValue) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  ];
  if (valid !== undefined) {
    options.push({ weight: 8, arbitrary: json(mutated(valid)) });
    // The valid body itself: the hostile part is then the id, the query or the headers.
    options.push({ weight: 1, arbitrary: json(fc.constant(valid)) });
    options.push({
      weight: 1,
      arbitrary: json(
        fc.constantFrom<unknown>(
          [valid],
          [valid, valid],
          { data: valid },
          serialize(valid),
          nest(2000, 'array', valid),
        ),
      ),
    });
  }
  return fc.oneof(...options);
}

export function bodyInjectOptions(body: Body): {
  payload?: string | Buffer;
  headers: Record<string, string>;
} {
  if (body.kind === 'none') return { headers: {} };
  if (body.kind === 'json')
    return { payload: serialize(body.value), headers: { 'content-type': 'application/json' } };
  return {
    payload: body.payload,
    headers: body.contentType === undefined ? {} : { 'content-type': body.contentType },
  };
}

/* ---------- ids, headers and queries ---------- */

/** The text with each lone surrogate replaced by U+FFFD (what a URL or header can carry). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
const encodeText = (text: string) => encodeURIComponent(wellFormed(text));

/**
 * A path segment, percent-encoded, of any length, or with a broken percent-encoding now and then:
 * the router answers those before any hook, and app.ts's `frameworkErrors` gives them the envelope.
 */
function encodePathSegment(text: string): string {
  const encoded = encodeURIComponent(wellFormed(text));
  return text.length % 7 === 3 ? `${encoded}%E0%A4%A` : encoded;
}

/** An id path segment: one of the given (mostly) or a hostile one, URL-encoded. */
export function hostileId(pool: readonly (number | string)[]): fc.Arbitrary<string> {
  const hostile = fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '1e309',
      '-0',
      'NaN',
      'Infinity',
      '0x10',
      '2147483648',
      '99999999999999999999',
      '00001',
      '+1',
      ' 1',
      'abc',
      'null',
      '__proto__',
      'constructor',
      '1;DROP TABLE bookings',
      "1' OR '1'='1",
      '١',
      '１',
      '\u202E1',
      '1\u0000',
      '..',
      '../1',
      '%00',
      'A'.repeat(100),
    ),
    nastyText,
  );
  const encoded = hostile.map(encodePathSegment);
  const arbitraries = [{ weight: 2, arbitrary: encoded }];
  if (pool.length > 0) arbitraries.push({ weight: 3, arbitrary: fc.constantFrom(...pool.map(String)) });
  return fc.oneof(...arbitraries);
}

const headerText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0xa0, max: 0xff }).map((code) => String.fromCharCode(code)),
  ),
  maxLength: 30,
});

/** The Lang header: missing (mostly), a real one, or nonsense. */
export const hostileLang: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom('cn', 'en') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'xx', 'EN', 'zh-CN', 'en-US', 'cn,en', '__proto__', 'a'.repeat(5000)),
  },
  { weight: 1, arbitrary: headerText },
);

/** A query string the write routes should ignore or refuse, never trip over. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?__proto__[polluted]=yes',
      '?constructor[prototype][polluted]=yes',
      '?__proto__=1&__proto__=2',
      '?lang=en&lang=cn',
      '?id=1&id=2',
      '?%00=%00',
      '?a=%E0%A4%A',
      '?page=-1&size=1e309',
      `?x=${'a'.repeat(10_000)}`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(nastyKey, nastyString), { maxLength: 3 })
      .map((pairs) =>
        pairs.length === 0
          ? ''
          : `?${pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v.slice(0, 2000))}`).join('&')}`,
      ),
  },
);

/** Authorization headers that are not a live session. */
export const hostileAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Bearer undefined',
    'bearer x',
    'Basic YWRtaW46YWRtaW4=',
    `Bearer ${'A'.repeat(43)}`,
    `Bearer ${'a'.repeat(10_000)}`,
    'Bearer a b',
    "Bearer ' OR 1=1 --",
    'Bearer __proto__',
  ),
  headerText.map((text) => `Bearer ${text}`),
  fc
    .string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'),
      minLength: 43,
      maxLength: 43,
    })
    .map((token) => `Bearer ${token}`),
);

/* ---------- the world the hostile requests run in ---------- */

export type World = {
  ref: Record<'maersk' | 'sha' | 'rtm' | 'gp20' | 'gp40' | 'ct' | 'cn', number>;
  root: { id: number; personId: number; token: string; username: string };
  partner: { id: number; personId: number; token: string; username: string };
  /** Root's contacts: booking parties, one to edit, some to delete; partner's: one. */
  contacts: { shipper: number; consignee: number; editable: number; disposable: number[]; partners: number };
  /** Root's rates (to edit, to delete) and partner's published one (a quote). */
  rates: { editable: number; disposable: number[]; quote: number; partners: number };
  /** Root's bookings addressed to partner, and partner's bookings addressed to root, by status. */
  bookings: {
    own: Record<0 | 1 | 2, number[]>;
    received: Record<0 | 1 | 2 | 3, number[]>;
    /** A booking between two other members: never root's. */
    stranger: number;
  };
  documents: { own: number[]; partners: number[] };
  /** Files uploaded without a booking (ids are UUIDs). */
  attachments: { own: string[]; partners: string[] };
  /** RFQs partner sent about root's rate (root is their forwarder), and root's to partner. */
  rfqs: { received: number[]; sent: number[] };
  day(offset: number): string;
  validBooking(): Record<string, unknown>;
  validRate(): Record<string, unknown>;
  validContact(): Record<string, unknown>;
  validRelease(): Record<string, unknown>;
  validShipment(): Record<string, unknown>;
  validProfile(): Record<string, string | number | boolean>;
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A valid ISO 6346 container number: owner code + U + 6 digits + the check digit that fits. */
function containerNumber(owner: string, serial: number): string {
  const head = `${owner}U${String(serial).padStart(6, '0')}`;
  for (let check = 0; check < 10; check++)
    if (isValidContainerNo(`${head}${check}`)) return `${head}${check}`;
  return containerNumber(owner, serial + 1);
}

/**
 * Two members through the real API: `root` holds every authority (so hostile requests reach
 * validation and handlers, not only the guards) and `partner` is a forwarder; with contacts, rates,
 * bookings in each status both ways, and documents. Passwords are hashed only here, once each.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const lookup = async (list: string, code: string) => {
    const reply = await call<Envelope<ListData<{ id: number; code: string }>>>(app, {
      method: 'GET',
      url: `/api/${list}?keyword=${code}&size=1000`,
    });
    const id = reply.body.data.lists.find((item) => item.code === code)?.id;
    if (!id) throw new Error(`no ${list} ${code}`);
    return id;
  };
  const ref = {
    maersk: await lookup('carrier', 'MAEU'),
    sha: await lookup('port', 'CNSHA'),
    rtm: await lookup('port', 'NLRTM'),
    gp20: await lookup('container', '20GP'),
    gp40: await lookup('container', '40GP'),
    ct: await lookup('unit', 'CT'),
    cn: await lookup('country', 'CN'),
  };
  const member = async (name: string, authorities: readonly Authority[]) => {
    const username = uniqueEmail(name).toLowerCase();
    const reply = await register(
      app,
      registrationForm({ username, company1: `${name.toUpperCase()} CO`, country_id: String(ref.cn) }),
    );
    if (reply.status !== 200) throw new Error(`register ${name}: ${JSON.stringify(reply.body)}`);
    await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: authorities });
    const person = await findAccountByUsername({ db: t.database.db, username });
    if (!person) throw new Error(`register ${name}: no person`);
    return { id: reply.body.data.id, personId: person.id, token: reply.body.data.token, username };
  };
  const partner = await member('partner', FORWARDER_AUTHORITIES);
  const stranger = await member('stranger', MEMBER_AUTHORITIES);
  const registered = await member('root', ALL_AUTHORITIES);
  // Root signs in like a real member: captcha and password.
  const signedIn = await login(app, registered.username, 'quay-lantern-42');
  if (signedIn.status !== 200) throw new Error(`login: ${JSON.stringify(signedIn.body)}`);
  const root = { ...registered, token: signedIn.body.data.token };

  const send = async <T = { id: number }>(
    token: string,
    method: 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<T> => {
    const reply = await call<Envelope<T>>(app, {
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (reply.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  };
  let serial = 0;
  const validContact = () => ({
    type: 'both',
    company1: `HOSTILE TRADING ${++serial} CO., LTD`,
    company2: '敌意贸易',
    linkman: 'WANG FANG',
    address1: 'NO. 1 HARBOUR ROAD',
    city: 'NINGBO',
    province: '',
    country_id: ref.cn,
    zip_code: '315000',
    phone: '+86 574 8700 0001',
    email: 'wang@example.com',
  });
  const contactOf = async (token: string) =>
    (await send(token, 'POST', '/api/customer/contact', validContact())).id;
  const contacts = {
    shipper: await contactOf(root.token),
    consignee: await contactOf(root.token),
    editable: await contactOf(root.token),
    disposable: [await contactOf(root.token), await contactOf(root.token)],
    partners: await contactOf(partner.token),
  };
  const partnerShipper = contacts.partners;
  const partnerConsignee = await contactOf(partner.token);
  const strangerShipper = await contactOf(stranger.token);

  const validRate = () => ({
    carrier_id: ref.maersk,
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    sdate: day(-1),
    edate: day(30),
    transit_days: 28,
    etd: day(5),
    eta: day(33),
    remark: 'WEEKLY',
    spaces: [
      { container_id: ref.gp20, price: '1200' },
      { container_id: ref.gp40, price: 2200.5 },
    ],
  });
  const rateOf = async (token: string) => (await send(token, 'POST', '/api/rate', validRate())).id;
  const rates = {
    editable: await rateOf(root.token),
    disposable: [await rateOf(root.token), await rateOf(root.token)],
    quote: await rateOf(partner.token),
    partners: 0,
  };
  rates.partners = rates.quote;

  const booking = (forwarderId: number, shipper: number, consignee: number) => ({
    container_mode: 1,
    forwarder_id: forwarderId,
    shipper_id: shipper,
    consignee_id: consignee,
    cust_ref_no: 'PO-2026-001',
    ready_date: day(3),
    incoterm: 'FOB',
    place_of_receipt: 'NINGBO FACTORY',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maersk,
    remark: '请安排尽早舱位',
    freight_term: 'collect',
    notify_party: 'SAME AS CONSIGNEE',
    commodity_cn: '笔记本电脑',
    containers: [
      {
        container_id: ref.gp20,
        container_no: '',
        seal_no: '',
        hs_code: '8471.30',
        description: 'LAPTOP COMPUTERS',
        packages: 100,
        unit_id: ref.ct,
        weight: '1200.5',
        volume: 30,
        quantity: 1,
      },
    ],
  });
  const validBooking = () => booking(partner.id, contacts.shipper, contacts.consignee);
  const validRelease = () => ({
    so_no: 'SO123456',
    vessel: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: day(10),
    eta: day(40),
    si_cutoff: `${day(8)} 12:00`,
    cy_cutoff: `${day(9)}T17:30`,
    pickup_depot: '外高桥四期堆场',
    return_terminal: 'SHANGHAI SHENGDONG TERMINAL',
  });
  const validShipment = () => ({
    bl_shipper: 'SHIPPER TRADING CO., LTD\nNO. 1 HARBOUR ROAD',
    bl_consignee: 'TO ORDER OF BANK OF CHINA',
    bl_issuer: 'house',
    originals: 3,
    notify_party: 'SAME AS CONSIGNEE',
    marks: 'N/M',
    description: 'LAPTOP COMPUTERS',
    bl_type: 'telex',
    freight_term: 'prepaid',
    remark: '',
    containers: [
      {
        container_id: ref.gp20,
        container_no: containerNumber('MSK', 100),
        seal_no: 'ML123',
        packages: 100,
        weight: '1200.5',
        vgm: '3400',
      },
    ],
  });
  /**
   * A booking from `from` to `to`: 0 a draft, 1 submitted (not yet accepted), then moved on by the
   * forwarder (and the member's SI).
   */
  const bookingAt = async (
    from: { token: string },
    to: { id: number; token: string },
    parties: [number, number],
    status: 0 | 1 | 2 | 3,
  ) => {
    const { id } = await send(from.token, 'POST', '/api/order/booking', booking(to.id, ...parties));
    if (status >= 1) await send(from.token, 'POST', `/api/order/${id}/submit`);
    if (status >= 2) await send(to.token, 'POST', `/api/forwarder/order/${id}/release`, validRelease());
    if (status >= 3) await send(from.token, 'PUT', `/api/order/shipment/${id}`, validShipment());
    return id;
  };
  const ownParties: [number, number] = [contacts.shipper, contacts.consignee];
  const partnerParties: [number, number] = [partnerShipper, partnerConsignee];
  const own = (status: 0 | 1 | 2) => bookingAt(root, partner, ownParties, status);
  const received = (status: 0 | 1 | 2 | 3) => bookingAt(partner, root, partnerParties, status);
  const bookings = {
    own: {
      0: [await own(0), await own(0), await own(0)],
      1: [await own(1), await own(1)],
      2: [await own(2), await own(2)],
    },
    received: {
      0: [await received(0), await received(0)],
      1: [await received(1), await received(1)],
      2: [await received(2), await received(2)],
      3: [await received(3), await received(3)],
    },
    stranger: await bookingAt(stranger, partner, [strangerShipper, strangerShipper], 0),
  };
  const upload = async (token: string, bookingId: number) => {
    const form = multipart([
      { name: 'order_id', value: String(bookingId) },
      { name: 'document_type', value: 'other' },
      { name: 'file', filename: 'list.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const reply = await call<Envelope<{ file: { id: number } }>>(app, {
      method: 'POST',
      url: '/api/attachment',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
    if (reply.status !== 200) throw new Error(`upload: ${JSON.stringify(reply.body)}`);
    return reply.body.data.file.id;
  };
  const shared = bookings.received[2][0] ?? 0;
  const documents = {
    own: [await upload(root.token, shared), await upload(root.token, bookings.own[0][0] ?? 0)],
    partners: [await upload(partner.token, shared)],
  };
  const attach = async (token: string) => {
    const form = multipart([
      { name: 'file', filename: 'note.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const reply = await call<Envelope<{ file: { id: string } }>>(app, {
      method: 'POST',
      url: '/api/attachment',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
    if (reply.status !== 200) throw new Error(`attachment: ${JSON.stringify(reply.body)}`);
    return reply.body.data.file.id;
  };
  const attachments = {
    own: [await attach(root.token), await attach(root.token)],
    partners: [await attach(partner.token)],
  };
  const rfqOf = async (from: { token: string }, quoteId: number) =>
    (
      await send(from.token, 'POST', '/api/system/send_rfq', {
        quote_id: quoteId,
        ready_date: day(5),
        description: 'FURNITURE',
        booking_space: '2 x 20GP',
        target_rate: 'US$1,100',
        potential_vol: '10 TEU a month',
        sales: 'LI MING',
      })
    ).id;
  const rfqs = {
    received: [await rfqOf(partner, rates.editable), await rfqOf(partner, rates.editable)],
    sent: [await rfqOf(root, rates.quote)],
  };
  const validProfile = () => ({
    linkman: 'ROOT PERSON',
    phone: '+8613800000000',
    company1: 'ROOT CO',
    company2: '根公司',
    address1: '1 Harbour Road',
    address2: '',
    city: 'Shanghai',
    province: '',
    zip_code: '200000',
    country_id: ref.cn,
    credit_no: '',
    profile: 'We ship things.',
    listed_in_directory: true,
  });
  return {
    ref,
    root,
    partner,
    contacts,
    rates,
    bookings,
    documents,
    attachments,
    rfqs,
    day,
    validBooking,
    validRate,
    validContact,
    validRelease,
    validShipment,
    validProfile,
  };
}
