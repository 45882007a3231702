// `npm test`: type check + lint, build, then every test project (unit, API, browser) with Vitest.
// The API suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const CHROMIUM = '/usr/bin/chromium';

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `The browser tests need Debian's Chromium at ${CHROMIUM}: run "apt-get install -y chromium" (as root).`,
  );
  process.exit(1);
}

run(npm, ['run', 'build']);
run(npx(), ['eslint', '.']);
run(npx(), ['prettier', '--check', '.']);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'vitest.json');
const result = spawnSync(
  npx(),
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (fs.existsSync(report)) {
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  const failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  console.log(`\n${summary.numPassedTests} passed, ${failed} failed`);
}
process.exit(result.status ?? 1);

function npx() {
  return process.platform === 'win32' ? 'npx.cmd' : 'npx';
}
