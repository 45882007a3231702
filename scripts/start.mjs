// `npm start`: build what is stale, then run the portal (API + SPA) on the embedded database.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleParts } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What the progress line calls each part, and how long it takes (a newcomer should not think it hangs). */
const LABELS = {
  contract: 'the shared contract (a few seconds)',
  server: 'the server and its demo database (about 20 s the first time)',
  web: 'the web app (about a minute the first time)',
};

/** The process running now (a build, then the server): a signal to this one goes on to it. */
let child;
let stopping = false;

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!child) process.exit(1);
  // A build runs in a process group of its own (npm, then tsc or vite): the whole group stops.
  if (child.groupLeader) {
    try {
      process.kill(-child.process.pid, signal);
    } catch {
      child.process.kill(signal);
    }
  } else child.process.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));

// `npm start` does not pass a SIGTERM it gets on to this script: npm ends, and this process and the
// server went on holding the port and the data directory. Once npm is gone this process has another
// parent; it then stops the server as it would on SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

/** Builds one part quietly: its output is shown only when it fails. */
function build(part) {
  return new Promise((resolve) => {
    const started = Date.now();
    process.stdout.write(`Building ${LABELS[part.name] ?? part.name}…`);
    const detached = process.platform !== 'win32';
    const proc = spawn(npm, ['run', 'build', '-w', part.workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached,
    });
    child = { process: proc, groupLeader: detached };
    const output = [];
    proc.stdout.on('data', (chunk) => output.push(chunk));
    proc.stderr.on('data', (chunk) => output.push(chunk));
    proc.on('error', (error) => output.push(Buffer.from(String(error))));
    proc.on('close', (code) => {
      child = undefined;
      if (code === 0) {
        process.stdout.write(` done in ${Math.round((Date.now() - started) / 1000)} s\n`);
        return resolve();
      }
      process.stdout.write(' failed\n');
      if (!stopping) process.stderr.write(Buffer.concat(output));
      process.exit(code ?? 1);
    });
  });
}

for (const part of staleParts(root)) {
  await build(part);
  if (stopping) process.exit(1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child = { process: server, groupLeader: false };
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
