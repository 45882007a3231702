import { FORWARDER_AUTHORITIES, type QuoteQuery, type Rate, quoteQuery } from '@freight/contract';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DATABASE_POOL_SIZE, FORWARDER, type Ids, RATES } from '../data-set.js';
import {
  count,
  floorRow,
  getJson,
  httpLoad,
  login,
  ms,
  percentile,
  type Row,
  sendJson,
  type Server,
  underLoad,
} from '../lib.js';
import { captureSql, type Statement } from './capture-sql.js';
import { schema, carriers, listQuotes, ports, tradeRoutes, type Db } from '../../apps/server/src/surface.js';

/** The quote board queries of the benchmark: filters and sorts a member would use, with real ids. */
async function quoteQueries(url: string, forwarderId: number): Promise<Record<string, string>[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  try {
    const portId = async (code: string) =>
      (await db.select({ id: ports.id }).from(ports).where(eq(ports.code, code)))[0]?.id ?? 0;
    const [mscu] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.code, 'MSCU'));
    const routes = await db
      .select({ id: tradeRoutes.id, code: tradeRoutes.code })
      .from(tradeRoutes)
      .where(inArray(tradeRoutes.code, ['EU', 'USWC']));
    const route = (code: string) => String(routes.find((r) => r.code === code)?.id ?? 0);
    const [sha, ngb, rtm, lax] = await Promise.all(['CNSHA', 'CNNGB', 'NLRTM', 'USLAX'].map(portId));
    return [
      {},
      { pol_id: String(sha), field: 'transit_days' },
      { pol_id: String(ngb), to_id: String(rtm), field: 'sdate' },
      { carrier_id: String(mscu?.id ?? 0), field: 'edate', order: 'desc' },
      { route_id: route('EU'), field: 'carrier_name' },
      { pol_id: String(sha), route_id: route('USWC'), field: 'to_name', page: '2' },
      { forwarder_id: String(forwarderId), field: 'create_time', order: 'desc' },
      { to_id: String(lax), field: 'pol_name' },
    ];
  } finally {
    await pool.end();
  }
}

/**
 * The SQL the server runs for one quote board request, captured from the server's own code
 * (listQuotes → findQuotePage and spacesOf): the page and the count (run together), then the
 * page's space lines.
 */
async function captureQuoteSql(url: string, query: QuoteQuery, forwarderId: number): Promise<Statement[]> {
  const captured = await captureSql(url, (db) =>
    listQuotes({
      db,
      context: { companyId: forwarderId, authorities: [...FORWARDER_AUTHORITIES], locale: 'zh-CN' },
      query,
    }),
  );
  if (captured.length !== 3)
    throw new Error(`expected 3 statements per quote request, saw ${captured.length}`);
  return captured;
}

/** GET /api/quote at 50 concurrent clients, then the same SQL straight through pg at 50 concurrent. */
export async function benchQuotes(server: Server, url: string, ids: Ids, rows: Row[]) {
  const token = await login(server.url, FORWARDER.username, FORWARDER.password);
  const queries = await quoteQueries(url, ids.forwarderId);
  const request = (i: number) =>
    getJson<{ lists: unknown[]; total: number }>(
      `${server.url}/api/quote?${new URLSearchParams(queries[i % queries.length])}`,
      token,
    );
  const totals: number[] = [];
  for (let i = 0; i < queries.length; i++) {
    const { lists, total } = await request(i);
    if (lists.length === 0) throw new Error(`quote query ${JSON.stringify(queries[i])} found nothing`);
    totals.push(total);
  }
  const requests = queries.map((q) => ({
    path: `/api/quote?${new URLSearchParams(q)}`,
    headers: { authorization: `Bearer ${token}` },
  }));
  await httpLoad({ url: server.url, connections: 50, amount: 1_000, requests });
  // Measured while the forwarder changes one of their rates every second (each change makes every
  // page of every instance stale), so that the figure includes pages computed afresh.
  const rate = (await getJson<{ lists: Rate[] }>(`${server.url}/api/rate?page=1&size=1`, token)).lists[0];
  if (!rate) throw new Error('the forwarder has no rate to change');
  let changes = 0;
  let writing = true;
  const writer = (async () => {
    while (writing) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (!writing) break;
      const { id, carrier_id, pol_id, pod_id, to_id, sdate, edate, transit_days, spaces } = rate;
      await sendJson('PUT', `${server.url}/api/rate/${id}`, token, {
        carrier_id,
        pol_id,
        pod_id,
        to_id,
        sdate,
        edate,
        transit_days,
        spaces: spaces.map((s) => ({ container_id: s.container_id, price: s.price })),
      });
      changes += 1;
    }
  })();
  // 10,000 requests (several seconds, so several changes); the SQL alone, every page computed, is
  // measured on 2,000 (each takes as long as a page after a change).
  const total = 10_000;
  const directTotal = 2_000;
  const server50 = await httpLoad({ url: server.url, connections: 50, amount: total, requests }).finally(
    () => {
      writing = false;
    },
  );
  await writer;

  const statements = await Promise.all(
    queries.map((q) => captureQuoteSql(url, quoteQuery.parse(q), ids.forwarderId)),
  );
  const pool = new pg.Pool({ connectionString: url, max: DATABASE_POOL_SIZE });
  let direct: Awaited<ReturnType<typeof underLoad>>;
  try {
    const run = async (i: number) => {
      const [page, countTotal, spaces] = statements[i % statements.length]!;
      await Promise.all([
        pool.query(page!.sql, page!.params),
        pool.query(countTotal!.sql, countTotal!.params),
      ]);
      await pool.query(spaces!.sql, spaces!.params);
    };
    await underLoad({ concurrency: 50, total: 200, task: run });
    direct = await underLoad({ concurrency: 50, total: directTotal, task: run });
  } finally {
    await pool.end();
  }
  const p95 = percentile(server50.latencies, 95);
  const sqlP95 = percentile(direct.latencies, 95);
  const pageBytes = JSON.stringify(await request(0)).length + 30;
  rows.push({
    name: `Quotes: GET /api/quote p95 at 50 concurrent (autocannon), PostgreSQL, ${count(RATES)} rates, ${queries.length} filter/sort combinations, while the forwarder changed a rate every second (${changes} changes, each recomputing every page) (${total} requests, ${Math.round(server50.perSecond)}/s, p50 ${ms(percentile(server50.latencies, 50))}; totals ${totals.map(count).join(', ')})`,
    figure: ms(p95),
    target: '≤ 50 ms',
    ok: p95 <= 50,
  });
  rows.push({
    name: `Quotes: the same SQL straight through pg (pool of ${DATABASE_POOL_SIZE}, as the server) at 50 concurrent, every request computed (what a page costs after a rate change): p95 ${ms(sqlP95)}, p50 ${ms(percentile(direct.latencies, 50))}, ${Math.round(direct.perSecond)}/s — server p95 ÷ SQL p95`,
    figure: `${(p95 / sqlP95).toFixed(2)}×`,
    target: '—',
    ok: undefined,
  });
  rows.push(await floorRow('Quotes', p95, pageBytes, total));
}
