/** Helpers shared by the benchmarks: the built server, logins, load at a fixed concurrency, databases. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A port nothing listens on now: the system picks it (a random guess can hit a busy one). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One line of the report: what was measured, the figure, the target and whether it is met. */
export type Row = { name: string; figure: string; target: string; ok: boolean | undefined };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const ms = (value: number) => `${Math.round(value)} ms`;
export const count = (value: number) => value.toLocaleString('en-US');

export type Server = { url: string; pid: number; readyMs: number; stop: () => Promise<void> };

/** Starts the built server and resolves once /api/ready answers 200, with the ms that took. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    // The load comes from one address: no rate limit. Stopped between measurements: no drain.
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  // Migrations and the demo seed on PostgreSQL take 30–90 s on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.ok)
        return {
          url: `http://127.0.0.1:${port}`,
          pid: child.pid ?? 0,
          readyMs: performance.now() - started,
          stop,
        };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await stop();
  throw new Error('server did not become ready within 180 s');
}

/** Peak and current resident memory of a process in bytes (VmHWM and VmRSS of /proc/<pid>/status). */
export function memoryOf(pid: number): { peakBytes: number; rssBytes: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakBytes: kB('VmHWM') * 1024, rssBytes: kB('VmRSS') * 1024 };
}

/** Logs in through the captcha (the server runs with CAPTCHA_FIXED=bench) and returns the bearer token. */
export async function login(url: string, username: string, password: string): Promise<string> {
  const captcha = (await (await fetch(`${url}/api/system/captcha`)).json()) as {
    data: { captcha_id: string };
  };
  const reply = await fetch(`${url}/api/system/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha_id: captcha.data.captcha_id, captcha: 'bench' }),
  });
  if (!reply.ok) throw new Error(`login of ${username} failed with ${reply.status}`);
  return ((await reply.json()) as { data: { token: string } }).data.token;
}

/** GET of an API path with a bearer token; the envelope's data, or an error naming the status. */
export async function getJson<T>(url: string, token: string): Promise<T> {
  const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await reply.json()) as { code: number; data: T; msg?: string };
  if (!reply.ok || body.code !== 0) throw new Error(`GET ${url} answered ${reply.status}: ${body.msg ?? ''}`);
  return body.data;
}

/** POST (or another method) of a JSON body to an API path with a bearer token; the envelope's data. */
export async function sendJson<T>(method: string, url: string, token: string, body: unknown): Promise<T> {
  const reply = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await reply.json()) as { code: number; data: T; msg?: string };
  if (!reply.ok || answer.code !== 0)
    throw new Error(`${method} ${url} answered ${reply.status}: ${answer.msg ?? JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * Runs `total` calls of `task` from `concurrency` clients, each starting its next call as soon as
 * the previous one answered (closed loop, no think time). Returns every call's latency and the rate.
 */
export async function underLoad(options: {
  concurrency: number;
  total: number;
  task: (index: number) => Promise<unknown>;
}): Promise<{ latencies: number[]; perSecond: number }> {
  const latencies: number[] = [];
  let issued = 0;
  const client = async () => {
    while (issued < options.total) {
      const index = issued;
      issued += 1;
      const started = performance.now();
      await options.task(index);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return { latencies, perSecond: options.total / ((performance.now() - started) / 1000) };
}

/** The PostgreSQL server the benchmarks create their databases on. */
export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** True when PostgreSQL at `adminUrl` answers. */
export async function postgresAvailable(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    return true;
  } catch {
    return false;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Creates a new database on the benchmark's PostgreSQL, runs `work` with its URL, then drops it. */
export async function withDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

type HttpRequest = { method?: string; path: string; headers?: Record<string, string>; body?: string };

/**
 * `amount` requests from `connections` concurrent connections (closed loop), sent by autocannon in a
 * second process over loopback; each connection cycles through `requests`. Every reply must be 2xx.
 */
export async function httpLoad(options: {
  url: string;
  connections: number;
  amount: number;
  requests: HttpRequest[];
  /** Count replies that are not 2xx (`failed`) rather than fail the measurement on them. */
  countFailures?: boolean;
}): Promise<{ latencies: number[]; perSecond: number; failed: number }> {
  const child = spawn(process.execPath, [path.join(root, 'bench/load-worker.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(options));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${String(code)}`);
  const result = JSON.parse(output) as {
    latencies: number[];
    perSecond: number;
    statuses: Record<string, number>;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 && !options.countFailures)
    throw new Error(
      `load on ${options.url}: ${result.non2xx} non-2xx (${JSON.stringify(result.statuses)}), ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return { latencies: result.latencies, perSecond: result.perSecond, failed };
}

/**
 * The HTTP floor: the same load (connections, amount) on a bare Fastify route in its own process that
 * answers a fixed body of `bodyBytes`, with no database, hooks or authentication.
 */
async function bareHttpFloor(options: { connections: number; amount: number; bodyBytes: number }) {
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs')], {
    env: { ...process.env, BODY_BYTES: String(options.bodyBytes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
      child.once('exit', (code) => reject(new Error(`the bare server exited with ${String(code)}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const requests = [{ path: '/floor' }];
    await httpLoad({ url, connections: options.connections, amount: 200, requests });
    return await httpLoad({ url, connections: options.connections, amount: options.amount, requests });
  } finally {
    child.kill('SIGTERM');
  }
}

/** The HTTP floor beside a list figure: a bare Fastify route answering a body of the page's size. */
export async function floorRow(what: string, p95: number, bodyBytes: number, amount: number): Promise<Row> {
  const floor = await bareHttpFloor({ connections: 50, amount, bodyBytes });
  const floorP95 = percentile(floor.latencies, 95);
  return {
    name: `${what}: a bare Fastify route answering a ${count(bodyBytes)}-byte body (no database, hooks or login) under the same load: p95 ${ms(floorP95)}, p50 ${ms(percentile(floor.latencies, 50))}, ${Math.round(floor.perSecond)}/s — server p95 ÷ HTTP floor p95`,
    figure: `${(p95 / Math.max(1, floorP95)).toFixed(2)}×`,
    target: '—',
    ok: undefined,
  };
}
