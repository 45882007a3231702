/**
 * The built server as a child process on a database of either kind, for fault tests: killed with
 * SIGKILL, stopped with SIGTERM, started again on the same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CAPTCHA, freePort, ROOT } from '../support/server.js';

const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
type Kind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const KINDS: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type Instance = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** Resolves with the first line of its stderr that starts with `prefix`; rejects if it exits first. */
  said(prefix: string): Promise<string>;
};

export type Harness = {
  kind: Kind;
  /** The database the server uses, straight through pg (PostgreSQL only). */
  databaseUrl: string | undefined;
  start(env?: Record<string, string>): Promise<Instance>;
  dispose(): Promise<void>;
};

/** A fresh database of `kind` (a new PostgreSQL database, or a new PGlite directory) and a starter. */
export async function harness(kind: Kind): Promise<Harness> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? '';
    const name = `portal_faults_${Date.now()}_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  const running = new Set<ChildProcess>();
  return {
    kind,
    databaseUrl,
    async start(env = {}) {
      const port = await freePort();
      const base = { ...process.env };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete base[name];
      const child = spawn(process.execPath, [SERVER_MAIN], {
        env: {
          ...base,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(root, 'data'),
          WEB_DIST: path.join(root, 'no-web'),
          CAPTCHA_FIXED: CAPTCHA,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: '0',
          SHUTDOWN_DRAIN_MS: '0',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      running.add(child);
      let stderr = '';
      const listeners = new Set<() => void>();
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        for (const listener of listeners) listener();
      });
      const exited = new Promise<number | string>((resolve) =>
        child.once('exit', (code, signal) => {
          running.delete(child);
          resolve(code ?? signal ?? 'unknown');
        }),
      );
      const said = (prefix: string) =>
        new Promise<string>((resolve, reject) => {
          const look = () => {
            const line = stderr
              .split('\n')
              .slice(0, -1) // whole lines only
              .find((l) => l.startsWith(prefix));
            if (line === undefined) return;
            listeners.delete(look);
            resolve(line);
          };
          listeners.add(look);
          look();
          void exited.then(() => reject(new Error(`server exited before saying "${prefix}": ${stderr}`)));
        });
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
        try {
          if ((await fetch(`${url}/api/ready`)).ok) return { url, child, exited, said };
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`server did not become ready: ${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async dispose() {
      for (const child of running) child.kill('SIGKILL');
      await dropDatabase();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Kills the process at once (no shutdown hooks, no flushing) and waits until it is gone. */
export async function kill9(instance: Instance): Promise<void> {
  instance.child.kill('SIGKILL');
  await instance.exited;
}

/** Logs in through the fixed captcha and returns the bearer token. */
export async function token(url: string, username: string, password = 'demo123456'): Promise<string> {
  const captcha = (await (await fetch(`${url}/api/system/captcha`)).json()) as {
    data: { captcha_id: string };
  };
  const reply = await fetch(`${url}/api/system/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha_id: captcha.data.captcha_id, captcha: CAPTCHA }),
  });
  const body = (await reply.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`login of ${username} failed: ${body.msg}`);
  return body.data.token;
}

/** An API call with a bearer token: the HTTP status and the envelope. */
export async function api<T = unknown>(
  url: string,
  auth: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; body: { code: number; msg: string; data: T } }> {
  const reply = await fetch(`${url}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${auth}`,
      lang: 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as { code: number; msg: string; data: T } };
}

/**
 * A TCP relay in front of PostgreSQL: `cut()` drops every connection and refuses new ones, as a
 * stopped database does for its clients; `restore()` lets connections through again.
 */
export async function databaseRelay(target: string): Promise<{
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(server);
    const drop = () => {
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
    };
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
