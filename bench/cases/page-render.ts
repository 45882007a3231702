/**
 * `BENCH_ONLY=page-render` (and part of `npm run bench`): the members' first views rendered by the
 * server (apps/server/src/platform/page-render.ts) on PostgreSQL with the demo data. Signed-in page
 * requests for /quotes and /bookings with the page cookie at 10 concurrent clients, while GET
 * /api/order of the same member runs at 50 concurrent clients in a second process (autocannon): the
 * pages must not take the API's event loop from it. A page sent plain (the renders' bound, their
 * deadline, a busy event loop) counts as served, and the share of views rendered is reported beside.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SESSION_COOKIE } from '@freight/contract';
import {
  httpLoad,
  login,
  ms,
  percentile,
  postgresAvailable,
  type Row,
  startServer,
  underLoad,
  withDatabase,
} from '../lib.js';

const PAGES = ['/quotes', '/bookings'];
const PAGE_CLIENTS = 10;
const PAGE_REQUESTS = 600;
const API_CLIENTS = 50;
const API_REQUESTS = 6000;

/** One page request as a signed-in browser sends it; whether its first view came rendered. */
async function pageRequest(url: string, token: string, page: string): Promise<boolean> {
  const reply = await fetch(`${url}${page}`, {
    headers: {
      cookie: `${PAGE_SESSION_COOKIE}=${token}`,
      'accept-language': 'zh-CN,zh;q=0.9',
      'accept-encoding': 'br, gzip',
    },
  });
  const body = await reply.text();
  if (reply.status !== 200) throw new Error(`GET ${page} answered ${reply.status}`);
  return body.includes('id="server-state"');
}

export async function benchPageRender(rows: Row[]) {
  if (!(await postgresAvailable())) {
    rows.push({
      name: 'First views rendered by the server',
      figure: 'skipped: no PostgreSQL',
      target: '—',
      ok: undefined,
    });
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pages-'));
  try {
    await withDatabase('portal_bench_pages', async (databaseUrl) => {
      const server = await startServer({
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'true',
        CAPTCHA_FIXED: 'bench',
        DATA_DIR: dataDir,
      });
      try {
        const token = await login(server.url, 'demo@example.com', 'demo123456');
        // The renderer loads with the first page asked for; then a short warm-up of both pages.
        for (let i = 0; i < 20; i += 1) await pageRequest(server.url, token, PAGES[i % PAGES.length]!);
        let rendered = 0;
        const api = httpLoad({
          url: server.url,
          connections: API_CLIENTS,
          amount: API_REQUESTS,
          requests: [{ path: '/api/order?page=1&size=10', headers: { authorization: `Bearer ${token}` } }],
          countFailures: true,
        });
        const pages = underLoad({
          concurrency: PAGE_CLIENTS,
          total: PAGE_REQUESTS,
          task: async (index) => {
            if (await pageRequest(server.url, token, PAGES[index % PAGES.length]!)) rendered += 1;
          },
        });
        const [apiResult, pageResult] = await Promise.all([api, pages]);
        const pageP95 = percentile(pageResult.latencies, 95);
        const apiP95 = percentile(apiResult.latencies, 95);
        const share = `${Math.round((100 * rendered) / PAGE_REQUESTS)}% of them with the view rendered`;
        rows.push(
          {
            name: `Signed-in first views of /quotes and /bookings with the page cookie, ${PAGE_CLIENTS} concurrent, during GET /api/order at ${API_CLIENTS} concurrent (PostgreSQL, demo data; ${share}): pages per second`,
            figure: `${Math.round(pageResult.perSecond)}/s`,
            target: '≥ 50/s',
            ok: pageResult.perSecond >= 50,
          },
          {
            name: `…the same pages: p95 (p50 ${ms(percentile(pageResult.latencies, 50))})`,
            figure: ms(pageP95),
            target: '≤ 300 ms',
            ok: pageP95 <= 300,
          },
          {
            name: `…GET /api/order at ${API_CLIENTS} concurrent meanwhile: p95 (p50 ${ms(percentile(apiResult.latencies, 50))}, ${Math.round(apiResult.perSecond)}/s, ${apiResult.failed} of ${API_REQUESTS} not answered 2xx)`,
            figure: ms(apiP95),
            target: '≤ 50 ms, all 2xx',
            ok: apiP95 <= 50 && apiResult.failed === 0,
          },
        );
      } finally {
        await server.stop();
      }
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
