import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { seedBase } from '../src/db/seed/index.js';
import { openDatabase, runMigrations } from '../src/platform/db.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './helpers.js';

/* The real server as its own process, for the tests that kill it (SIGKILL) and start it again. */

const serverDir = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts src/main.ts with `env` on a free port and waits until it is ready. */
export async function startServerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const started = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(serverDir, 'src/main.ts')],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    expect(started.exitCode, 'the server exited').toBeNull();
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return started;
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The database the server process will open: PGlite in `dataDir` (one process at a time: close
 * it before the server starts), or a new PostgreSQL database (its `url`).
 */
export async function databaseForProcess(kind: DatabaseKind, dataDir: string): Promise<TestDatabase> {
  if (kind !== 'pglite') return createTestDatabase(kind);
  const opened = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await runMigrations(opened);
  await seedBase(opened.db);
  return { ...opened, drop: () => opened.close() };
}
