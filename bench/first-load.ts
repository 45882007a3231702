/**
 * First load as a user on the road receives it: Debian's Chromium on a throttled
 * link and CPU, driven through the DevTools protocol, against the built server with its demo data.
 *
 * Profile (a mid-range phone on a weak 4G cell): 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip
 * (Chromium adds it to every request), CPU slowed 4×. Figures, for /login and, after logging in,
 * /quotes and /bookings, in Chinese and English:
 * - bytes at the wire: the sum of every response's encoded length as the browser received it
 *   (headers and compressed bodies, `Network.loadingFinished.encodedDataLength`), up to the moment
 *   the page has settled (no request and no rendering for 1 s after load);
 * - LCP: the page's own largest-contentful-paint entry (the paint of its largest element).
 * Cold: the browser cache disabled. Warm: the same page opened again in the same browser (the
 * hashed assets then come from the cache; the API and index.html are asked again, as they are not
 * cached for long). As a member in Asia/Shanghai, at 1366 and at 375 px, each 3 times (the median
 * and the range are reported); a hydration error of any load fails the benchmark. Then the time
 * from the login's Enter to the first quote row (bench/login-to-rows.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { PAGE_SESSION_COOKIE } from '@freight/contract';
import { benchFormInput } from './form-input.js';
import { login as loginAs, median, type Row, startServer } from './lib.js';
import { benchLoginToRows } from './login-to-rows.js';

const KB = 1024;
export const PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1_000) / 8,
  cpuSlowdown: 4,
};
const CAPTCHA = 'bench';

type Measure = { bytes: number; requests: number; lcpMs: number };

/** The first-load targets (LCP in ms, bytes transferred). */
const TARGETS: Record<string, { coldLcp: number; coldBytes?: number; warmLcp: number }> = {
  '/login': { coldLcp: 2000, coldBytes: 300 * KB, warmLcp: 800 },
  '/quotes': { coldLcp: 2500, warmLcp: 800 },
  '/bookings': { coldLcp: 2500, warmLcp: 800 },
};

export async function throttle(page: Page, options: { cache: boolean }): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !options.cache });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSecond,
    uploadThroughput: PROFILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return cdp;
}

/** Opens `path` on a throttled page and measures what it took until the page settled. */
async function measure(page: Page, url: string, options: { cache: boolean }): Promise<Measure> {
  const cdp = await throttle(page, options);
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  const pending = new Set<string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    // The notification stream (an EventSource) stays open as long as the page: not a load.
    if (event.type === 'EventSource') return;
    pending.add(event.requestId);
    lastActivity = Date.now();
  });
  const finished = (event: { requestId: string; encodedDataLength?: number }) => {
    if (!pending.delete(event.requestId)) return;
    bytes += event.encodedDataLength ?? 0;
    requests += 1;
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', (event) => finished({ requestId: event.requestId }));
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Settled: nothing in flight and nothing new for a second (lazy chunks, API calls after render),
  // and no rendering for a second either (no long task, no change of the DOM): with the data asked
  // for early, the network falls quiet while the slowed CPU still renders the page, whose largest
  // paint comes after.
  const deadline = Date.now() + 60_000;
  // A page that navigates meanwhile (the app sending it elsewhere) is busy: its new document is measured.
  const busy = async () =>
    Number(await page.evaluate(`performance.now() - (globalThis.__benchBusyUntil ?? 0)`).catch(() => 0)) <
    1_000;
  while (Date.now() < deadline && (pending.size > 0 || Date.now() - lastActivity < 1_000 || (await busy()))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A string, not a function: this project's bench is type-checked without the DOM's types.
  const lcp = (await page.evaluate(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        const last = entries[entries.length - 1];
        resolve(last ? { ms: last.startTime, what: entries.map((e) =>
          Math.round(e.startTime) + ' ms ' + (e.element ? e.element.tagName + '.' + e.element.className : '?') +
          ' ' + e.size + (e.url ? ' ' + e.url : '')).join(' | ') } : { ms: NaN, what: '' });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve({ ms: NaN, what: '' }), 2000);
    })`)) as { ms: number; what: string };
  // BENCH_DEBUG=1: which paints were the largest, in turn (what to work on).
  if (process.env.BENCH_DEBUG) console.log(`${url} (${options.cache ? 'warm' : 'cold'}): ${lcp.what}`);
  const lcpMs = Number(lcp.ms);
  await cdp.detach();
  return { bytes, requests, lcpMs };
}

async function login(baseUrl: string): Promise<string> {
  const captcha = (await (await fetch(`${baseUrl}/api/system/captcha`)).json()) as {
    data: { captcha_id: string };
  };
  const reply = await fetch(`${baseUrl}/api/system/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'demo@example.com',
      password: 'demo123456',
      captcha_id: captcha.data.captcha_id,
      captcha: CAPTCHA,
    }),
  });
  const body = (await reply.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`bench login failed: ${reply.status}`);
  return body.data.token;
}

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** React's hydration failures (its production errors #418, #423, #425, or the development text). */
const HYDRATION_ERROR = /#41[8]|#42[35]|hydrat/i;

/** Widths of the first loads: a laptop and a phone. */
const WIDTHS = [1366, 375] as const;
/** Runs per page, language and width: the median and the spread are reported. */
const RUNS = 3;

/**
 * One page in one language at one width, as a member in Asia/Shanghai (the zone the portal's people
 * are in; a first view that differs between the server's zone and the browser's fails to hydrate):
 * cold, then warm in the same browser context. Answers the hydration errors of both loads too.
 */
async function measurePage(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: { locale: 'zh-CN' | 'en-US'; width: number; token: string | undefined },
): Promise<{ cold: Measure; warm: Measure; errors: string[] }> {
  const { locale, width, token } = options;
  const context = await browser.newContext({
    locale,
    timezoneId: 'Asia/Shanghai',
    viewport: { width, height: width < 768 ? 812 : 768 },
    isMobile: width < 768,
    hasTouch: width < 768,
  });
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
  });
  context.on('weberror', (error) => {
    if (HYDRATION_ERROR.test(error.error().message)) errors.push(error.error().message);
  });
  try {
    // When the page last rendered: its last long task or change of the DOM (React renders in
    // slices too short to be long tasks), for `measure` to wait on.
    await context.addInitScript(
      `globalThis.__benchBusyUntil = 0; new PerformanceObserver((list) => { for (const e of list.getEntries())
        globalThis.__benchBusyUntil = Math.max(globalThis.__benchBusyUntil, e.startTime + e.duration); })
        .observe({ entryTypes: ['longtask'] });
      new MutationObserver(() => { globalThis.__benchBusyUntil = Math.max(globalThis.__benchBusyUntil, performance.now()); })
        .observe(document, { childList: true, subtree: true, attributes: true, characterData: true });`,
    );
    if (token) {
      // What a login through the page leaves: the session in local storage, and its cookie of page
      // requests (with which the server sends a member list's first view rendered).
      await context.addInitScript(
        `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('token_update_time', String(Date.now()));`,
      );
      await context.addCookies([{ name: PAGE_SESSION_COOKIE, value: token, url: baseUrl }]);
    }
    const cold = await measure(await context.newPage(), `${baseUrl}${path}`, { cache: false });
    const warm = await measure(await context.newPage(), `${baseUrl}${path}`, { cache: true });
    return { cold, warm, errors };
  } finally {
    await context.close();
  }
}

/** "1,234 ms (1,100–1,400)": the median of the runs and their range. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${Math.round(median(sorted))} ms (${Math.round(sorted[0] ?? NaN)}–${Math.round(sorted[sorted.length - 1] ?? NaN)})`;
}

/**
 * Rows of the report: bytes and LCP per page, language, width and cache (median of the runs), and
 * the time from the login's Enter to the first quote row. BENCH_PAGES=/login,/quotes,login-to-rows
 * measures only those (and form-input: typing into a 50-line booking form, bench/form-input.ts).
 */
export async function benchFirstLoad(rows: Row[]): Promise<void> {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/portal-bench-load-`);
  const server = await startServer({ DATA_DIR: dataDir, CAPTCHA_FIXED: CAPTCHA });
  const browser = await launch();
  try {
    const token = await login(server.url);
    const only = process.env.BENCH_PAGES?.split(',');
    const failures: string[] = [];
    for (const path of Object.keys(TARGETS).filter((p) => !only || only.includes(p))) {
      const target = TARGETS[path];
      if (!target) continue;
      for (const locale of ['zh-CN', 'en-US'] as const) {
        for (const width of WIDTHS) {
          const runs: { cold: Measure; warm: Measure }[] = [];
          const label = `${path} ${locale} ${width} px`;
          for (let run = 0; run < RUNS; run += 1) {
            const measured = await measurePage(browser, server.url, path, {
              locale,
              width,
              token: path === '/login' ? undefined : token,
            });
            runs.push(measured);
            if (measured.errors.length > 0) failures.push(`${label}: ${measured.errors[0]}`);
          }
          const cold = runs.map((r) => r.cold);
          const warm = runs.map((r) => r.warm);
          const coldBytes = median(cold.map((m) => m.bytes));
          const coldLcp = median(cold.map((m) => m.lcpMs));
          const warmLcp = median(warm.map((m) => m.lcpMs));
          console.log(`measured ${label}: cold LCP ${spread(cold.map((m) => m.lcpMs))}`);
          rows.push({
            name: `First load ${label}, cold: bytes at the wire (${cold[0]?.requests ?? 0} requests)`,
            figure: `${(coldBytes / KB).toFixed(1)} KB`,
            target: target.coldBytes ? `≤ ${target.coldBytes / KB} KB` : '—',
            ok: target.coldBytes ? coldBytes <= target.coldBytes : undefined,
          });
          rows.push({
            name: `First load ${label}, cold: LCP, median (range) of ${RUNS}`,
            figure: spread(cold.map((m) => m.lcpMs)),
            target: `≤ ${target.coldLcp} ms`,
            ok: coldLcp <= target.coldLcp,
          });
          rows.push({
            name: `First load ${label}, warm: LCP, median (range) of ${RUNS} (${(median(warm.map((m) => m.bytes)) / KB).toFixed(1)} KB at the wire)`,
            figure: spread(warm.map((m) => m.lcpMs)),
            target: `≤ ${target.warmLcp} ms`,
            ok: warmLcp <= target.warmLcp,
          });
        }
      }
    }
    if (!only || only.includes('login-to-rows')) await benchLoginToRows(rows, browser, server.url, CAPTCHA);
    if (!only || only.includes('form-input')) {
      const forwarder = await loginAs(server.url, 'forwarder@example.com', 'demo123456');
      await benchFormInput(rows, browser, server.url, { customer: token, forwarder });
    }
    // Every page measured first (the figures are shown), then the failure.
    if (failures.length > 0) {
      for (const row of rows) console.log(`${row.figure}  ${row.name}  (target ${row.target})`);
      throw new Error(`first loads failed to hydrate (${failures.length}):\n${failures.join('\n')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The profile in words, for the report's header. */
export function profileText(): string {
  return `${PROFILE.downloadBytesPerSecond / 125_000} Mbit/s down, ${PROFILE.uploadBytesPerSecond / 125} kbit/s up, ${PROFILE.latencyMs} ms round trip, CPU slowed ${PROFILE.cpuSlowdown}×`;
}
