import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
/** Runs a server entry point from source, as the built one would run. */
const nodeArgs = (entry: string) => [
  '--import',
  'tsx',
  '--conditions=source',
  path.join(serverDir, 'src', entry),
];

describe('the server process and the admin CLI (embedded database)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => ({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    ...extra,
  });
  const admin = (...args: string[]) =>
    run(process.execPath, [...nodeArgs('cli/admin.ts'), ...args], { env: env(), cwd: serverDir });

  it('sets site configuration and manages users from the CLI', async () => {
    expect((await admin('config', 'set', 'app_mode', '2')).stdout).toContain('app_mode = "2"');
    await expect(admin('config', 'set', 'app_mode', '7')).rejects.toMatchObject({
      stderr: expect.stringContaining('Invalid value for app_mode'),
    });
    expect((await admin('config', 'list')).stdout).toMatch(/app_mode\t2/);
    expect(
      (
        await admin(
          'user',
          'create',
          'ops@example.com',
          'opspass1',
          '--company',
          'Ops Freight',
          '--forwarder',
        )
      ).stdout,
    ).toContain('forwarder');
    await expect(
      admin('user', 'create', 'ops@example.com', 'opspass1', '--company', 'X'),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('exists already') });
    expect((await admin('user', 'revoke', 'ops@example.com', 'quote_forwarder')).stdout).not.toContain(
      'quote_forwarder',
    );
    expect((await admin('user', 'grant', 'ops@example.com', 'quote_forwarder')).stdout).toContain(
      'quote_forwarder',
    );
    await expect(admin('user', 'grant', 'ops@example.com', 'root')).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown authorities: root'),
    });
    const list = (await admin('user', 'list')).stdout;
    expect(list).toContain('ops@example.com\tforwarder\tOPS FREIGHT');
    // Eight CLI processes, each opening the embedded database: ~48 s alone on 2 cores, over a
    // minute beside the rest of the suite.
  }, 120_000);

  it('starts, seeds the demo members, answers, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, nodeArgs('main.ts'), {
      env: env({ PORT: String(port), SEED_DEMO: 'true' }),
      cwd: serverDir,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 30_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready, output).toBe(true);
    const config = (await (await fetch(`http://127.0.0.1:${port}/api/system/config`)).json()) as {
      data: { app_mode: number };
    };
    expect(config.data.app_mode).toBe(2); // set through the CLI above
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('demo@example.com / demo123456');
    expect(output).toContain('forwarder@example.com / demo123456');
    expect(output).toContain('shutting down');
  }, 60_000);

  it('refuses to start with a bad variable or an unreachable database, naming the cause in one line', async () => {
    const bad = run(process.execPath, nodeArgs('main.ts'), { env: env({ PORT: 'abc' }), cwd: serverDir });
    await expect(bad).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Cannot start: Invalid configuration: PORT="abc"/),
    });
    const fixed = run(process.execPath, nodeArgs('main.ts'), {
      env: env({ CAPTCHA_FIXED: 'x', NODE_ENV: 'production' }),
      cwd: serverDir,
    });
    await expect(fixed).rejects.toMatchObject({
      stderr: expect.stringContaining('CAPTCHA_FIXED is for automated tests'),
    });
    const db = run(process.execPath, nodeArgs('main.ts'), {
      env: env({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
      cwd: serverDir,
    });
    await expect(db).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^Cannot start: Cannot reach the database at postgres:\/\/nobody@127\.0\.0\.1:1\/none: .+\n$/,
      ),
    });
  }, 60_000);
});
