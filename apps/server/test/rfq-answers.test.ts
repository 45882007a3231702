import type { ListData, NotificationList, ReceivedRfq, RfqRecord } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { type Envelope, register, registrationForm, signedInPerson, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
type Who = { token: string; companyId: number; email: string };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PUBLIC_URL = 'https://portal.example.com';

/**
 * The RFQ loop closes: the requester lists what it asked, the forwarder answers in the portal
 * (prices per container type, validity, remarks) by the contract's rules, and the requester's
 * people are told and mailed (by preference, each in their language) when it is answered or closed.
 */
describeEachDatabase('answers to requests for quotation', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const ref: Record<string, number> = {};
  const who: Record<string, Who> = {};
  let quoteId = 0;

  const api = <T>(
    name: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    lang: 'cn' | 'en' = 'en',
  ) =>
    call<Envelope<T>>(t.app, {
      method,
      url,
      headers: { authorization: `Bearer ${who[name]?.token}` },
      lang,
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = <T>(reply: { status: number; body: Envelope<T> }): T => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };
  const send = async () =>
    ok(
      await api<{ id: number }>('member', 'POST', '/api/system/send_rfq', {
        quote_id: quoteId,
        ready_date: day(3),
        description: 'LED LAMPS',
        booking_space: '2 x 20GP',
        potential_vol: '10 x 20GP / month',
        sales: 'MEMBER PERSON',
        quantities: [{ container_id: ref.gp20, quantity: 2 }],
      }),
    ).id;
  const answer = (overrides: object = {}) => ({
    prices: [
      { container_id: ref.gp20, price: '1150' },
      { container_id: ref.hq40, price: '2100.5' },
    ],
    valid_until: day(20),
    remarks: 'ALL IN, EXCL. THC',
    ...overrides,
  });

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url, PUBLIC_URL } });
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ref, {
      maersk: await id('carrier', 'MAEU'),
      sha: await id('port', 'CNSHA'),
      rtm: await id('port', 'NLRTM'),
      gp20: await id('container', '20GP'),
      gp40: await id('container', '40GP'),
      hq40: await id('container', '40HQ'),
    });
    // The requester's owner reads English; their colleague (and the forwarder) Chinese.
    for (const [name, lang] of [
      ['member', 'en'],
      ['fwd', 'cn'],
      ['otherFwd', 'cn'],
    ] as const) {
      const email = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username: email, company1: `${name.toUpperCase()} CO` }),
        [],
        lang,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      who[name] = { token: reply.body.data.token, companyId: reply.body.data.id, email };
      if (name !== 'member')
        await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: ['rate'] });
    }
    who.colleague = await signedInPerson(t, who.member?.companyId ?? 0, 'colleague', 'operator');
    quoteId = ok(
      await api<{ id: number }>('fwd', 'POST', '/api/rate', {
        carrier_id: ref.maersk,
        pol_id: ref.sha,
        pod_id: ref.rtm,
        to_id: ref.rtm,
        sdate: day(-1),
        edate: day(30),
        spaces: [
          { container_id: ref.gp20, price: '1200' },
          { container_id: ref.hq40, price: '2200.50' },
        ],
      }),
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('lists the requester’s own RFQs with lane, status and what was asked, in the reader’s language', async () => {
    const id = await send();
    await mail.next(who.fwd?.email ?? '');
    const mine = ok(
      await api<ListData<RfqRecord>>('member', 'GET', '/api/rfq?direction=sent&page=1&size=10'),
    );
    const row = mine.lists.find((r) => r.id === id);
    expect(row).toMatchObject({
      direction: 'sent',
      status: 'new',
      pol_name: 'Shanghai',
      to_name: 'Rotterdam',
      carrier_name: 'Maersk',
      answer: null,
      quantities: [{ container_id: ref.gp20, container_name: '20GP', quantity: 2 }],
    });
    // The target rate may be left out.
    expect(row?.request.target_rate).toBe('');
    expect(ok(await api<RfqRecord>('member', 'GET', `/api/rfq/${id}`, undefined, 'cn')).pol_name).toBe(
      '上海',
    );
    // The forwarder's own "sent" list does not hold what it received.
    const sentByFwd = ok(await api<ListData<RfqRecord>>('fwd', 'GET', '/api/rfq?direction=sent'));
    expect(sentByFwd.lists.some((r) => r.id === id)).toBe(false);
    const received = ok(await api<ReceivedRfq>('fwd', 'GET', `/api/forwarder/rfq/${id}`));
    expect(received.containers.map((c) => c.container_name)).toEqual(['20GP', '40HQ']);
    // A quantity for a container type the quote does not have is refused, naming the line.
    const bad = await api('member', 'POST', '/api/system/send_rfq', {
      quote_id: quoteId,
      ready_date: day(3),
      description: 'LED LAMPS',
      booking_space: '1 x 40GP',
      potential_vol: '1',
      sales: 'MEMBER PERSON',
      quantities: [{ container_id: ref.gp40, quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('quantities.0.container_id');
  });

  it('refuses an answer that breaks the rules, naming the field, and stores nothing', async () => {
    const id = await send();
    await mail.next(who.fwd?.email ?? '');
    const cases: [object, string, RegExp][] = [
      [{ prices: [] }, 'prices', /at least one container type/],
      [
        { prices: [{ container_id: ref.gp40, price: '900' }] },
        'prices.0.container_id',
        /not one of the request/,
      ],
      [
        {
          prices: [
            { container_id: ref.gp20, price: '900' },
            { container_id: ref.gp20, price: '950' },
          ],
        },
        'prices.1.container_id',
        /priced once/,
      ],
      [{ prices: [{ container_id: ref.gp20, price: '0' }] }, 'prices.0.price', /./],
      [{ prices: [{ container_id: ref.gp20, price: '12.345' }] }, 'prices.0.price', /./],
      [{ valid_until: day(-3) }, 'valid_until', /cannot end before today/],
      [{ valid_until: '2026-02-30' }, 'valid_until', /./],
      [{ remarks: 'X'.repeat(501) }, 'remarks', /./],
    ];
    for (const [body, field, message] of cases) {
      const reply = await api('fwd', 'PUT', `/api/forwarder/rfq/${id}/answer`, answer(body));
      expect(reply.status, JSON.stringify(body)).toBe(400);
      const errors =
        (reply.body as unknown as { errors?: { field: string; message: string }[] }).errors ?? [];
      const error = errors.find((e) => e.field === field);
      expect(error, `${JSON.stringify(body)} → ${JSON.stringify(reply.body)}`).toBeDefined();
      expect(error?.message).toMatch(message);
    }
    // In Chinese too.
    const zh = await api(
      'fwd',
      'PUT',
      `/api/forwarder/rfq/${id}/answer`,
      answer({ valid_until: day(-3) }),
      'cn',
    );
    expect(zh.body.msg).toContain('有效期不能早于今天');
    // Only the addressed forwarder answers: another's is not found, the requester may not.
    expect((await api('otherFwd', 'PUT', `/api/forwarder/rfq/${id}/answer`, answer())).status).toBe(404);
    expect((await api('member', 'PUT', `/api/forwarder/rfq/${id}/answer`, answer())).status).toBe(403);
    const after = ok(await api<RfqRecord>('member', 'GET', `/api/rfq/${id}`));
    expect(after.status).toBe('new');
    expect(after.answer).toBeNull();
    const told = ok(await api<NotificationList>('colleague', 'GET', '/api/notifications?size=100'));
    expect(told.lists.some((n) => n.kind === 'rfq' && n.object_id === id)).toBe(false);
  });

  it('stores the answer, tells and mails the requester’s people in their language; closing tells them too', async () => {
    const id = await send();
    await mail.next(who.fwd?.email ?? '');
    const saved = ok(await api<ReceivedRfq>('fwd', 'PUT', `/api/forwarder/rfq/${id}/answer`, answer()));
    expect(saved.status).toBe('quoted');
    expect(saved.answer?.prices).toEqual([
      { container_id: ref.gp20, container_name: '20GP', price: '1150' },
      { container_id: ref.hq40, container_name: '40HQ', price: '2100.5' },
    ]);

    // What the requester reads.
    const mine = ok(await api<RfqRecord>('member', 'GET', `/api/rfq/${id}`));
    expect(mine.status).toBe('quoted');
    expect(mine.answer).toMatchObject({ valid_until: day(20), remarks: 'ALL IN, EXCL. THC' });

    // Each person of the requester's company is told, linked to their own RFQ; the forwarder is not.
    for (const name of ['member', 'colleague']) {
      const list = ok(await api<NotificationList>(name, 'GET', '/api/notifications?size=100'));
      expect(list.lists.find((n) => n.kind === 'rfq' && n.object_id === id)).toMatchObject({
        action: 'quote',
        party: 'member',
        label: 'Shanghai → Rotterdam',
      });
    }
    const fwd = ok(await api<NotificationList>('fwd', 'GET', '/api/notifications?size=100'));
    expect(fwd.lists.some((n) => n.kind === 'rfq' && n.action === 'quote')).toBe(false);

    const en = await mail.next(who.member?.email ?? '');
    expect(en.subject).toMatch(/^\[[^\]]+\] Your request for quotation was answered: Shanghai → Rotterdam$/);
    expect(en.text).toContain('20GP: US$1,150');
    expect(en.text).toContain('40HQ: US$2,100.50');
    expect(en.text).toContain('Remarks: ALL IN, EXCL. THC');
    expect(en.text).toContain(`${PUBLIC_URL}/rfqs/${id}`);
    expect(en.headers['list-unsubscribe']).toMatch(/\/api\/unsubscribe\?token=/);
    const zh = await mail.next(who.colleague?.email ?? '');
    expect(zh.subject).toMatch(/^【[^】]+】您的询价已有报价：上海 → 鹿特丹$/);
    expect(zh.text).toContain(`有效期至：${day(20)}`);

    // The colleague wants no more closing mails; the owner still gets one.
    ok(await api('colleague', 'PUT', '/api/me/mail-preferences', { rfq_close: 'off' }));
    ok(await api('fwd', 'PUT', `/api/forwarder/rfq/${id}/status`, { status: 'closed' }));
    const closed = await mail.next(who.member?.email ?? '');
    expect(closed.subject).toContain('was closed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.inbox.filter((m) => m.to.includes(who.colleague?.email ?? ''))).toEqual([]);
    const list = ok(await api<NotificationList>('colleague', 'GET', '/api/notifications?size=100'));
    expect(list.lists.find((n) => n.kind === 'rfq' && n.object_id === id)?.action).toBe('close');
    // Marking it closed again tells nobody twice.
    ok(await api('fwd', 'PUT', `/api/forwarder/rfq/${id}/status`, { status: 'closed' }));
    const again = ok(await api<NotificationList>('colleague', 'GET', '/api/notifications?size=100'));
    expect(again.lists.filter((n) => n.kind === 'rfq' && n.object_id === id)).toHaveLength(2);

    // A closed request is not answered.
    const late = await api('fwd', 'PUT', `/api/forwarder/rfq/${id}/answer`, answer());
    expect(late.status).toBe(409);
    expect(late.body.msg).toContain('closed');
  });

  it('mails the forwarder in the language its signed-in owner chose on My account', async () => {
    ok(await api('fwd', 'PUT', '/api/me', { language: 'en-US' }));
    const id = await send();
    const received = await mail.next(who.fwd?.email ?? '');
    expect(received.subject).toMatch(/^\[[^\]]+\] New request for quotation: Shanghai → Rotterdam/);
    expect(received.text).toContain(`${PUBLIC_URL}/received-rfqs/${id}`);
    ok(await api('fwd', 'PUT', '/api/me', { language: 'zh-CN' }));
  });
});
