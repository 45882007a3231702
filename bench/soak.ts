/**
 * `npm run test:soak`: mixed traffic (logins, lists, creates, deletes, imports) from 100 concurrent
 * users in two load processes against the built server on PostgreSQL, in two phases:
 *
 * 1. Load, SOAK_SECONDS (600 by default; CI runs a shorter one): "100 concurrent" read as 100 people
 *    using the portal at once. Each user thinks between actions (SOAK_THINK_MS, 1000 ms on average:
 *    a brisk user; people reading a booking list take longer) and users arrive over SOAK_RAMP_SECONDS.
 *    This is the phase judged against the p95 targets of the earlier issues and for memory growth.
 * 2. Saturation, SOAK_SATURATION_SECONDS (60): the same 100 users with no think time, each sending
 *    its next request when the previous one answered. It finds the throughput ceiling of this
 *    machine for the mix; there every request waits its turn (Little's law: 100 clients at N
 *    requests/s wait 100/N s on average), so its latencies measure the queue, not the portal, and
 *    are reported, not judged. Zero 5xx holds there too.
 *
 * Fails on any 5xx or transport error in either phase, on an action of the mix that never
 * succeeded, when the server's resident memory grows more than 10% after the warm-up of phase 1
 * (see below; SOAK_MEMORY=report only reports it), or when a p95 of phase 1 misses its target
 * (SOAK_TARGETS=report only reports them: CI, whose shorter run on a busy machine must not turn a
 * timing into a red build). Writes its figures to bench/SOAK.md, or to SOAK_REPORT.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { firstSheetRows } from '../e2e/support/sheets.js';
import {
  adminUrl,
  getJson,
  login,
  memoryOf,
  ms,
  percentile,
  root,
  startServer,
  withDatabase,
} from './lib.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 100);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 1000);
const RAMP_SECONDS = Number(process.env.SOAK_RAMP_SECONDS ?? 10);
const SATURATION_SECONDS = Number(process.env.SOAK_SATURATION_SECONDS ?? 60);
const JUDGE_TARGETS = process.env.SOAK_TARGETS !== 'report';
// A run of a minute or two cannot tell growth from one garbage-collection swing (its thirds after
// the warm-up last seconds): CI's smoke reports the memory (SOAK_MEMORY=report); the full soak judges it.
const JUDGE_MEMORY = process.env.SOAK_MEMORY !== 'report';
// Where the report goes: bench/SOAK.md for the full soak (npm run bench carries it), elsewhere for a smoke.
const REPORT_PATH = process.env.SOAK_REPORT ?? path.join(root, 'bench/SOAK.md');
const WORKERS = 2;
const CUSTOMER = { username: 'demo@example.com', password: 'demo123456' };
const FORWARDER = { username: 'forwarder@example.com', password: 'demo123456' };
const TARGETS: Record<string, number> = {
  login: 150,
  'quote board': 50,
  'bookings list': 50,
  'contacts list': 30,
  // A member page with the page cookie: its first view rendered, or plain at the renderer's bound.
  'page /quotes': 300,
  'page /bookings': 300,
  'page /received-bookings': 300,
};

type Stats = Record<string, { latencies: number[]; statuses: Record<string, number> }>;

async function referenceIds(url: string, token: string) {
  const id = async (list: string, code: string) => {
    const { lists } = await getJson<{ lists: { id: number; code: string }[] }>(
      `${url}/api/${list}?keyword=${code}&size=50`,
      token,
    );
    const found = lists.find((item) => item.code === code)?.id;
    if (!found) throw new Error(`reference data missing: ${list} ${code}`);
    return found;
  };
  const forwarderToken = await login(url, FORWARDER.username, FORWARDER.password);
  const forwarder = await getJson<{ id: number }>(`${url}/api/userinfo`, forwarderToken);
  return {
    sha: await id('port', 'CNSHA'),
    rtm: await id('port', 'NLRTM'),
    maeu: await id('carrier', 'MAEU'),
    hq: await id('container', '40HQ'),
    carton: await id('unit', 'CT'),
    cn: await id('country', 'CN'),
    forwarderId: forwarder.id,
  };
}

/** The header row of the rate import template, which the forwarders' sheets are written on. */
async function rateTemplateHeaders(url: string): Promise<unknown[]> {
  const reply = await fetch(`${url}/api/rate/template?lang=en`);
  if (!reply.ok) throw new Error(`GET /api/rate/template answered ${reply.status}`);
  const headers = firstSheetRows(new Uint8Array(await reply.arrayBuffer()))[0];
  if (!headers?.length) throw new Error('the rate import template has no header row');
  return headers;
}

function runWorker(job: object) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/soak-worker.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: root,
  });
  child.stdin.end(JSON.stringify(job));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const done = new Promise<Stats>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as Stats)
        : reject(new Error(`soak worker exited with ${code}`)),
    ),
  );
  return { child, done };
}

type Phase = { stats: Stats; seconds: number };

/**
 * Runs the load processes until `seconds` have passed and merges their figures. When one fails,
 * the others are stopped at once (they would otherwise load a server that is being stopped).
 */
async function phase(job: object, seconds: number): Promise<Phase> {
  const started = Date.now();
  const perWorker = Math.ceil(CLIENTS / WORKERS);
  const workers = Array.from({ length: WORKERS }, () =>
    runWorker({ ...job, clients: perWorker, until: started + seconds * 1000 }),
  );
  const results = await Promise.all(workers.map((w) => w.done)).catch((error: unknown) => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    throw error;
  });
  const stats: Stats = {};
  for (const worker of results)
    for (const [action, entry] of Object.entries(worker)) {
      const into = (stats[action] ??= { latencies: [], statuses: {} });
      into.latencies.push(...entry.latencies);
      for (const [status, n] of Object.entries(entry.statuses))
        into.statuses[status] = (into.statuses[status] ?? 0) + n;
    }
  return { stats, seconds: (Date.now() - started) / 1000 };
}

/** The table of one phase, its request count and its failures (5xx and transport errors). */
function table(result: Phase, judged: boolean) {
  const lines = [
    `| action | requests | p50 | p95 | ${judged ? 'target | met' : 'earlier target'} | statuses |`,
    `| --- | --- | --- | --- | --- | ${judged ? '--- | ' : ''}--- |`,
  ];
  let failures = 0;
  let total = 0;
  const missed: string[] = [];
  for (const [action, entry] of Object.entries(result.stats).sort()) {
    total += entry.latencies.length;
    for (const [status, n] of Object.entries(entry.statuses)) if (!/^[234]\d\d$/.test(status)) failures += n;
    const p95 = percentile(entry.latencies, 95);
    const target = TARGETS[action];
    const met = target === undefined ? '—' : p95 <= target ? 'yes' : '**no**';
    if (target !== undefined && p95 > target) missed.push(`${action} p95 ${ms(p95)} > ${target} ms`);
    const statuses = Object.entries(entry.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    lines.push(
      `| ${action} | ${entry.latencies.length} | ${ms(percentile(entry.latencies, 50))} | ${ms(p95)} | ${target ? `≤ ${target} ms` : '—'} | ${judged ? `${met} | ` : ''}${statuses} |`,
    );
  }
  lines.push(
    '',
    `${total} requests (${Math.round(total / result.seconds)}/s); 5xx and transport errors: ${failures}.`,
  );
  return { lines, failures, total, missed };
}

async function main() {
  const report = await withDatabase('portal_soak', async (databaseUrl) => {
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      CAPTCHA_FIXED: 'bench',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-')),
      RATE_LIMIT_PER_MINUTE: '0',
    });
    try {
      const token = await login(server.url, CUSTOMER.username, CUSTOMER.password);
      const ref = await referenceIds(server.url, token);
      const rateHeaders = await rateTemplateHeaders(server.url);
      const common = {
        url: server.url,
        captcha: 'bench',
        customer: CUSTOMER,
        forwarder: FORWARDER,
        ref,
        rateHeaders,
      };
      const started = Date.now();
      const memory: { second: number; rss: number }[] = [];
      const sampler = setInterval(() => {
        memory.push({ second: (Date.now() - started) / 1000, rss: memoryOf(server.pid).rssBytes });
      }, 2_000);
      try {
        const load = await phase({ ...common, thinkMs: THINK_MS, rampMs: RAMP_SECONDS * 1000 }, SECONDS);
        const loadEnd = (Date.now() - started) / 1000;
        const saturation =
          SATURATION_SECONDS > 0
            ? await phase({ ...common, thinkMs: 0, rampMs: 0 }, SATURATION_SECONDS)
            : undefined;
        return { load, saturation, memory, loadEnd };
      } finally {
        clearInterval(sampler);
      }
    } finally {
      await server.stop();
    }
  });

  const { load, saturation, loadEnd } = report;
  // The load phase's samples are judged; the saturation phase's are reported beside them.
  const memory = report.memory.filter((m) => m.second <= loadEnd);
  const saturationMemory = report.memory.filter((m) => m.second > loadEnd);
  const seconds = load.seconds;
  // Memory is judged after a warm-up (the first minute, or half of a shorter run) in which the heap
  // grows to the size the load needs: the mean of the last third of the rest against the mean of
  // its first third (means, so that one garbage collection more or less does not decide).
  const settle = Math.min(60, seconds / 2);
  const steady = memory.filter((m) => m.second >= settle);
  const third = (seconds - settle) / 3;
  const mean = (list: typeof memory) => list.reduce((sum, m) => sum + m.rss, 0) / Math.max(1, list.length);
  const baseline = mean(steady.filter((m) => m.second < settle + third));
  const last = mean(steady.filter((m) => m.second >= seconds - third));
  const growth = (last - baseline) / baseline;
  const loadTable = table(load, true);
  const saturationTable = saturation ? table(saturation, false) : undefined;
  const mb = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;
  const lines: string[] = [
    '# Soak report',
    '',
    `Written by \`npm run test:soak\` on ${new Date().toISOString().slice(0, 10)} against the built server on PostgreSQL (${adminUrl.replace(/\/\/[^@]*@/, '//')}), ${os.cpus().length} cores, Node ${process.version}; the server, the database and the ${WORKERS} load processes share those cores. Latencies are per request, measured by the client. Each user runs a weighted mix (bench/soak-worker.ts): a customer lists contacts, the quote board and bookings, creates and deletes contacts, creates 5-container FCL bookings, imports 20-row contact sheets and opens /quotes and /bookings as pages with the page cookie (their first views rendered by the server); a forwarder (one user in five) lists rates, received bookings and the quote board, opens /received-bookings as a page and imports 10-row rate sheets (each a change of the quote board, whose cached pages are then recomputed); every user signs out and in again after 200 actions.`,
    '',
    `## Load: ${CLIENTS} concurrent users, ${Math.round(seconds)} s`,
    '',
    `Each user thinks ${THINK_MS} ms on average (uniform, ${THINK_MS / 2}–${(THINK_MS * 3) / 2} ms) after each action; the users arrive over ${RAMP_SECONDS} s. The targets are those of the earlier issues.`,
    '',
    ...loadTable.lines,
    `Server resident memory every 15 s: ${memory
      .filter((m, i) => i % 7 === 0)
      .map((m) => `${Math.round(m.second)} s ${mb(m.rss)}`)
      .join(', ')}.`,
    `Server resident memory after a ${Math.round(settle)} s warm-up: mean ${mb(baseline)} in the first third of the rest, ${mb(last)} in the last third (${(growth * 100).toFixed(1)}%; limit +10%); peak ${mb(Math.max(...memory.map((m) => m.rss)))}.`,
    '',
  ];
  if (saturation && saturationTable)
    lines.push(
      `## Saturation: the same ${CLIENTS} users with no think time, ${Math.round(saturation.seconds)} s`,
      '',
      `Each user sends its next request as soon as the previous one answered: the throughput below is this machine's ceiling for the mix, and each request waits behind the others (${CLIENTS} clients at ${Math.round(saturationTable.total / saturation.seconds)} requests/s wait about ${ms((CLIENTS / (saturationTable.total / saturation.seconds)) * 1000)} on average whatever the request). Reported, not judged, except for failures.`,
      '',
      ...saturationTable.lines,
      saturationMemory.length > 0
        ? `Server resident memory in this phase: mean ${mb(mean(saturationMemory))}, peak ${mb(Math.max(...saturationMemory.map((m) => m.rss)))}.`
        : '',
      '',
    );
  const text = await prettier.format(lines.join('\n'), {
    ...(await prettier.resolveConfig(path.join(root, 'bench/SOAK.md'))),
    parser: 'markdown',
  });
  fs.writeFileSync(REPORT_PATH, text);
  console.log(text);
  const failures = loadTable.failures + (saturationTable?.failures ?? 0);
  const problems = [
    failures > 0 ? `${failures} requests failed with 5xx or a transport error` : '',
    JUDGE_MEMORY && !(growth <= 0.1)
      ? `memory grew ${(growth * 100).toFixed(1)}% after the first ${Math.round(settle)} s`
      : '',
    loadTable.total === 0 ? 'no requests were made' : '',
    ...[load, saturation].flatMap((result) =>
      Object.entries(result?.stats ?? {})
        .filter(([, entry]) => !Object.keys(entry.statuses).some((status) => /^2\d\d$/.test(status)))
        .map(([action]) => `${action} never succeeded`),
    ),
    JUDGE_TARGETS && loadTable.missed.length > 0 ? `targets missed: ${loadTable.missed.join('; ')}` : '',
  ].filter(Boolean);
  if (!JUDGE_MEMORY && !(growth <= 0.1))
    console.log(`Memory grew ${(growth * 100).toFixed(1)}% (reported only, SOAK_MEMORY=report)`);
  if (!JUDGE_TARGETS && loadTable.missed.length > 0)
    console.log(`Targets missed (reported only, SOAK_TARGETS=report): ${loadTable.missed.join('; ')}`);
  if (problems.length > 0) {
    console.error(`Soak failed: ${problems.join('; ')}`);
    process.exit(1);
  }
}

await main();
