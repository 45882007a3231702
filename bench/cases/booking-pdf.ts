import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookingDetail } from '@freight/contract';
import { CUSTOMER, FORWARDER } from '../data-set.js';
import {
  getJson,
  login,
  ms,
  percentile,
  postgresAvailable,
  type Row,
  sendJson,
  startServer,
  underLoad,
  withDatabase,
} from '../lib.js';

const KB = 1024;
const LINES = 50;

/**
 * GET /api/order/{id}/pdf/booking-note of a 50-line booking (≤ 300 ms p95, ≤ 200 KB with
 * the font subset) on the built server with the demo data, PostgreSQL when it answers (PGlite
 * otherwise). The booking is made through the API by the demo customer, with Chinese in its
 * commodity name and remarks so that the document embeds CJK glyphs. Measured by the client: the
 * first document of the process alone (it reads and unpacks the font), then 100 sequential
 * requests and 100 more from 20 concurrent clients; the size is the Chinese document's.
 */
export async function benchBookingPdf(rows: Row[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pdf-'));
  const env = { SEED_DEMO: 'true', CAPTCHA_FIXED: 'bench', DATA_DIR: dataDir };
  try {
    if (await postgresAvailable())
      await withDatabase('portal_bench_pdf', (url) =>
        measure({ ...env, DATABASE_URL: url }, 'PostgreSQL', rows),
      );
    else await measure(env, 'PGlite', rows);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
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
    const types = [
      await idOf('container', '40HQ'),
      await idOf('container', '40GP'),
      await idOf('container', '20GP'),
    ];
    const carton = await idOf('unit', 'CT');
    const booking = await sendJson<BookingDetail>(
      'POST',
      `${server.url}/api/order/booking?submit=true`,
      token,
      {
        container_mode: 1,
        forwarder_id: forwarder.id,
        shipper_id: await contact('shipper'),
        consignee_id: await contact('consignee'),
        cust_ref_no: 'PO-BENCH-PDF',
        ready_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        incoterm: 'FOB',
        place_of_receipt: 'NINGBO',
        pol_id: await idOf('port', 'CNSHA'),
        pod_id: await idOf('port', 'NLRTM'),
        to_id: await idOf('port', 'NLRTM'),
        carrier_id: await idOf('carrier', 'MAEU'),
        commodity_cn: '液晶显示器及配件',
        notify_party: 'SAME AS CONSIGNEE',
        remark: '请安排尽早舱位，货物怕潮，装箱时注意防雨。BENCHMARK: 50 LINES',
        containers: Array.from({ length: LINES }, (_, k) => ({
          container_id: types[k % 3],
          hs_code: '8528.72',
          description: `LCD MONITORS LOT ${k + 1}`,
          packages: 600 + k,
          unit_id: carton,
          weight: (14_000 + k * 37.5).toFixed(1),
          volume: k % 3 === 2 ? '28.5' : '58.25',
          quantity: 1,
        })),
      },
    );
    if (booking.containers.length !== LINES)
      throw new Error(`booking PDF: ${booking.containers.length} lines`);
    const document = async (lang: 'cn' | 'en' = 'cn') => {
      const reply = await fetch(`${server.url}/api/order/${booking.id}/pdf/booking-note?lang=${lang}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = Buffer.from(await reply.arrayBuffer());
      if (reply.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`booking PDF answered ${reply.status}: ${body.subarray(0, 200).toString()}`);
      return body.length;
    };
    // The first document of the process: it reads and unpacks the font (the route and the
    // booking's detail are warm from the create above).
    const started = performance.now();
    const bytes = await document();
    const cold = performance.now() - started;
    const enBytes = await document('en');
    const sequential = await underLoad({ concurrency: 1, total: 100, task: () => document() });
    const concurrent = await underLoad({ concurrency: 20, total: 100, task: () => document() });
    const p95 = percentile(sequential.latencies, 95);
    const where = `${database}, ${LINES} lines, order ${booking.order_no}`;
    rows.push({
      name: `Booking note PDF: the first document of a started server (reads and unpacks the font), ${where}`,
      figure: ms(cold),
      target: '—',
      ok: undefined,
    });
    rows.push({
      name: `Booking note PDF p95, one client (100 requests, ${Math.round(sequential.perSecond)}/s, p50 ${ms(percentile(sequential.latencies, 50))}), ${where}`,
      figure: ms(p95),
      target: '≤ 300 ms',
      ok: p95 <= 300,
    });
    rows.push({
      name: `Booking note PDF p95 at 20 concurrent clients (100 requests, ${Math.round(concurrent.perSecond)}/s, p50 ${ms(percentile(concurrent.latencies, 50))})`,
      figure: ms(percentile(concurrent.latencies, 95)),
      target: '—',
      ok: undefined,
    });
    rows.push({
      name: `Booking note PDF size with the font subset, Chinese (English: ${(enBytes / KB).toFixed(1)} KB)`,
      figure: `${(bytes / KB).toFixed(1)} KB`,
      target: '≤ 200 KB',
      ok: bytes <= 200 * KB,
    });
  } finally {
    await server.stop();
  }
}
