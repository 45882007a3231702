import type { ListData, Quote, Rate } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 40HQ prices of the rates made below; undefined: the rate has no 40HQ price (20GP only). */
const HQ_PRICES = [
  '2400',
  undefined,
  '1535',
  '980.5',
  '3100',
  undefined,
  '1200',
  '2750',
  '4100',
  '1899.99',
  undefined,
  '1100',
];
/** Transit days of the same rates, all different. */
const TRANSIT = [30, 12, 25, 8, 40, 18, 22, 35, 15, 28, 10, 33];

/**
 * The quote board sorts by the price of one container type and by transit time on the server, across
 * pages: the first page of "cheapest first" holds the cheapest rates of the whole board.
 */
describeEachDatabase('quote board sorting', (kind) => {
  let t: TestApp;
  const ref: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ref, {
      carrier: await id('carrier', 'COSU'),
      pol: await id('port', 'CNNGB'),
      pod: await id('port', 'DEHAM'),
      gp20: await id('container', '20GP'),
      hq40: await id('container', '40HQ'),
    });
    for (const name of ['forwarder', 'member']) {
      const reply = await register(t.app, registrationForm({ username: uniqueEmail(name).toLowerCase() }));
      tokens[name] = reply.body.data.token;
      if (name === 'forwarder')
        await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: ['rate'] });
    }
    for (const [index, hq] of HQ_PRICES.entries()) {
      const spaces = [{ container_id: ref.gp20, price: String(500 + index) }];
      if (hq) spaces.push({ container_id: ref.hq40, price: hq });
      const created = await call<Envelope<Rate>>(t.app, {
        method: 'POST',
        url: '/api/rate',
        headers: { authorization: `Bearer ${tokens.forwarder}` },
        payload: {
          carrier_id: ref.carrier,
          pol_id: ref.pol,
          pod_id: ref.pod,
          to_id: ref.pod,
          sdate: day(-1),
          edate: day(30),
          transit_days: TRANSIT[index],
          spaces,
        },
      });
      expect(created.status).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const board = async (query: string) => {
    const reply = await call<Envelope<ListData<Quote>>>(t.app, {
      method: 'GET',
      url: `/api/quote?pol_id=${ref.pol}&${query}`,
      headers: { authorization: `Bearer ${tokens.member}` },
      lang: 'en',
    });
    expect(reply.status).toBe(200);
    return reply.body.data;
  };
  const hqOf = (quote: Quote) => quote.spaces.find((s) => s.container_id === ref.hq40)?.price;
  /** Every page of a sort, in order, as 40HQ prices (undefined where there is none). */
  const allPages = async (sort: string) => {
    const prices: (string | undefined)[] = [];
    for (let page = 1; page <= 3; page++)
      prices.push(...(await board(`${sort}&page=${page}&size=4`)).lists.map(hqOf));
    return prices;
  };
  const priced = HQ_PRICES.filter((p): p is string => p !== undefined).map((p) => Number(p).toFixed(2));
  const cheapest = [...priced].sort((a, b) => Number(a) - Number(b));

  it('puts the cheapest 40HQ of the whole board on page 1, and rates without one last', async () => {
    const first = await board(`field=price&container_id=${ref.hq40}&order=asc&page=1&size=4`);
    expect(first.total).toBe(HQ_PRICES.length);
    expect(first.lists.map(hqOf)).toEqual(cheapest.slice(0, 4));
    expect(await allPages(`field=price&container_id=${ref.hq40}&order=asc`)).toEqual([
      ...cheapest,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('puts the dearest first when descending, still with rates without a price last', async () => {
    expect(await allPages(`field=price&container_id=${ref.hq40}&order=desc`)).toEqual([
      ...[...cheapest].reverse(),
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('sorts by transit time across pages both ways', async () => {
    const days = async (order: string) => {
      const out: (number | null)[] = [];
      for (let page = 1; page <= 3; page++)
        out.push(
          ...(await board(`field=transit_days&order=${order}&page=${page}&size=4`)).lists.map(
            (q) => q.transit_days,
          ),
        );
      return out;
    };
    const sorted = [...TRANSIT].sort((a, b) => a - b);
    expect(await days('asc')).toEqual(sorted);
    expect(await days('desc')).toEqual([...sorted].reverse());
  });

  it('asks which container type a price sort is by, naming the field', async () => {
    const reply = await call<Envelope<null>>(t.app, {
      method: 'GET',
      url: '/api/quote?field=price&order=asc',
      headers: { authorization: `Bearer ${tokens.member}` },
      lang: 'en',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[0]?.field).toBe('container_id');
    expect(reply.body.errors?.[0]?.message).toContain('Container type');
  });
});
