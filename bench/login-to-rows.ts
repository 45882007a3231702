/**
 * The first page after logging in: from the Enter key on the login form to the first quote row of
 * /quotes on the screen, as a member meets it in Debian's Chromium against the built server. On
 * localhost (no throttling) and on the slow-phone profile of the first loads (bench/first-load.ts).
 * The login page is opened first and left to settle (its picture, its captcha, its proof of work),
 * as a person typing would; then the form is filled and Enter pressed. Both instants are taken by
 * the page itself (`performance.now()` of the key's event and of the first frame showing a row).
 * BENCH_DEBUG=1 prints the requests after Enter, with when each started and ended (the waterfall).
 */
import { type Browser, type CDPSession, type Page } from 'playwright-core';
import { median, type Row } from './lib.js';
import { PROFILE, throttle } from './first-load.js';

type Request = { url: string; type: string; start: number; end?: number };

const ROWS_VISIBLE = `new Promise((resolve) => {
  const row = () => document.querySelector('.ant-table-tbody tr.ant-table-row, section[aria-labelledby="quotes-title"] article');
  const check = () => (row() ? resolve(performance.now()) : requestAnimationFrame(check));
  check();
})`;

/** One login in a fresh context: ms from Enter to the first row, and the requests after Enter. */
async function loginOnce(
  browser: Browser,
  baseUrl: string,
  options: { slow: boolean; captcha: string },
): Promise<{ ms: number; requests: Request[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 768 },
  });
  try {
    const page = await context.newPage();
    const cdp = options.slow ? await throttle(page, { cache: false }) : await watch(page);
    // Start in wall-clock ms (the event's `wallTime`), end by the protocol's own clock after it.
    const requests = new Map<string, Request & { startClock: number }>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const start = (event.wallTime ?? 0) * 1000;
      requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? '',
        start,
        startClock: event.timestamp,
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.end = request.start + (event.timestamp - request.startClock) * 1000;
    });
    await page.goto('/login', { waitUntil: 'load', timeout: 120_000 });
    await page.getByLabel(/邮箱|Email/).fill('demo@example.com');
    await page.getByLabel(/^(密码|Password)$/).fill('demo123456');
    await page.getByLabel(/验证码|Captcha/).fill(options.captcha);
    // The page idles as it would while a person types (its captcha and proof of work arrive meanwhile).
    await page.waitForTimeout(options.slow ? 5_000 : 2_000);
    await page.evaluate(`document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') globalThis.__enterAt = performance.now();
    }, { capture: true, once: true })`);
    const rows = page.evaluate(ROWS_VISIBLE) as Promise<number>;
    const enterWall = Date.now();
    await page.getByLabel(/验证码|Captcha/).press('Enter');
    const shownAt = await rows;
    const enterAt = Number(await page.evaluate('globalThis.__enterAt'));
    const after = [...requests.values()]
      .filter((r) => r.start >= enterWall - 50)
      .map((r) => ({
        url: r.url,
        type: r.type,
        start: r.start - enterWall,
        end: r.end && r.end - enterWall,
      }));
    await cdp.detach();
    return { ms: shownAt - enterAt, requests: after };
  } finally {
    await context.close();
  }
}

async function watch(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return cdp;
}

function waterfall(label: string, requests: Request[]): void {
  console.log(`${label}: requests after Enter (start → end, ms)`);
  for (const r of requests.sort((a, b) => a.start - b.start)) {
    const end = r.end === undefined ? 'open' : String(Math.round(r.end));
    console.log(
      `  ${String(Math.round(r.start)).padStart(5)} → ${end.padStart(5)}  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`,
    );
  }
}

/** Rows: median and spread of 3 logins, on localhost and on the slow profile. */
export async function benchLoginToRows(
  rows: Row[],
  browser: Browser,
  baseUrl: string,
  captcha: string,
): Promise<void> {
  for (const slow of [false, true]) {
    const figures: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const { ms, requests } = await loginOnce(browser, baseUrl, { slow, captcha });
      figures.push(ms);
      if (process.env.BENCH_DEBUG)
        waterfall(`${slow ? 'slow' : 'localhost'} run ${run + 1}: ${Math.round(ms)} ms`, requests);
    }
    const target = slow ? 3000 : 1500;
    const m = median(figures);
    rows.push({
      name: `Login to rows visible, /quotes zh-CN, ${slow ? `slow profile (${PROFILE.cpuSlowdown}× CPU)` : 'localhost'}: median of 3 (${figures.map(Math.round).join(', ')} ms)`,
      figure: `${Math.round(m)} ms`,
      target: `≤ ${target} ms`,
      ok: m <= target,
    });
  }
}
