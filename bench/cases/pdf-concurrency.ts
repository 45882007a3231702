import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookingDetail } from '@freight/contract';
import { CUSTOMER, FORWARDER } from '../data-set.js';
import {
  getJson,
  login,
  median,
  ms,
  postgresAvailable,
  type Row,
  sendJson,
  startServer,
  withDatabase,
} from '../lib.js';

const LINES = 200;
const AT_ONCE = 4;
const METRICS_TOKEN = 'bench-pdf-metrics-token';

/**
 * A long booking note on the built server (demo data; PostgreSQL when it answers, PGlite
 * otherwise): a 200-line booking of the demo customer, each line described over a dozen lines
 * (the longest a member's own booking gets, ~80 pages). Measured: one document alone (the first of
 * the process, which starts a worker and reads the font; then the median of three more), the same
 * document again (answered from the documents already made), and four new ones asked at once while
 * /api/health is polled every 20 ms. The server's own event-loop delay over those four comes from
 * its metrics (prom-client's monitorEventLoopDelay, reset at each scrape): scraped just before,
 * and read just after. `BENCH_ONLY=pdf-concurrency` runs this case alone.
 */
export async function benchPdfConcurrency(rows: Row[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pdf-load-'));
  const env = {
    SEED_DEMO: 'true',
    CAPTCHA_FIXED: 'bench',
    DATA_DIR: dataDir,
    METRICS_TOKEN,
  };
  try {
    if (await postgresAvailable())
      await withDatabase('portal_bench_pdf_load', (url) =>
        measure({ ...env, DATABASE_URL: url }, 'PostgreSQL', rows),
      );
    else await measure(env, 'PGlite', rows);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The largest event-loop delay the server saw since the last scrape, and its p99, in ms. */
async function eventLoopDelay(url: string): Promise<{ max: number; p99: number }> {
  const reply = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await reply.text();
  const figure = (name: string) => {
    const line = new RegExp(`^nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(
      text,
    );
    if (!reply.ok || !line?.[1])
      throw new Error(`metrics answered ${reply.status} without the event-loop ${name}`);
    return Number(line[1]) * 1000;
  };
  return { max: figure('max'), p99: figure('p99') };
}

async function measure(env: Record<string, string>, database: string, rows: Row[]) {
  const server = await startServer(env);
  try {
    const token = await login(server.url, CUSTOMER.username, CUSTOMER.password);
    const forwarder = await getJson<{ id: number }>(
      `${server.url}/api/userinfo`,
      await login(server.url, FORWARDER.username, FORWARDER.password),
    );
    const idOf = async (list: string, code: string) => {
      const { lists } = await getJson<{ lists: { id: number; code: string }[] }>(
        `${server.url}/api/${list}?keyword=${code}`,
        token,
      );
      const found = lists.find((item) => item.code === code);
      if (!found) throw new Error(`reference data missing: ${list} ${code}`);
      return found.id;
    };
    const contact = async (type: 'shipper' | 'consignee') => {
      const { lists } = await getJson<{ lists: { id: number }[] }>(
        `${server.url}/api/customer/contact?page=1&size=1&type=${type}`,
        token,
      );
      if (!lists[0]) throw new Error(`the demo customer has no ${type}`);
      return lists[0].id;
    };
    const form = {
      container_mode: 1,
      forwarder_id: forwarder.id,
      shipper_id: await contact('shipper'),
      consignee_id: await contact('consignee'),
      cust_ref_no: 'PO-BENCH-PDF-LOAD',
      ready_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      incoterm: 'FOB',
      pol_id: await idOf('port', 'CNSHA'),
      pod_id: await idOf('port', 'NLRTM'),
      to_id: await idOf('port', 'NLRTM'),
      carrier_id: await idOf('carrier', 'MAEU'),
      commodity_cn: '液晶显示器及配件',
      remark: '请安排尽早舱位。BENCHMARK: 200 LINES',
    };
    const hq = await idOf('container', '40HQ');
    const carton = await idOf('unit', 'CT');
    const booking = async (n: number) => {
      const made = await sendJson<BookingDetail>(
        'POST',
        `${server.url}/api/order/booking?submit=true`,
        token,
        {
          ...form,
          containers: Array.from({ length: LINES }, (_, k) => ({
            container_id: hq,
            hs_code: '8528.72',
            description: [
              `LCD MONITORS LOT ${n}-${k + 1}`,
              ...Array.from({ length: 11 }, (_, m) => `MODEL ${m + 1}: 27 INCH 4K IN CARTONS`),
            ]
              .join('\n')
              .slice(0, 500),
            packages: 600 + k,
            unit_id: carton,
            weight: (14_000 + k * 37.5).toFixed(1),
            volume: '58.25',
            quantity: 1,
          })),
        },
      );
      if (made.containers.length !== LINES) throw new Error(`booking: ${made.containers.length} lines`);
      return made.id;
    };
    const ids: number[] = [];
    for (let n = 0; n < 4 + AT_ONCE; n++) ids.push(await booking(n + 1));
    let pages = 0;
    const note = async (id: number) => {
      const started = performance.now();
      const reply = await fetch(`${server.url}/api/order/${id}/pdf/booking-note?lang=cn`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = Buffer.from(await reply.arrayBuffer());
      if (reply.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`booking PDF answered ${reply.status}: ${body.subarray(0, 200).toString()}`);
      pages = Math.max(pages, (body.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length);
      return performance.now() - started;
    };
    const cold = await note(ids[0] ?? 0);
    const alone = [await note(ids[1] ?? 0), await note(ids[2] ?? 0), await note(ids[3] ?? 0)];
    const cached = await note(ids[3] ?? 0);

    await eventLoopDelay(server.url);
    const health: number[] = [];
    let busy = true;
    const probe = (async () => {
      while (busy) {
        const started = performance.now();
        const reply = await fetch(`${server.url}/api/health`);
        await reply.arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const together = await Promise.all(ids.slice(4).map((id) => note(id)));
    const wall = performance.now() - started;
    busy = false;
    await probe;
    const loop = await eventLoopDelay(server.url);

    const where = `${database}, ${LINES} lines, ${pages} pages`;
    rows.push({
      name: `Long booking note PDF alone: the first of a started server (starts a worker, reads the font), ${where}`,
      figure: ms(cold),
      target: '—',
      ok: undefined,
    });
    rows.push({
      name: `Long booking note PDF alone, median of 3 new bookings (made on a worker thread)`,
      figure: ms(median(alone)),
      target: '—',
      ok: undefined,
    });
    rows.push({
      name: 'Long booking note PDF asked again at the same booking version (answered from what was made)',
      figure: ms(cached),
      target: '—',
      ok: undefined,
    });
    rows.push({
      name: `Server event-loop delay, max (p99 ${ms(loop.p99)}), while ${AT_ONCE} long booking notes are made at once (${ms(wall)} for all ${AT_ONCE}, slowest ${ms(Math.max(...together))})`,
      figure: ms(loop.max),
      target: '≤ 250 ms',
      ok: loop.max <= 250,
    });
    rows.push({
      name: `/api/health latency, max of ${health.length} polls, meanwhile (median ${ms(median(health))})`,
      figure: ms(Math.max(...health)),
      target: '≤ 250 ms',
      ok: Math.max(...health) <= 250,
    });
  } finally {
    await server.stop();
  }
}
