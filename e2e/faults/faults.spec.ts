/**
 * Faults: the server killed with SIGKILL inside the transaction of a rate import, a
 * batch delete and a booking submit (held there after its writes, before its commit: TEST_HOLD_AT),
 * on PGlite and on PostgreSQL, starts again and the work is wholly absent; PostgreSQL going away under load gives 503s with a clear message and
 * the server recovers when it returns; SIGTERM under load lets every in-flight request finish.
 */
import { fieldLabel } from '@freight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.js';
import { xlsxOf } from '../support/sheets.js';
import { api, databaseRelay, harness, type Harness, type Instance, KINDS, kill9, token } from './process.js';

type List<T> = { lists: T[]; total: number };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A rate sheet of `size` rows in the English template's columns. */
function rateSheet(size: number, tag: string): Buffer {
  const rows: (string | number)[][] = [
    [
      ...['carrier_id', 'pol_id', 'pod_id', 'to_id', 'sdate', 'edate', 'transit_days', 'remark'].map((f) =>
        fieldLabel('en-US', f),
      ),
      '20GP',
      '40HQ',
    ],
  ];
  const carriers = ['MAEU', 'COSU', 'MSCU', 'CMDU'];
  const places = ['NLRTM', 'DEHAM', 'USLAX', 'BEANR'];
  for (let n = 0; n < size; n++) {
    const to = places[n % places.length]!;
    rows.push([
      carriers[n % carriers.length]!,
      'CNSHA',
      to,
      to,
      day(-1),
      day(30),
      20 + (n % 10),
      `${tag} ${n}`,
      1000 + n,
      2000 + n,
    ]);
  }
  return xlsxOf(rows, 'Rates', { compression: true });
}

async function importRates(url: string, auth: string, sheet: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(sheet)]), 'rates.xlsx');
  const reply = await fetch(`${url}/api/rate/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}`, lang: 'en' },
    body: form,
  });
  return { status: reply.status, body: (await reply.json()) as { code: number; msg: string } };
}

/** The forwarder's rates whose remark carries `tag`, counted through the API. */
async function taggedRates(url: string, auth: string, tag: string): Promise<number> {
  let count = 0;
  for (let page = 1; ; page++) {
    const { body: list } = await api<List<{ remark: string | null }>>(
      url,
      auth,
      'GET',
      `/api/rate?page=${page}&size=100`,
    );
    count += list.data.lists.filter((r) => (r.remark ?? '').startsWith(`${tag} `)).length;
    if (page * 100 >= list.data.total) break;
  }
  return count;
}

/**
 * Sends `work` to a server started with TEST_HOLD_AT=`point` and kills the server once the work's
 * transaction stands at that point: its writes made, its commit not. Answers what the transaction
 * said it had written (e.g. "1500 inserted"); the work's own reply or error is ignored.
 */
async function killHeld(instance: Instance, point: string, work: () => Promise<unknown>): Promise<string> {
  const held = instance.said(`test hold: ${point}: `);
  const pending = work().catch(() => undefined);
  const line = await held;
  await kill9(instance);
  await pending;
  return line.slice(`test hold: ${point}: `.length);
}

for (const kind of KINDS) {
  describe(`faults [${kind}]`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await harness(kind);
    });
    afterAll(async () => {
      await h?.dispose();
    });

    it('a rate import killed inside its transaction is wholly absent, and the server starts again', async () => {
      let server = await h.start();
      let auth = await token(server.url, DEMO.forwarder);
      const size = 500;
      const full = await importRates(server.url, auth, rateSheet(size, 'FIRST'));
      expect(full.status, full.body.msg).toBe(200);
      await kill9(server);

      server = await h.start({ TEST_HOLD_AT: 'rate-import' });
      auth = await token(server.url, DEMO.forwarder);
      // Committed work outlives a kill.
      expect(await taggedRates(server.url, auth, 'FIRST')).toBe(size);
      const written = await killHeld(server, 'rate-import', () =>
        importRates(server.url, auth, rateSheet(size, 'KILLED')),
      );
      expect(written).toBe(`${size} inserted`);

      server = await h.start();
      auth = await token(server.url, DEMO.forwarder);
      expect(await taggedRates(server.url, auth, 'KILLED')).toBe(0);
      expect(await taggedRates(server.url, auth, 'FIRST')).toBe(size);
      // The server works after the restart: the same import goes through.
      const again = await importRates(server.url, auth, rateSheet(10, 'AFTER'));
      expect(again.status, again.body.msg).toBe(200);
      expect(await taggedRates(server.url, auth, 'AFTER')).toBe(10);
      await kill9(server);
    });

    it('a batch delete killed inside its transaction deletes nothing', async () => {
      let server = await h.start({ TEST_HOLD_AT: 'batch-delete' });
      let auth = await token(server.url, DEMO.customer);
      const countries = await api<List<{ id: number; code: string }>>(
        server.url,
        auth,
        'GET',
        '/api/country?keyword=CN',
      );
      const cn = countries.body.data.lists.find((c) => c.code === 'CN')?.id;
      const rows: string[][] = [
        ['type', 'company1', 'linkman', 'address1', 'city', 'country_id', 'phone'].map((f) =>
          fieldLabel('en-US', f),
        ),
      ];
      for (let n = 0; n < 200; n++)
        rows.push(['shipper', `FAULT CO ${n}`, 'LI MING', 'NO. 1 ROAD', 'NINGBO', 'CN', '+86 1']);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(xlsxOf(rows, 'Contacts'))]), 'c.xlsx');
      const imported = await fetch(`${server.url}/api/customer/contact/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth}`, lang: 'en' },
        body: form,
      });
      expect(imported.status, await imported.clone().text()).toBe(200);
      expect(cn).toBeGreaterThan(0);
      const ids = async () => {
        const found: number[] = [];
        for (let page = 1; ; page++) {
          const { body } = await api<List<{ id: number; company1: string }>>(
            server.url,
            auth,
            'GET',
            `/api/customer/contact?keyword=FAULT%20CO&page=${page}&size=50`,
          );
          found.push(...body.data.lists.map((c) => c.id));
          if (page * 50 >= body.data.total) break;
        }
        return found;
      };
      const before = await ids();
      expect(before.length).toBe(200);
      const half = before.slice(0, 100);
      const written = await killHeld(server, 'batch-delete', () =>
        api(server.url, auth, 'DELETE', '/api/customer/contact', half),
      );
      expect(written).toBe('100 deleted');
      server = await h.start();
      auth = await token(server.url, DEMO.customer);
      expect((await ids()).sort()).toEqual([...before].sort());
      // Without the hold the same delete goes through.
      const deleted = await api(server.url, auth, 'DELETE', '/api/customer/contact', half);
      expect(deleted.status, deleted.body.msg).toBe(200);
      expect(await ids()).toHaveLength(100);
      await kill9(server);
    });

    it('a booking submit killed inside its transaction leaves no booking', async () => {
      let server = await h.start();
      const forwarder = await token(server.url, DEMO.forwarder);
      const forwarderId = (await api<{ id: number }>(server.url, forwarder, 'GET', '/api/userinfo')).body.data
        .id;
      let auth = await token(server.url, DEMO.customer);
      const ref = async (list: string, code: string) =>
        (
          await api<List<{ id: number; code: string }>>(
            server.url,
            auth,
            'GET',
            `/api/${list}?keyword=${code}`,
          )
        ).body.data.lists.find((i) => i.code === code)?.id;
      const party = async (type: string) =>
        (
          await api<List<{ id: number }>>(
            server.url,
            auth,
            'GET',
            `/api/customer/contact?type=${type}&page=1&size=1`,
          )
        ).body.data.lists[0]?.id;
      const [sha, rtm, maeu, hq, carton, shipper, consignee] = [
        await ref('port', 'CNSHA'),
        await ref('port', 'NLRTM'),
        await ref('carrier', 'MAEU'),
        await ref('container', '40HQ'),
        await ref('unit', 'CT'),
        await party('shipper'),
        await party('consignee'),
      ];
      const booking = (n: number) => ({
        container_mode: 1,
        forwarder_id: forwarderId,
        shipper_id: shipper,
        consignee_id: consignee,
        cust_ref_no: `PO-FAULT-${n}`,
        ready_date: day(3),
        incoterm: 'FOB',
        pol_id: sha,
        pod_id: rtm,
        to_id: rtm,
        carrier_id: maeu,
        containers: Array.from({ length: 50 }, (_, k) => ({
          container_id: hq,
          hs_code: '852872',
          description: 'LCD MONITORS',
          packages: 600 + k,
          unit_id: carton,
          weight: '14000',
          volume: '58.25',
          quantity: 1,
        })),
      });
      const mine = async () =>
        (
          await api<List<{ id: number; cust_ref_no: string }>>(
            server.url,
            auth,
            'GET',
            '/api/order?page=1&size=100&keyword=PO-FAULT',
          )
        ).body.data.lists;
      const first = await api<{ id: number }>(
        server.url,
        auth,
        'POST',
        '/api/order/booking?submit=true',
        booking(1),
      );
      expect(first.status, first.body.msg).toBe(200);
      await kill9(server);

      server = await h.start({ TEST_HOLD_AT: 'booking-create' });
      auth = await token(server.url, DEMO.customer);
      const written = await killHeld(server, 'booking-create', () =>
        api(server.url, auth, 'POST', '/api/order/booking?submit=true', booking(2)),
      );
      const heldId = Number(/^booking (\d+)$/.exec(written)?.[1]);
      expect(heldId).toBeGreaterThan(first.body.data.id);

      server = await h.start();
      auth = await token(server.url, DEMO.customer);
      const after = await mine();
      expect(after.map((b) => b.cust_ref_no)).toEqual(['PO-FAULT-1']);
      // The booking the held transaction had written (its lines and history too) is not there.
      expect((await api(server.url, auth, 'GET', `/api/order/${heldId}`)).status).toBe(404);
      // The committed one is whole: every container line and the history of its creation and submit.
      const detail = await api<{ status: number; containers: unknown[]; history: unknown[] }>(
        server.url,
        auth,
        'GET',
        `/api/order/${first.body.data.id}`,
      );
      expect(detail.body.data).toMatchObject({ status: 1 });
      expect(detail.body.data.containers).toHaveLength(50);
      expect(detail.body.data.history).toHaveLength(2);
      await kill9(server);
    });

    if (kind === 'postgres') {
      it('answers 503 with a clear message while PostgreSQL is away, and recovers when it returns', async () => {
        const relay = await databaseRelay(h.databaseUrl ?? '');
        const server = await h.start({ DATABASE_URL: relay.url });
        try {
          const auth = await token(server.url, DEMO.customer);
          const statuses: number[] = [];
          const messages = new Set<string>();
          let stop = false;
          const load = Array.from({ length: 10 }, async () => {
            while (!stop) {
              const reply = await api(server.url, auth, 'GET', '/api/customer/contact?page=1&size=10').catch(
                () => undefined,
              );
              if (!reply) continue;
              statuses.push(reply.status);
              if (reply.status !== 200) messages.add(reply.body.msg);
            }
          });
          await sleep(500);
          relay.cut();
          await sleep(1_500);
          const ready = await fetch(`${server.url}/api/ready`);
          expect(ready.status).toBe(503);
          const during = await api(server.url, auth, 'GET', '/api/customer/contact?page=1&size=10');
          expect(during.status).toBe(503);
          expect(during.body.code).toBe(1);
          expect(during.body.msg).toMatch(/unavailable|try again/i);
          relay.restore();
          await expect
            .poll(
              async () => (await api(server.url, auth, 'GET', '/api/customer/contact?page=1&size=10')).status,
              {
                timeout: 15_000,
                interval: 200,
              },
            )
            .toBe(200);
          stop = true;
          await Promise.all(load);
          // Every failure in between was a 503 with the envelope, never a 500.
          expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
          expect(statuses).toContain(503);
          expect([...messages].every((m) => m.length > 0)).toBe(true);
        } finally {
          await kill9(server);
          await relay.close();
        }
      });
    }

    it('drains on SIGTERM under load: every request sent before or during the drain succeeds, then a clean exit', async () => {
      const server = await h.start({ SHUTDOWN_DRAIN_MS: '1500' });
      const auth = await token(server.url, DEMO.customer);
      type Outcome = { sentAt: number; status: number | string };
      const outcomes: Outcome[] = [];
      let signalledAt = Infinity;
      // The balancer's view: readiness fails once the drain starts.
      const client = async (n: number) => {
        for (;;) {
          const sentAt = performance.now();
          if (sentAt > signalledAt + 1_000) break; // well inside the 1.5 s drain
          const reply = await api(
            server.url,
            auth,
            'GET',
            n % 2 === 0 ? '/api/customer/contact?page=1&size=50' : '/api/order?page=1&size=50',
          ).catch((error: Error) => error);
          outcomes.push({
            sentAt: sentAt - signalledAt,
            status:
              reply instanceof Error
                ? `${reply.message}: ${String((reply.cause as Error | undefined)?.message)}`
                : reply.status,
          });
        }
      };
      const clients = Array.from({ length: 20 }, (_, n) => client(n));
      await sleep(1_000);
      signalledAt = performance.now();
      server.child.kill('SIGTERM');
      await sleep(300);
      const readyDuringDrain = (await fetch(`${server.url}/api/ready`)).status;
      await Promise.all(clients);
      expect(await server.exited).toBe(0);
      expect(readyDuringDrain).toBe(503);
      expect(outcomes.filter((o) => o.sentAt < 0).length).toBeGreaterThan(20);
      expect(outcomes.filter((o) => o.sentAt >= 0).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    });
  });
}
