// `npm test`: the checks of `npm run check` (type check of every part, tests, e2e and bench
// included; lint; format; unused files, exports and dependencies), the build, then every test
// project (unit, API, browser) with Vitest.
// The API suite runs on PGlite, and its database-dependent suites on PostgreSQL too when
// TEST_DATABASE_URL is set; the run then fails if one of those did not run there.
// `npm run test:full` (TEST_FULL=1) runs the hostile-input properties with their full case count.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const CHROMIUM = '/usr/bin/chromium';

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `The browser tests need Debian's Chromium at ${CHROMIUM}: run "apt-get install -y chromium" (as root).`,
  );
  process.exit(1);
}

// The build first: its project builds are the references the root type check then reuses.
run(npm, ['run', 'build']);
run(npm, ['run', 'check']);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'vitest.json');
const started = Date.now();
const result = spawnSync(
  npx,
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
console.log(`(vitest: ${Math.round((Date.now() - started) / 1000)} s)`);
if (!fs.existsSync(report)) process.exit(result.status ?? 1);
const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
const failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
console.log(`\n${summary.numPassedTests} passed, ${failed} failed`);
const missing = process.env.TEST_DATABASE_URL ? missingOnPostgres(summary) : [];
if (missing.length > 0) {
  console.error(
    `\nThese API suites ran on PGlite but not on PostgreSQL (TEST_DATABASE_URL is set):\n${missing.join('\n')}`,
  );
  process.exit(1);
}
process.exit(result.status ?? 1);

/**
 * Suites of apps/server/test/databases.ts run as "<name> [pglite]" and "<name> [postgres]", or as
 * "<name> [pglite only]" for those declared independent of the engine: every "[pglite]" test of a
 * file needs its "[postgres]" twin, so that no PostgreSQL run of a database-dependent suite is lost
 * without the declaration saying so (a dropped variable, a changed helper, a filter).
 */
function missingOnPostgres(json) {
  const missing = [];
  for (const file of json.testResults) {
    if (!file.name.includes(`${path.sep}apps${path.sep}server${path.sep}`)) continue;
    const names = new Set(file.assertionResults.map((test) => test.fullName));
    for (const name of names) {
      if (!name.includes(' [pglite] ')) continue;
      const twin = name.replace(' [pglite] ', ' [postgres] ');
      if (!names.has(twin)) missing.push(`${path.relative(root, file.name)}: ${twin}`);
    }
  }
  return missing;
}
