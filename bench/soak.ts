/**
 * `npm run test:soak`: mixed traffic (logins, lists, creates, deletes, imports) from 100 concurrent
 * clients in two load processes against the built server on PostgreSQL, for SOAK_SECONDS (600 by
 * default; CI runs a shorter one). Fails on any 5xx or transport error, or when the server's resident
 * memory grows more than 10% after the warm-up (see below). Writes its figures to bench/SOAK.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
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
const WORKERS = 2;
const CUSTOMER = { username: 'demo@example.com', password: 'demo123456' };
const FORWARDER = { username: 'forwarder@example.com', password: 'demo123456' };
const TARGETS: Record<string, number> = {
  login: 150,
  'quote board': 50,
  'bookings list': 50,
  'contacts list': 30,
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

function runWorker(job: object): Promise<Stats> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/soak-worker.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: root,
  });
  child.stdin.end(JSON.stringify(job));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as Stats)
        : reject(new Error(`soak worker exited with ${code}`)),
    ),
  );
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
      const started = Date.now();
      const until = started + SECONDS * 1000;
      const memory: { second: number; rss: number }[] = [];
      const sampler = setInterval(() => {
        memory.push({ second: (Date.now() - started) / 1000, rss: memoryOf(server.pid).rssBytes });
      }, 2_000);
      const perWorker = Math.ceil(CLIENTS / WORKERS);
      const results = await Promise.all(
        Array.from({ length: WORKERS }, () =>
          runWorker({
            url: server.url,
            clients: perWorker,
            until,
            captcha: 'bench',
            customer: CUSTOMER,
            forwarder: FORWARDER,
            ref,
          }),
        ),
      ).finally(() => clearInterval(sampler));
      const merged: Stats = {};
      for (const stats of results)
        for (const [action, entry] of Object.entries(stats)) {
          const into = (merged[action] ??= { latencies: [], statuses: {} });
          into.latencies.push(...entry.latencies);
          for (const [status, n] of Object.entries(entry.statuses))
            into.statuses[status] = (into.statuses[status] ?? 0) + n;
        }
      return { merged, memory, seconds: (Date.now() - started) / 1000 };
    } finally {
      await server.stop();
    }
  });

  const { merged, memory, seconds } = report;
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
  const lines: string[] = [
    '# Soak report',
    '',
    `Written by \`npm run test:soak\` on ${new Date().toISOString().slice(0, 10)}: ${CLIENTS} concurrent clients in ${WORKERS} load processes, ${Math.round(seconds)} s of mixed traffic against the built server on PostgreSQL (${adminUrl.replace(/\/\/[^@]*@/, '//')}), ${os.cpus().length} cores, Node ${process.version}. Latencies are per request, measured by the client; the p95 targets of the earlier issues were set at lower concurrency (20 to 50 clients) and are shown for comparison.`,
    '',
    '| action | requests | p50 | p95 | earlier target | statuses |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  let failures = 0;
  let total = 0;
  for (const [action, entry] of Object.entries(merged).sort()) {
    total += entry.latencies.length;
    for (const [status, n] of Object.entries(entry.statuses)) if (!/^[234]\d\d$/.test(status)) failures += n;
    const p95 = percentile(entry.latencies, 95);
    lines.push(
      `| ${action} | ${entry.latencies.length} | ${ms(percentile(entry.latencies, 50))} | ${ms(p95)} | ${TARGETS[action] ? `≤ ${TARGETS[action]} ms` : '—'} | ${Object.entries(
        entry.statuses,
      )
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')} |`,
    );
  }
  const mb = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;
  lines.push(
    '',
    `${total} requests (${Math.round(total / seconds)}/s); 5xx and transport errors: ${failures}.`,
    `Server resident memory every 15 s: ${memory
      .filter((m, i) => i % 7 === 0)
      .map((m) => `${Math.round(m.second)} s ${mb(m.rss)}`)
      .join(', ')}.`,
    `Server resident memory after a ${Math.round(settle)} s warm-up: mean ${mb(baseline)} in the first third of the rest, ${mb(last)} in the last third (${(growth * 100).toFixed(1)}%; limit +10%); peak ${mb(Math.max(...memory.map((m) => m.rss)))}.`,
    '',
  );
  const reportPath = path.join(root, 'bench/SOAK.md');
  const text = await prettier.format(lines.join('\n'), {
    ...(await prettier.resolveConfig(reportPath)),
    parser: 'markdown',
  });
  fs.writeFileSync(reportPath, text);
  console.log(text);
  const problems = [
    failures > 0 ? `${failures} requests failed with 5xx or a transport error` : '',
    !(growth <= 0.1)
      ? `memory grew ${(growth * 100).toFixed(1)}% after the first ${Math.round(settle)} s`
      : '',
    total === 0 ? 'no requests were made' : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(`Soak failed: ${problems.join('; ')}`);
    process.exit(1);
  }
}

await main();
