import { type EstimateResult, type ListData, type Quote, type Rate, shanghaiDay } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, login, multipart, register, registrationForm, uniqueEmail } from './fixtures.js';
import { startMailServer } from './mail-server.js';
import { readXlsx, xlsx } from './sheets.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase('rates, quotes and requests for quotation', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const ref: Record<string, number> = {};
  const users: Record<string, { token: string; username: string }> = {};
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url } });
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ref, {
      maersk: await id('carrier', 'MAEU'),
      cosco: await id('carrier', 'COSU'),
      msc: await id('carrier', 'MSCU'),
      sha: await id('port', 'CNSHA'),
      ngb: await id('port', 'CNNGB'),
      rtm: await id('port', 'NLRTM'),
      ham: await id('port', 'DEHAM'),
      lax: await id('port', 'USLAX'),
      gp20: await id('container', '20GP'),
      gp40: await id('container', '40GP'),
      hq40: await id('container', '40HQ'),
      eu: await id('route', 'EU'),
    });
    for (const name of ['fwdA', 'fwdB', 'member', 'plain']) {
      const username = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username, company1: `${name.toUpperCase()} CO`, company2: `${name}公司` }),
      );
      users[name] = { token: reply.body.data.token, username };
      if (name.startsWith('fwd'))
        await changeAuthorities({
          db: t.database.db,
          userId: reply.body.data.id,
          grant: ['rate', 'quote_forwarder'],
        });
    }
    await changeAuthorities({
      db: t.database.db,
      userId: (await me('plain')).id,
      revoke: ['quote_booking', 'quote_rfq'],
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  async function me(name: string) {
    return (
      await call<Envelope<{ id: number }>>(t.app, { method: 'GET', url: '/api/userinfo', headers: as(name) })
    ).body.data;
  }
  const as = (name: string) => ({ authorization: `Bearer ${users[name]?.token}` });
  const rateBody = (overrides: object = {}) => ({
    carrier_id: ref.maersk,
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    sdate: day(-1),
    edate: day(30),
    transit_days: 28,
    remark: 'WEEKLY',
    spaces: [
      { container_id: ref.gp20, price: '1200' },
      { container_id: ref.hq40, price: 2200.5 },
    ],
    ...overrides,
  });
  const createRate = (name: string, body: object, lang?: 'cn' | 'en') =>
    call<Envelope<Rate>>(t.app, { method: 'POST', url: '/api/rate', headers: as(name), payload: body, lang });
  const quotes = (name: string, query = '', lang?: 'cn' | 'en') =>
    call<Envelope<ListData<Quote>>>(t.app, {
      method: 'GET',
      url: `/api/quote${query}`,
      headers: as(name),
      lang,
    });

  it('lets a forwarder create, read, change and list rates with exact prices', async () => {
    const created = await createRate('fwdA', rateBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      carrier_name: '马士基',
      pol_name: '上海',
      to_name: '鹿特丹',
      transit_days: 28,
    });
    expect(created.body.data.spaces.map((s) => [s.container_name, s.price])).toEqual([
      ['20GP', '1200.00'],
      ['40HQ', '2200.50'],
    ]);
    const id = created.body.data.id;
    const changed = await call<Envelope<Rate>>(t.app, {
      method: 'PUT',
      url: `/api/rate/${id}`,
      headers: as('fwdA'),
      payload: rateBody({ spaces: [{ container_id: ref.gp40, price: '0.1' }] }),
    });
    expect(changed.body.data.spaces).toEqual([
      expect.objectContaining({ container_name: '40GP', price: '0.10' }),
    ]);
    const listed = await call<Envelope<ListData<Rate>>>(t.app, {
      method: 'GET',
      url: `/api/rate?from_id=${ref.sha}&carrier_id=${ref.maersk}`,
      headers: as('fwdA'),
      lang: 'en',
    });
    expect(listed.body.data.lists[0]).toMatchObject({ id, carrier_name: 'Maersk' });
  });

  it('keeps each forwarder to their own rates, and members out of rate management', async () => {
    const id = (await createRate('fwdA', rateBody())).body.data.id;
    expect((await call(t.app, { method: 'GET', url: `/api/rate/${id}`, headers: as('fwdB') })).status).toBe(
      404,
    );
    expect(
      (await call(t.app, { method: 'PUT', url: `/api/rate/${id}`, headers: as('fwdB'), payload: rateBody() }))
        .status,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'DELETE', url: '/api/rate', headers: as('fwdB'), payload: [id] })).status,
    ).toBe(404);
    expect(
      (
        await call<Envelope<ListData<Rate>>>(t.app, { method: 'GET', url: '/api/rate', headers: as('fwdB') })
      ).body.data.lists.some((r) => r.id === id),
    ).toBe(false);
    expect((await call(t.app, { method: 'GET', url: '/api/rate', headers: as('member') })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/api/rate/${id}`, headers: as('fwdA') })).status).toBe(
      200,
    );
  });

  it('checks the rate rules with the spec messages', async () => {
    const none = await createRate('fwdA', rateBody({ spaces: [] }), 'en');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Please add at least one space');
    const zero = await createRate(
      'fwdA',
      rateBody({ spaces: [{ container_id: ref.gp20, price: '0' }] }),
      'en',
    );
    expect(zero.body.errors?.[0]).toEqual({ field: 'spaces.0.price', message: 'The price must be above 0' });
    const missing = await createRate('fwdA', rateBody({ spaces: [{ price: '10' }] }), 'en');
    expect(missing.body.errors?.[0]?.field).toBe('spaces.0.container_id');
    const twice = await createRate(
      'fwdA',
      rateBody({
        spaces: [
          { container_id: ref.gp20, price: '1' },
          { container_id: ref.gp20, price: '2' },
        ],
      }),
      'en',
    );
    expect(twice.body.errors?.[0]).toEqual({
      field: 'spaces.1.container_id',
      message: 'A container type cannot appear twice',
    });
    for (const bad of ['1000000', '1.234', '-5', 'abc']) {
      const reply = await createRate(
        'fwdA',
        rateBody({ spaces: [{ container_id: ref.gp20, price: bad }] }),
        'en',
      );
      expect(reply.status, bad).toBe(400);
    }
    expect(
      (await createRate('fwdA', rateBody({ spaces: [{ container_id: ref.gp20, price: '999999.99' }] })))
        .status,
    ).toBe(200);
    const backwards = await createRate('fwdA', rateBody({ sdate: day(5), edate: day(1) }), 'en');
    expect(backwards.body.errors?.[0]).toEqual({
      field: 'edate',
      message: 'The end of the validity cannot be before its start',
    });
    const required = await createRate('fwdA', { spaces: [{ container_id: ref.gp20, price: '1' }] }, 'en');
    expect((required.body.errors ?? []).map((e) => e.field).sort()).toEqual([
      'carrier_id',
      'edate',
      'pod_id',
      'pol_id',
      'sdate',
      'to_id',
    ]);
  });

  it('publishes valid rates as quotes; shows the supplier only with quote_forwarder; sorts and filters', async () => {
    await createRate(
      'fwdB',
      rateBody({
        carrier_id: ref.cosco,
        pol_id: ref.ngb,
        pod_id: ref.ham,
        to_id: ref.ham,
        transit_days: 35,
        remark: 'B',
      }),
    );
    await createRate('fwdB', rateBody({ sdate: day(-30), edate: day(-2), remark: 'EXPIRED' }));
    await createRate('fwdB', rateBody({ sdate: day(3), edate: day(40), remark: 'FUTURE' }));
    const forMember = await quotes('member', `?pol_id=${ref.ngb}`);
    expect(forMember.body.data.lists).toHaveLength(1);
    expect(forMember.body.data.lists[0]).not.toHaveProperty('forwarder_name');
    expect(forMember.body.data.lists[0]).not.toHaveProperty('forwarder_id');
    expect((await quotes('member', `?forwarder_id=1`)).status).toBe(403);
    const forForwarder = await quotes('fwdA', `?pol_id=${ref.ngb}`);
    expect(forForwarder.body.data.lists[0]?.forwarder_name).toBe('fwdB公司');
    const all = await quotes('member', '?field=transit_days&order=desc&size=200');
    const transit = all.body.data.lists.map((q) => q.transit_days ?? 0);
    expect(transit).toEqual([...transit].sort((a, b) => b - a));
    expect(all.body.data.lists.every((q) => q.sdate <= day(0) && q.edate >= day(0))).toBe(true);
    // Names sort as readers expect: pinyin in Chinese (地中海 di, 马士基 ma, 中远 zhong), not by
    // code point (中 U+4E2D, 地 U+5730, 马 U+9A6C); alphabetically in English.
    for (const carrier of [ref.maersk, ref.msc])
      await createRate('fwdB', rateBody({ carrier_id: carrier, pol_id: ref.lax, remark: 'NAMES' }));
    await createRate('fwdB', rateBody({ carrier_id: ref.cosco, pol_id: ref.lax, remark: 'NAMES' }));
    const byCarrier = async (lang: 'cn' | 'en') =>
      (await quotes('member', `?pol_id=${ref.lax}&field=carrier_name&order=asc`, lang)).body.data.lists.map(
        (q) => q.carrier_name,
      );
    expect(await byCarrier('cn')).toEqual(['地中海航运', '马士基', '中远海运集运']);
    expect(await byCarrier('en')).toEqual([
      'COSCO Shipping Lines',
      'Maersk',
      'MSC (Mediterranean Shipping Company)',
    ]);
    expect((await quotes('member', `?date=${day(5)}&size=200`)).body.data.total).toBeGreaterThan(
      all.body.data.total - 1,
    );
    expect(
      (await quotes('member', `?route_id=${ref.eu}`)).body.data.lists.every(
        (q) => q.to_name === '鹿特丹' || q.to_name === '汉堡',
      ),
    ).toBe(true);
    expect((await quotes('member', '?field=price')).status).toBe(400);
    expect((await quotes('member', '?order=up')).status).toBe(400);
  });

  it('estimates a booking in exact cents', async () => {
    const id = (
      await createRate(
        'fwdA',
        rateBody({
          spaces: [
            { container_id: ref.gp20, price: '0.10' },
            { container_id: ref.hq40, price: '2200.55' },
          ],
        }),
      )
    ).body.data.id;
    const reply = await call<Envelope<EstimateResult>>(t.app, {
      method: 'POST',
      url: '/api/quote/estimate',
      headers: as('member'),
      payload: {
        quote_id: id,
        items: [
          { container_id: ref.gp20, quantity: 3 },
          { container_id: ref.hq40, quantity: 2 },
        ],
      },
    });
    expect(reply.body.data).toEqual({
      lines: [
        { container_id: ref.gp20, container_name: '20GP', price: '0.10', quantity: 3, amount: '0.30' },
        { container_id: ref.hq40, container_name: '40HQ', price: '2200.55', quantity: 2, amount: '4401.10' },
      ],
      total: '4401.40',
    });
  });

  it('sends an RFQ to the quote’s forwarder by mail, and refuses members without quote_rfq', async () => {
    const id = (await createRate('fwdA', rateBody())).body.data.id;
    const body = {
      quote_id: id,
      pol: '上海',
      pod: '鹿特丹',
      to: '鹿特丹',
      carrier: '马士基',
      forwarder: '',
      rate: '20GP US$1200 | 40HQ US$2200.50',
      ready_date: day(3),
      description: 'FURNITURE',
      booking_space: '40HQ x 2',
      target_rate: 'US$2000',
      potential_vol: '10 x 40HQ / month',
      sales: 'MS WANG',
    };
    const sent = await call<Envelope<{ id: number }>>(t.app, {
      method: 'POST',
      url: '/api/system/send_rfq',
      headers: as('member'),
      payload: body,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const received = await mail.next(users.fwdA?.username ?? '');
    expect(received.subject).toContain('上海 → 鹿特丹');
    expect(received.text).toContain('40HQ x 2');
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from rfqs where id = ${sent.body.data.id}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // Both sides see it; nobody else does.
    const rfqId = sent.body.data.id;
    type Rfq = {
      id: number;
      direction: string;
      status: string;
      requester: string;
      request: { sales: string };
    };
    const mine = await call<Envelope<ListData<Rfq>>>(t.app, {
      method: 'GET',
      url: '/api/rfq',
      headers: as('member'),
    });
    const own = mine.body.data.lists.find((r) => r.id === rfqId);
    expect(own).toMatchObject({ direction: 'sent', status: 'new', request: { sales: 'MS WANG' } });
    const theirs = await call<Envelope<Rfq>>(t.app, {
      method: 'GET',
      url: `/api/rfq/${rfqId}`,
      headers: as('fwdA'),
    });
    expect(theirs.body.data).toMatchObject({ direction: 'received', requester: users.member?.username });
    expect((await call(t.app, { method: 'GET', url: `/api/rfq/${rfqId}`, headers: as('fwdB') })).status).toBe(
      404,
    );
    const other = await call<Envelope<ListData<Rfq>>>(t.app, {
      method: 'GET',
      url: '/api/rfq',
      headers: as('fwdB'),
    });
    expect(other.body.data.lists.some((r) => r.id === rfqId)).toBe(false);
    const past = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/send_rfq',
      headers: as('member'),
      payload: { ...body, ready_date: day(-3) },
      lang: 'en',
    });
    expect(past.body.msg).toBe('The cargo ready date cannot be before today');
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/system/send_rfq',
          headers: as('plain'),
          payload: body,
        })
      ).status,
    ).toBe(403);
    const incomplete = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/send_rfq',
      headers: as('member'),
      payload: { quote_id: id },
      lang: 'en',
    });
    expect((incomplete.body.errors ?? []).map((e) => e.field).sort()).toEqual([
      'booking_space',
      'description',
      'potential_vol',
      'ready_date',
      'sales',
    ]);
    // The target rate is the requester's to give or not: it is not asked for.
  });

  it('imports a rate sheet with names in either language or as codes, all or nothing', async () => {
    const template = readXlsx(
      (await t.app.inject({ method: 'GET', url: '/api/rate/template?lang=en' })).rawPayload,
    );
    expect(template.sheets).toEqual(['Rates', 'Carriers', 'Ports', 'Containers']);
    const headers = template.rows('Rates')[0] as string[];
    expect(headers.slice(0, 4)).toEqual([
      'Carrier',
      'Port of loading',
      'Port of discharge',
      'Delivery place',
    ]);
    // A price column for every container type of the database, in its order (not three literals).
    const types = await call<Envelope<ListData<{ code: string }>>>(t.app, {
      method: 'GET',
      url: '/api/container?page=1&size=1000',
    });
    expect(headers.slice(10)).toEqual(types.body.data.lists.map((c) => c.code));
    expect(headers.length).toBeGreaterThan(13);
    const sheet = (rows: unknown[][]) =>
      multipart([
        {
          name: 'file',
          filename: 'rates.xlsx',
          contentType: 'application/octet-stream',
          data: xlsx([headers, ...rows]),
        },
      ]);
    const upload = async (rows: unknown[][], lang?: 'cn' | 'en') => {
      const form = sheet(rows);
      return call<
        Envelope<{ created: number }> & { rows?: { row: number; column: string; message: string }[] }
      >(t.app, {
        method: 'POST',
        url: '/api/rate/import',
        headers: { ...as('fwdB'), ...form.headers },
        payload: form.payload,
        lang,
      });
    };
    // The template's example row, left unchanged, is not imported.
    const untouched = await upload([template.rows('Rates')[1] as unknown[]], 'en');
    expect(untouched.status).toBe(400);
    expect(untouched.body.msg).toBe("The file has no data (the template's example row is not imported)");
    const before = (
      await call<Envelope<ListData<Rate>>>(t.app, { method: 'GET', url: '/api/rate', headers: as('fwdB') })
    ).body.data.total;
    const good = await upload([
      ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', 'A', 1000, 1800, 1900],
      ['中远海运集运', '宁波', 'Hamburg', '汉堡', day(0), day(20), '', '', '', '', '', '', '2,150.5'],
    ]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data).toEqual({ created: 2, skipped: 0 });
    // The example row copied down with one price changed is a rate, imported (the example's remark
    // alone skipped it before); the untouched example beside it is skipped and counted.
    const example = template.rows('Rates')[1] as unknown[];
    const copied = [...example];
    copied[10] = 1150;
    const withExample = await upload([example, copied]);
    expect(withExample.status, JSON.stringify(withExample.body)).toBe(200);
    expect(withExample.body.data).toEqual({ created: 1, skipped: 1 });
    // A sheet of an earlier Chinese template, whose delivery column was headed 目的地, still reads.
    const oldHeaders = [
      '船公司',
      '起运港',
      '卸货港',
      '目的地',
      '有效期开始',
      '有效期结束',
      ...headers.slice(6),
    ];
    const old = multipart([
      {
        name: 'file',
        filename: 'rates.xlsx',
        contentType: 'application/octet-stream',
        data: xlsx([
          oldHeaders,
          ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', 'OLD', 999],
        ]),
      },
    ]);
    const oldReply = await call<Envelope<{ created: number }>>(t.app, {
      method: 'POST',
      url: '/api/rate/import',
      headers: { ...as('fwdB'), ...old.headers },
      payload: old.payload,
    });
    expect(oldReply.status, JSON.stringify(oldReply.body)).toBe(200);
    expect(oldReply.body.data.created).toBe(1);
    const bad = await upload(
      [
        ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', '', 1000, '', ''],
        ['NOPE', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', '', -1, '', ''],
        ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(5), day(1), 30, '', '', '', '', '', ''],
      ],
      'en',
    );
    expect(bad.status).toBe(422);
    expect(bad.body.rows).toEqual([
      { row: 3, column: 'Carrier', message: 'Unknown Carrier: NOPE' },
      {
        row: 3,
        column: '20GP',
        message: 'Price must be a number from 0 to 999999.99 with at most two decimals',
      },
      { row: 4, column: 'Price (USD)', message: 'Give a price for at least one container type' },
      { row: 4, column: 'Valid until', message: 'The end of the validity cannot be before its start' },
    ]);
    const after = (
      await call<Envelope<ListData<Rate>>>(t.app, { method: 'GET', url: '/api/rate', headers: as('fwdB') })
    ).body.data.total;
    // The two good rows, the copied example and the old template's one; the bad sheet added nothing.
    expect(after).toBe(before + 4);

    // Date cells (numbers in a date format), text that array literals would need quoted, and
    // prices as numbers come back exactly as the sheet shows them.
    const remark = 'Said "NULL", {x} \\ y';
    const start = new Date(`${day(1)}T00:00:00Z`);
    const odd = await upload([
      ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', start, day(40), 12, day(3), '', remark, 1234.5, '', 0.1 + 0.2],
    ]);
    expect(odd.status, JSON.stringify(odd.body)).toBe(200);
    const listed = await call<Envelope<ListData<Rate>>>(t.app, {
      method: 'GET',
      url: '/api/rate?page=1&size=50',
      headers: as('fwdB'),
    });
    const rate = listed.body.data.lists.find((r) => r.remark === remark);
    expect(rate).toMatchObject({ sdate: day(1), edate: day(40), etd: day(3), eta: null, transit_days: 12 });
    expect(rate?.spaces.map((s) => s.price)).toEqual(['1234.50', '0.30']);
  });

  it('refuses already-expired rows and zero prices in an import, naming row and column', async () => {
    const template = readXlsx(
      (await t.app.inject({ method: 'GET', url: '/api/rate/template?lang=en' })).rawPayload,
    );
    const headers = template.rows('Rates')[0] as string[];
    const before = (
      await call<Envelope<ListData<Rate>>>(t.app, { method: 'GET', url: '/api/rate', headers: as('fwdB') })
    ).body.data.total;
    const expected = {
      en: {
        expired: 'The validity has already ended (before today); an expired rate cannot be imported',
        zero: 'The price must be above 0',
      },
      cn: { expired: '有效期已结束（早于今天），不能导入已过期的运价', zero: '价格须大于 0' },
    } as const;
    for (const lang of ['en', 'cn'] as const) {
      const form = multipart([
        {
          name: 'file',
          filename: 'rates.xlsx',
          contentType: 'application/octet-stream',
          data: xlsx([
            headers,
            ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', '2025-01-01', '2025-01-31', 30, '', '', '', 1000],
            ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', '', 0],
            // Ending today in Shanghai is still bookable today.
            ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(-3), shanghaiDay(), 30, '', '', '', 900],
          ]),
        },
      ]);
      const reply = await call<
        Envelope<null> & { rows?: { row: number; column: string; message: string }[] }
      >(t.app, {
        method: 'POST',
        url: '/api/rate/import',
        headers: { ...as('fwdB'), ...form.headers },
        payload: form.payload,
        lang,
      });
      expect(reply.status).toBe(422);
      expect(reply.body.rows).toEqual([
        { row: 2, column: 'Valid until', message: expected[lang].expired },
        { row: 3, column: headers[10], message: expected[lang].zero },
      ]);
    }
    const after = (
      await call<Envelope<ListData<Rate>>>(t.app, { method: 'GET', url: '/api/rate', headers: as('fwdB') })
    ).body.data.total;
    expect(after).toBe(before);
  });

  it('deletes rates in batch, all or nothing', async () => {
    const a = (await createRate('fwdA', rateBody())).body.data.id;
    const b = (await createRate('fwdA', rateBody())).body.data.id;
    const other = (await createRate('fwdB', rateBody())).body.data.id;
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: '/api/rate',
          headers: as('fwdA'),
          payload: { ids: [a, b, other] },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/rate/${a}`, headers: as('fwdA') })).status).toBe(
      200,
    );
    const done = await call<Envelope<{ deleted: number }>>(t.app, {
      method: 'DELETE',
      url: '/api/rate',
      headers: as('fwdA'),
      payload: [a, b],
    });
    expect(done.body.data.deleted).toBe(2);
    expect((await call(t.app, { method: 'GET', url: `/api/quote/${a}`, headers: as('member') })).status).toBe(
      404,
    );
    expect((await login(t.app, users.member?.username ?? '', 'quay-lantern-42')).status).toBe(200);
  });
});
