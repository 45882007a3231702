import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const ADMIN = path.join(ROOT, 'apps/server/dist/cli/admin.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** The fixed captcha answer the e2e servers accept (CAPTCHA_FIXED; refused in production). */
export const CAPTCHA = 'e2e1';
export const DEMO = {
  customer: 'demo@example.com',
  forwarder: 'forwarder@example.com',
  password: 'demo123456',
};

export type PortalServer = {
  url: string;
  dataDir: string;
  webDist: string;
  stop: () => Promise<void>;
  /** Replaces the version the built app reports (dist/version.json of this server's copy). */
  setVersion: (version: string) => void;
  /** Restarts the server with site configuration entries changed through the admin CLI. */
  reconfigure: (config: Record<string, string>) => Promise<void>;
};

function env(
  dataDir: string,
  webDist: string,
  port: number,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const base = { ...process.env };
  // The e2e portal is self-contained: no outside database, cache or mail server.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete base[name];
  return {
    ...base,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    CAPTCHA_FIXED: CAPTCHA,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // One browser sends many requests from one address; the limiter has its own API tests.
    RATE_LIMIT_PER_MINUTE: '0',
    // Stopped between specs: no load balancer to drain for.
    SHUTDOWN_DRAIN_MS: '0',
    // A first view is rendered however busy the test machine is: the specs check what it shows and
    // how it hydrates; when it goes plain is the API tests' and the benchmark's part.
    PAGE_RENDER_DEADLINE_MS: '30000',
    PAGE_RENDER_MAX_LOOP_DELAY_MS: '60000',
    ...extra,
  };
}

/** Sets site configuration entries with the admin CLI (the server must not be running). */
function runAdmin(dataDir: string, webDist: string, port: number, config: Record<string, string>) {
  for (const [name, value] of Object.entries(config)) {
    const result = spawnSync(process.execPath, [ADMIN, 'config', 'set', name, value], {
      env: env(dataDir, webDist, port),
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`admin config set ${name} failed: ${result.stderr}`);
  }
}

async function launch(
  dataDir: string,
  webDist: string,
  port: number,
  extra: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: env(dataDir, webDist, port, extra),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port nothing listens on now: the system picks it (a random guess can hit a busy one). */
export async function freePort(): Promise<number> {
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

/** Stops the server with SIGTERM and resolves with its exit code once it has gone. */
async function terminate(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/**
 * Starts the built server on a fresh embedded database with the demo data (the server makes it
 * from the build's demo template, as for anyone), serving a private copy of the built web app.
 * `config` entries are set with the admin CLI after a first start has made the database; `env`
 * overrides the server's variables (`CAPTCHA_FIXED: ''` makes it check captchas and proofs of work
 * as in production).
 */
export async function startPortal(
  options: { config?: Record<string, string>; env?: Record<string, string> } = {},
): Promise<PortalServer> {
  if (!fs.existsSync(SERVER_MAIN) || !fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const dataDir = path.join(root, 'data');
  const webDist = path.join(root, 'web');
  fs.cpSync(WEB_DIST, webDist, { recursive: true });
  // The web's server entry, beside the copy as beside the build (the server renders member lists).
  const serverEntry = path.join(path.dirname(WEB_DIST), 'dist-ssr');
  if (fs.existsSync(serverEntry)) fs.symlinkSync(serverEntry, path.join(root, 'dist-ssr'), 'dir');
  const port = await freePort();
  if (Object.keys(options.config ?? {}).length > 0) {
    await terminate(await launch(dataDir, webDist, port));
    runAdmin(dataDir, webDist, port, options.config ?? {});
  }
  let child = await launch(dataDir, webDist, port, options.env);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: root,
    webDist,
    setVersion: (version) =>
      fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version })),
    reconfigure: async (config) => {
      // PGlite allows one process per data directory: stop, change the configuration, start again.
      await terminate(child);
      runAdmin(dataDir, webDist, port, config);
      child = await launch(dataDir, webDist, port, options.env);
    },
    stop: async () => {
      await terminate(child);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
