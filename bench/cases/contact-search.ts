import pg from 'pg';
import { CUSTOMER } from '../data-set.js';
import { count, getJson, login, ms, percentile, type Row, type Server, underLoad } from '../lib.js';

/** GET /api/customer/contact with keywords of every kind the search covers: one client, then 10 concurrent. */
export async function benchContactSearch(server: Server, url: string, rows: Row[]) {
  const token = await login(server.url, CUSTOMER.username, CUSTOMER.password);
  // A phone fragment (7 digits) of one of the member's own contacts, as a member would type it.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const phone = await client
    .query<{ phone: string }>(
      `select phone from contacts where company_id = (select id from companies where username = $1) and phone like '+86 1%' order by id desc limit 1 offset 777`,
      [CUSTOMER.username],
    )
    .finally(() => client.end());
  const phoneFragment = phone.rows[0]?.phone.slice(7, 14) ?? '1388888';
  const keywords = [
    { kind: 'company', keyword: 'golden bridge' },
    { kind: 'Chinese company', keyword: '金星' },
    { kind: 'city', keyword: 'NINGBO' },
    { kind: 'phone', keyword: phoneFragment },
    { kind: 'e-mail', keyword: 'zhang.wei@' },
  ];
  const search = (keyword: string) =>
    getJson<{ lists: unknown[]; total: number }>(
      `${server.url}/api/customer/contact?page=1&size=10&keyword=${encodeURIComponent(keyword)}`,
      token,
    );
  const totals: string[] = [];
  for (const { kind, keyword } of keywords) {
    const { total } = await search(keyword);
    if (total === 0) throw new Error(`keyword ${keyword} matches nothing`);
    totals.push(`${kind} “${keyword}” ${count(total)}`);
  }
  // Warm-up (not measured): the first requests of a new process compile and fill caches.
  await underLoad({
    concurrency: 10,
    total: 50,
    task: (i) => search(keywords[i % keywords.length]!.keyword),
  });
  // The issue states no load for this target: the target row is one member searching (one client);
  // the row after it shows the same searches at 10 concurrent clients.
  const single = await underLoad({
    concurrency: 1,
    total: 200,
    task: async (i) => {
      await search(keywords[i % keywords.length]!.keyword);
    },
  });
  const singleP95 = percentile(single.latencies, 95);
  rows.push({
    name: `Contacts: keyword search p95, one client, PostgreSQL, a member with 50,002 of 1,000,002 contacts (200 requests, p50 ${ms(percentile(single.latencies, 50))}; matches: ${totals.join(', ')})`,
    figure: ms(singleP95),
    target: '≤ 30 ms',
    ok: singleP95 <= 30,
  });
  const total = 400;
  const { latencies, perSecond } = await underLoad({
    concurrency: 10,
    total,
    task: async (i) => {
      await search(keywords[i % keywords.length]!.keyword);
    },
  });
  const p95 = percentile(latencies, 95);
  rows.push({
    name: `Contacts: the same keyword searches at 10 concurrent clients (${total} requests, ${Math.round(perSecond)}/s, p50 ${ms(percentile(latencies, 50))})`,
    figure: ms(p95),
    target: '—',
    ok: undefined,
  });
  const list = await underLoad({
    concurrency: 10,
    total: 200,
    task: async () => {
      await getJson(`${server.url}/api/customer/contact?page=1&size=10`, token);
    },
  });
  rows.push({
    name: `Contacts: list without keyword p95 at 10 concurrent, same member (200 requests, ${Math.round(list.perSecond)}/s)`,
    figure: ms(percentile(list.latencies, 95)),
    target: '—',
    ok: undefined,
  });
}
