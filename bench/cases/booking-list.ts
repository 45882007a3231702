import { type BookingDetail, bookingDetail, bookingQuery } from '@freight/contract';
import pg from 'pg';
import { BOOKINGS, CUSTOMER, DATABASE_POOL_SIZE, type Ids } from '../data-set.js';
import {
  count,
  floorRow,
  getJson,
  httpLoad,
  login,
  ms,
  percentile,
  type Row,
  type Server,
  underLoad,
} from '../lib.js';
import { captureSql } from './capture-sql.js';
import { listBookings } from '../../apps/server/src/surface.js';

/**
 * The booking list searches of the benchmark, each a keyword and two filters, with values taken from
 * the demo customer's own bookings (so that each finds some): a customer reference prefix with a
 * status and a destination; an invoice-number prefix with a loading port and the last year's
 * booking dates; a carrier's B/L prefix with a status and FCL; an order-number month with a loading
 * port and a status. Pages of 10, as a search submit asks for.
 */
async function bookingListQueries(url: string, customerId: number): Promise<Record<string, string>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string, params: unknown[] = []) => {
      const row = (await client.query<Record<string, string | number>>(text, [customerId, ...params]))
        .rows[0];
      if (!row) throw new Error(`the demo customer has no booking for: ${text}`);
      return row;
    };
    const top = async (column: 'to_id' | 'pol_id', where: string) =>
      String(
        (
          await one(
            `select ${column} as value from bookings where company_id = $1 and ${where} group by 1 order by count(*) desc, 1 limit 1`,
          )
        ).value,
      );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const pol = await top('pol_id', 'true');
    const shipped = await one(
      `select bl_no, order_no from bookings where company_id = $1 and status = 5 and container_mode = 1 and pol_id = $2 order by id desc limit 1 offset 3`,
      [Number(pol)],
    );
    const queries: Record<string, string>[] = [
      { keyword: 'po-', status: '5', to_id: await top('to_id', 'status = 5') },
      { keyword: 'INV', pol_id: pol, sdate: day(-365), edate: day(0) },
      { keyword: String(shipped.bl_no).slice(0, 4), status: '5', container_mode: '1' },
      { keyword: String(shipped.order_no).slice(0, 6), pol_id: pol, status: '5' },
    ];
    return queries.map((q) => ({ page: '1', size: '10', ...q }));
  } finally {
    await client.end();
  }
}

/**
 * The SQL the server runs for one booking list request, captured from the server's own code
 * (listBookings → findBookingPage): the page with its total, one statement.
 */
async function captureBookingSql(url: string, query: Record<string, string>, customerId: number) {
  const captured = await captureSql(url, (db) =>
    listBookings({
      db,
      party: 'member',
      viewerCompanyId: customerId,
      query: bookingQuery.parse(query),
      locale: 'zh-CN',
    }),
  );
  if (captured.length !== 1)
    throw new Error(`expected 1 statement per booking list request, saw ${captured.length}`);
  return captured;
}

/**
 * GET /api/order of the demo customer (a keyword and two filters) at 50 concurrent clients, then the
 * same SQL straight through pg at 50 concurrent; and GET /api/order/{id} of the bookings listed,
 * each checked against the contract.
 */
export async function benchBookingList(server: Server, url: string, ids: Ids, rows: Row[]) {
  const token = await login(server.url, CUSTOMER.username, CUSTOMER.password);
  const queries = await bookingListQueries(url, ids.customerId);
  const request = (i: number) =>
    getJson<{ lists: { id: number }[]; total: number }>(
      `${server.url}/api/order?${new URLSearchParams(queries[i % queries.length])}`,
      token,
    );
  const totals: number[] = [];
  const listed = new Set<number>();
  for (let i = 0; i < queries.length; i++) {
    const { lists, total } = await request(i);
    if (total === 0) throw new Error(`booking query ${JSON.stringify(queries[i])} found nothing`);
    totals.push(total);
    for (const row of lists) listed.add(row.id);
  }
  const newest = await getJson<{ lists: { id: number }[]; total: number }>(
    `${server.url}/api/order?page=1&size=20`,
    token,
  );
  for (const row of newest.lists) listed.add(row.id);
  const problems: string[] = [];
  for (const id of listed) {
    const detail = await getJson<BookingDetail>(`${server.url}/api/order/${id}`, token);
    const parsed = bookingDetail.safeParse(detail);
    if (!parsed.success) problems.push(`booking ${id}: ${parsed.error.issues[0]?.path.join('.')}`);
  }
  if (problems.length > 0) throw new Error(`GET /api/order/{id}: ${problems.slice(0, 3).join('; ')}`);

  const requests = queries.map((q) => ({
    path: `/api/order?${new URLSearchParams(q)}`,
    headers: { authorization: `Bearer ${token}` },
  }));
  await httpLoad({ url: server.url, connections: 50, amount: 1_000, requests });
  const total = 10_000;
  const server50 = await httpLoad({ url: server.url, connections: 50, amount: total, requests });
  const statements = await Promise.all(queries.map((q) => captureBookingSql(url, q, ids.customerId)));
  const pool = new pg.Pool({ connectionString: url, max: DATABASE_POOL_SIZE });
  let direct: Awaited<ReturnType<typeof underLoad>>;
  try {
    // Named, as the server's statements are (statementsByShape): parsed and planned once per connection.
    const run = async (i: number) => {
      const [page] = statements[i % statements.length]!;
      await pool.query({
        name: `direct_page_${i % statements.length}`,
        text: page!.sql,
        values: page!.params,
      });
    };
    await underLoad({ concurrency: 50, total: 200, task: run });
    direct = await underLoad({ concurrency: 50, total, task: run });
  } finally {
    await pool.end();
  }
  const p95 = percentile(server50.latencies, 95);
  const sqlP95 = percentile(direct.latencies, 95);
  const pageBytes = JSON.stringify(await request(0)).length + 30;
  const described = queries
    .map(({ page: _p, size: _s, keyword, ...filters }) => `“${keyword}” + ${Object.keys(filters).join(', ')}`)
    .join('; ');
  rows.push({
    name: `Bookings: GET /api/order p95 at 50 concurrent (autocannon), PostgreSQL, ${count(BOOKINGS)} bookings, ${CUSTOMER.username} (${count(newest.total)} bookings), keyword + two filters (${described}; ${total} requests, ${Math.round(server50.perSecond)}/s, p50 ${ms(percentile(server50.latencies, 50))}; totals ${totals.map(count).join(', ')}; GET /api/order/{id} of the ${listed.size} bookings listed: all pass bookingDetail)`,
    figure: ms(p95),
    target: '≤ 50 ms',
    ok: p95 <= 50,
  });
  rows.push({
    name: `Bookings: the same SQL straight through pg (pool of ${DATABASE_POOL_SIZE}, statements prepared per connection, as the server) at 50 concurrent: p95 ${ms(sqlP95)}, p50 ${ms(percentile(direct.latencies, 50))}, ${Math.round(direct.perSecond)}/s — server p95 ÷ SQL p95`,
    figure: `${(p95 / sqlP95).toFixed(2)}×`,
    target: '—',
    ok: undefined,
  });
  rows.push(await floorRow('Bookings', p95, pageBytes, total));
}
