import { earliestReadyDate, type ListData, type ReceivedRfq } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { startMailServer } from './mail-server.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
type Rfq = { id: number; status: string; request: Record<string, string | number> };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PUBLIC_URL = 'https://portal.example.com';

/**
 * A request for quotation reaches its forwarder in the forwarder's language
 * with Reply-To set to the requester, and the forwarder reads and marks it on "Received RFQs".
 */
describeEachDatabase('requests for quotation, the forwarder’s side', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const ref: Record<string, number> = {};
  const users: Record<string, { id: number; token: string; username: string }> = {};
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
      hq40: await id('container', '40HQ'),
    });
    // Each registers in a language, which the account keeps: fwdZh and the member in Chinese and
    // English respectively, so a mail must change language on its way.
    const accounts = [
      ['fwdZh', 'cn'],
      ['fwdEn', 'en'],
      ['member', 'en'],
    ] as const;
    for (const [name, lang] of accounts) {
      const username = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({
          username,
          company1: `${name.toUpperCase()} TRADING CO`,
          company2: `${name}贸易公司`,
          linkman: `${name.toUpperCase()} PERSON`,
          phone: '+8613900000001',
        }),
        [],
        lang,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      users[name] = { id: reply.body.data.id, token: reply.body.data.token, username };
      if (name.startsWith('fwd'))
        await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: ['rate'] });
    }
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const as = (name: string) => ({ authorization: `Bearer ${users[name]?.token}` });
  async function quoteOf(forwarder: string) {
    const reply = await call<Envelope<{ id: number }>>(t.app, {
      method: 'POST',
      url: '/api/rate',
      headers: as(forwarder),
      payload: {
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
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data.id;
  }
  // What an English page sends, with a forged route, carrier, rate and forwarder name.
  const rfqBody = (quoteId: number) => ({
    quote_id: quoteId,
    pol: 'Atlantis',
    pod: 'Nowhere',
    to: 'Nowhere',
    carrier: 'Forged Lines',
    forwarder: 'SOMEONE ELSE',
    rate: '20GP US$1',
    ready_date: day(3),
    description: 'LED LAMPS',
    booking_space: '2 x 40HQ',
    target_rate: 'US$2000',
    potential_vol: '10 x 40HQ / month',
    sales: 'MEMBER PERSON',
  });
  async function sendRfq(quoteId: number) {
    const reply = await call<Envelope<{ id: number }>>(t.app, {
      method: 'POST',
      url: '/api/system/send_rfq',
      headers: as('member'),
      payload: rfqBody(quoteId),
      lang: 'en',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data.id;
  }

  it('mails the forwarder in the forwarder’s language, names in it, Reply-To the requester', async () => {
    const id = await sendRfq(await quoteOf('fwdZh'));
    const zh = await mail.next(users.fwdZh?.username ?? '');
    expect(zh.replyTo).toBe(users.member?.username);
    expect(zh.subject).toContain('新询价：上海 → 鹿特丹');
    expect(zh.text).toContain('航线：上海 → 鹿特丹 → 鹿特丹');
    expect(zh.text).toContain('船公司：马士基');
    expect(zh.text).toContain('运价：20GP US$1,200 | 40HQ US$2,200.50');
    expect(zh.text).toContain(`货好日期：${day(3)}`);
    expect(zh.text).toContain('询价联系人：MEMBER PERSON');
    // The requester's contact, its company in the reader's language, and the link to the request.
    expect(zh.text).toContain('询价方：member贸易公司');
    expect(zh.text).toContain('电话：+8613900000001');
    expect(zh.text).toContain(`${PUBLIC_URL}/received-rfqs/${id}`);
    for (const forged of ['Atlantis', 'Forged Lines', 'US$1 ', 'Shanghai', 'Please log in'])
      expect(zh.text).not.toContain(forged);

    await sendRfq(await quoteOf('fwdEn'));
    const en = await mail.next(users.fwdEn?.username ?? '');
    expect(en.replyTo).toBe(users.member?.username);
    expect(en.text).toContain('Route: Shanghai → Rotterdam → Rotterdam');
    expect(en.text).toContain('Carrier: Maersk');
    const [y, m, d] = day(3).split('-');
    expect(en.text).toContain(`Cargo ready: ${m}/${d}/${y}`);
    expect(en.text).toContain('Requester: MEMBER TRADING CO');
    expect(en.text).not.toContain('上海');
  });

  it('stores the quote’s route, carrier and rate, and no forwarder name for a member without quote_forwarder', async () => {
    const id = await sendRfq(await quoteOf('fwdZh'));
    await mail.next(users.fwdZh?.username ?? '');
    const stored = await call<Envelope<Rfq>>(t.app, {
      method: 'GET',
      url: `/api/rfq/${id}`,
      headers: as('member'),
    });
    expect(stored.body.data.request).toMatchObject({
      pol: 'Shanghai',
      pod: 'Rotterdam',
      to: 'Rotterdam',
      carrier: 'Maersk',
      rate: '20GP US$1,200 | 40HQ US$2,200.50',
      forwarder: '',
      sales: 'MEMBER PERSON',
    });
  });

  it('lists, shows and marks the forwarder’s RFQs; another forwarder’s answer 404, a member 403', async () => {
    const id = await sendRfq(await quoteOf('fwdZh'));
    await mail.next(users.fwdZh?.username ?? '');
    const list = (query: string, who = 'fwdZh', lang: 'cn' | 'en' = 'cn') =>
      call<Envelope<ListData<ReceivedRfq>>>(t.app, {
        method: 'GET',
        url: `/api/forwarder/rfq${query}`,
        headers: as(who),
        lang,
      });
    const all = (await list('')).body.data;
    expect(all.lists[0]?.id).toBe(id);
    expect(all.lists.every((r) => r.status === 'new')).toBe(true);
    expect(all.lists[0]).toMatchObject({
      status: 'new',
      pol_name: '上海',
      to_name: '鹿特丹',
      carrier_name: '马士基',
      rate: '20GP US$1,200 | 40HQ US$2,200.50',
      ready_date: day(3),
      description: 'LED LAMPS',
      booking_space: '2 x 40HQ',
      sales: 'MEMBER PERSON',
      requester: {
        company: 'member贸易公司',
        linkman: 'MEMBER PERSON',
        email: users.member?.username,
        phone: '+8613900000001',
      },
    });
    expect((await list('', 'fwdEn')).body.data.lists.some((r) => r.id === id)).toBe(false);

    const detail = await call<Envelope<ReceivedRfq>>(t.app, {
      method: 'GET',
      url: `/api/forwarder/rfq/${id}`,
      headers: as('fwdZh'),
      lang: 'en',
    });
    expect(detail.body.data).toMatchObject({ id, pol_name: 'Shanghai', carrier_name: 'Maersk' });
    expect(detail.body.data.requester.company).toBe('MEMBER TRADING CO');

    const mark = (status: string, who = 'fwdZh') =>
      call<Envelope<ReceivedRfq>>(t.app, {
        method: 'PUT',
        url: `/api/forwarder/rfq/${id}/status`,
        headers: as(who),
        payload: { status },
        lang: 'en',
      });
    for (const path of [`/api/forwarder/rfq/${id}`, `/api/forwarder/rfq/${id}/status`]) {
      const method = path.endsWith('status') ? 'PUT' : 'GET';
      const payload = method === 'PUT' ? { status: 'closed' } : undefined;
      const other = await call(t.app, { method, url: path, headers: as('fwdEn'), payload });
      expect(other.status, `fwdEn ${method} ${path}`).toBe(404);
      const member = await call(t.app, { method, url: path, headers: as('member'), payload });
      expect(member.status, `member ${method} ${path}`).toBe(403);
    }
    const back = await mark('new');
    expect(back.status).toBe(400);
    expect(back.body.errors?.[0]?.field).toBe('status');

    const quoted = await mark('quoted');
    expect(quoted.status).toBe(200);
    expect(quoted.body.data.status).toBe('quoted');
    expect(new Date(quoted.body.data.update_time).getTime()).toBeGreaterThanOrEqual(
      new Date(quoted.body.data.create_time).getTime(),
    );
    expect((await list('?status=quoted')).body.data.lists.map((r) => r.id)).toContain(id);
    expect((await list('?status=new')).body.data.lists.map((r) => r.id)).not.toContain(id);
    const sent = await call<Envelope<Rfq>>(t.app, {
      method: 'GET',
      url: `/api/rfq/${id}`,
      headers: as('member'),
    });
    expect(sent.body.data.status).toBe('quoted');
    expect((await mark('closed')).body.data.status).toBe('closed');
    expect((await list('?status=closed')).body.data.lists.map((r) => r.id)).toEqual([id]);
    expect((await list('?status=open')).status).toBe(400);
  });

  it('refuses a ready date before the earliest one that is today somewhere', async () => {
    const quoteId = await quoteOf('fwdZh');
    const before = new Date(new Date(`${earliestReadyDate()}T00:00:00Z`).getTime() - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const refused = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/send_rfq',
      headers: as('member'),
      payload: { ...rfqBody(quoteId), ready_date: before },
      lang: 'en',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('ready_date');
    const accepted = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/send_rfq',
      headers: as('member'),
      payload: { ...rfqBody(quoteId), ready_date: earliestReadyDate() },
      lang: 'en',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});
