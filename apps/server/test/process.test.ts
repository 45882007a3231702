import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * `npm start` (scripts/start.mjs) on a copy of the repository's layout whose builds are all current,
 * so nothing is built: its server entry (dist/main.js) loads the server's source through tsx.
 */
describe('npm start: stopping it stops the server', () => {
  const repo = path.resolve(serverDir, '../..');
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(root, 'scripts'));
    for (const file of ['start.mjs', 'build-state.mjs'])
      fs.copyFileSync(path.join(repo, 'scripts', file), path.join(root, 'scripts', file));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    // Outputs without sources: nothing is stale.
    write('packages/contract/dist/index.js', '');
    write('apps/web/dist-ssr/server-render.js', '');
    write(
      'apps/server/dist/main.js',
      `import ${JSON.stringify(pathToFileURL(path.join(serverDir, 'src/main.ts')).href)};\n`,
    );
    write(
      'package.json',
      JSON.stringify({ name: 'start-copy', private: true, scripts: { start: 'node scripts/start.mjs' } }),
    );
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Runs `command` in the copy until the server answers; `server` is the pid of the server itself. */
  async function started(command: string, args: string[]) {
    const port = await freePort();
    const child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: `--import=${pathToFileURL(path.join(repo, 'node_modules/tsx/dist/loader.mjs')).href} --conditions=source`,
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED_DEMO: 'false',
        WEB_DIST: path.join(root, 'no-web'),
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        SHUTDOWN_DRAIN_MS: '0',
      },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const answers = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    const deadline = Date.now() + 60_000;
    while (!(await answers()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (!(await answers())) {
      child.kill('SIGINT');
      throw new Error(`the server did not answer within a minute:\n${output}`);
    }
    return { child, exited, answers, output: () => output };
  }
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return check();
  };

  it('stops the server on SIGTERM or SIGINT to start.mjs, and exits when it has', async () => {
    const run = await started(process.execPath, ['scripts/start.mjs']);
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(await run.answers()).toBe(false);
    expect(run.output()).toContain('shutting down');
  }, 90_000);

  it('stops the server when `npm start` itself gets SIGTERM (npm does not pass it on)', async () => {
    const run = await started('npm', ['start']);
    run.child.kill('SIGTERM');
    await run.exited;
    // The server goes within a second or so: the port is free and the data directory unlocked.
    expect(await until(async () => !(await run.answers()), 10_000), run.output()).toBe(true);
    // It starts again on the same data directory, and Ctrl-C (SIGINT) stops it too.
    const again = await started(process.execPath, ['scripts/start.mjs']);
    again.child.kill('SIGINT');
    expect(await again.exited, again.output()).toBe(0);
    expect(await again.answers()).toBe(false);
  }, 90_000);
});
