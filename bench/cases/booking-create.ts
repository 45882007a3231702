import { type BookingDetail, bookingDetail, isValidContainerNo } from '@freight/contract';
import pg from 'pg';
import { BOOKINGS, CUSTOMER, type Ids } from '../data-set.js';
import { count, getJson, login, ms, percentile, type Row, sendJson, type Server, underLoad } from '../lib.js';

/** A valid ISO 6346 container number: owner code + U + 6-digit serial + the check digit that fits. */
function containerNumber(owner: string, serial: number): string {
  const head = `${owner}U${String(serial % 1_000_000).padStart(6, '0')}`;
  for (let check = 0; check < 10; check++)
    if (isValidContainerNo(`${head}${check}`)) return `${head}${check}`;
  return containerNumber(owner, serial + 1);
}

/**
 * What a booking benchmark books with: the demo customer's session, a shipper and a consignee of its
 * book (made when it has none), and the reference ids of the route, the carrier, the container types
 * (40HQ, 40GP, 20GP, then 40RF and 40FR) and the carton.
 */
export async function bookingBench(server: Server, url: string) {
  const token = await login(server.url, CUSTOMER.username, CUSTOMER.password);
  const party = async (type: 'shipper' | 'consignee') => {
    const { lists } = await getJson<{ lists: { id: number }[] }>(
      `${server.url}/api/customer/contact?page=1&size=1&type=${type}`,
      token,
    );
    if (lists[0]) return lists[0].id;
    const created = await sendJson<{ id: number }>('POST', `${server.url}/api/customer/contact`, token, {
      type,
      company1: `BENCH ${type.toUpperCase()} CO., LTD`,
      linkman: 'WANG WEI',
      address1: 'NO. 1 BENCH ROAD',
      city: 'NINGBO',
      country_id: (
        await getJson<{ lists: { id: number; code: string }[] }>(
          `${server.url}/api/country?page=1&size=500`,
          token,
        )
      ).lists.find((c) => c.code === 'CN')?.id,
      phone: '+86 574 8765 4321',
    });
    return created.id;
  };
  const [shipperId, consigneeId] = [await party('shipper'), await party('consignee')];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const idOf = async (table: string, code: string) => {
    const row = (await client.query<{ id: number }>(`select id from ${table} where code = $1`, [code]))
      .rows[0];
    if (!row) throw new Error(`reference data missing: ${table} ${code}`);
    return row.id;
  };
  const ref = await (async () => {
    try {
      return {
        sha: await idOf('ports', 'CNSHA'),
        rtm: await idOf('ports', 'NLRTM'),
        maeu: await idOf('carriers', 'MAEU'),
        types: [
          await idOf('container_types', '40HQ'),
          await idOf('container_types', '40GP'),
          await idOf('container_types', '20GP'),
          await idOf('container_types', '40RF'),
          await idOf('container_types', '40FR'),
        ],
        carton: await idOf('units', 'CT'),
      };
    } finally {
      await client.end();
    }
  })();
  const readyDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  return { token, shipperId, consigneeId, ref, readyDate };
}

/**
 * POST /api/order/booking of a 50-container FCL booking by the demo customer to the demo forwarder
 * (shipper and consignee from the customer's own book; 50 lines of one container each, 20GP, 40GP
 * and 40HQ, half with container numbers): one client (the target; the issue gives no load), then
 * 10 concurrent clients. Each request is the whole create, answered with the new booking's detail
 * (and the forwarder's mail written).
 */
export async function benchBookingCreate(server: Server, url: string, ids: Ids, rows: Row[]) {
  const { token, shipperId, consigneeId, ref, readyDate } = await bookingBench(server, url);
  const booking = (n: number) => ({
    container_mode: 1,
    forwarder_id: ids.forwarderId,
    shipper_id: shipperId,
    consignee_id: consigneeId,
    cust_ref_no: `PO-BENCH-${n}`,
    ready_date: readyDate,
    incoterm: 'FOB',
    place_of_receipt: 'NINGBO',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maeu,
    remark: 'BENCHMARK: 50 CONTAINERS',
    containers: Array.from({ length: 50 }, (_, k) => ({
      container_id: ref.types[k % 3],
      container_no: k % 2 === 0 ? containerNumber('BNC', n * 50 + k) : '',
      seal_no: k % 2 === 0 ? `SL${String(n * 50 + k).padStart(7, '0')}` : '',
      hs_code: '8528.72',
      description: 'LCD MONITORS',
      packages: 600 + k,
      unit_id: ref.carton,
      weight: (14_000 + k * 37.5).toFixed(1),
      volume: k % 3 === 2 ? '28.5' : '58.25',
      quantity: 1,
    })),
  });
  const create = (n: number) =>
    sendJson<BookingDetail>('POST', `${server.url}/api/order/booking`, token, booking(n));
  const first = await create(0);
  if (first.totals.container_count !== 50 || first.containers.length !== 50 || first.status !== 0)
    throw new Error(`booking create: unexpected ${JSON.stringify(first.totals)}`);
  const again = await getJson<BookingDetail>(`${server.url}/api/order/${first.id}`, token);
  if (!bookingDetail.safeParse(again).success) throw new Error('booking create: detail fails the contract');
  let next = 1;
  await underLoad({ concurrency: 1, total: 10, task: () => create(next++) });
  const single = await underLoad({ concurrency: 1, total: 100, task: () => create(next++) });
  const singleP95 = percentile(single.latencies, 95);
  rows.push({
    name: `Bookings: POST /api/order/booking of a 50-container FCL booking p95, one client, PostgreSQL, ${count(BOOKINGS)} bookings (100 requests, ${Math.round(single.perSecond)}/s, p50 ${ms(percentile(single.latencies, 50))}; order ${first.order_no}, totals ${first.totals.weight} KG, ${first.totals.volume} CBM)`,
    figure: ms(singleP95),
    target: '≤ 100 ms',
    ok: singleP95 <= 100,
  });
  const ten = await underLoad({ concurrency: 10, total: 200, task: () => create(next++) });
  rows.push({
    name: `Bookings: the same create at 10 concurrent clients (200 requests, ${Math.round(ten.perSecond)}/s, p50 ${ms(percentile(ten.latencies, 50))})`,
    figure: ms(percentile(ten.latencies, 95)),
    target: '—',
    ok: undefined,
  });
}
