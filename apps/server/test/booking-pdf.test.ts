import { type BookingDetail, formatDocumentDate, isValidContainerNo, type ListData } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { pdfText, squeeze } from './pdf-text.js';

/*
 * The booking's new optional fields (freight term, notify party, Chinese
 * commodity name; depot and terminal at release; the B/L's parties, issuer, originals and the
 * per-container figures of the SI), and its PDF documents, read back as text.
 */

type Ref = Envelope<ListData<{ id: number; code: string }>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A date as documents print it in every language: 20-JAN-2026. */
const documentDay = (iso: string) => formatDocumentDate(iso);

function containerNumber(owner: string, serial: number): string {
  const head = `${owner}U${String(serial).padStart(6, '0')}`;
  for (let check = 0; check < 10; check++)
    if (isValidContainerNo(`${head}${check}`)) return `${head}${check}`;
  return containerNumber(owner, serial + 1);
}

const LONG_CN = '本批货物为精密电子仪器，请务必轻拿轻放，避免受潮、挤压和高温暴晒。'.repeat(6).slice(0, 200);

describeEachDatabase('booking PDFs', (kind) => {
  let t: TestApp;
  const ref: Record<string, number> = {};
  const users: Record<string, { token: string; id: number }> = {};
  const contact: Record<string, number> = {};

  const as = (name: string) => ({ authorization: `Bearer ${users[name]?.token}` });
  const api = <T = BookingDetail>(
    name: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => call<Envelope<T>>(t.app, { method, url, headers: as(name), ...(payload ? { payload } : {}) });
  const pdf = (name: string, id: number, doc: string, query = '', lang?: 'cn' | 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/order/${id}/pdf/${doc}${query}`,
      headers: { ...as(name), ...(lang ? { lang } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
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
      ct: await id('unit', 'CT'),
    });
    for (const name of ['member', 'other', 'fwd']) {
      const username = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username, company1: `${name.toUpperCase()} CO`, company2: `${name}公司` }),
        [],
        'cn',
      );
      users[name] = { token: reply.body.data.token, id: reply.body.data.id };
    }
    await changeAuthorities({
      db: t.database.db,
      userId: users.fwd?.id ?? 0,
      grant: ['rate', 'quote_forwarder'],
    });
    for (const key of ['shipper', 'consignee']) {
      const reply = await api<{ id: number }>('member', 'POST', '/api/customer/contact', {
        type: key,
        company1: `${key.toUpperCase()} TRADING CO., LTD`,
        company2: key === 'shipper' ? '宁波发货贸易有限公司' : '鹿特丹收货公司',
        linkman: 'WANG FANG',
        address1: 'NO. 1 HARBOUR ROAD',
        city: 'NINGBO',
        country_id: 1,
        phone: '+8657487000001',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      contact[key] = reply.body.data.id;
    }
  });
  afterAll(() => t.close());

  const line = (i: number) => ({
    container_id: i % 2 ? ref.gp20 : ref.hq40,
    hs_code: '8471.30',
    description: `LAPTOP COMPUTERS LOT ${i + 1}`,
    packages: 100 + i,
    unit_id: ref.ct,
    weight: '1200.5',
    volume: 30,
    quantity: 1,
  });
  const booking = (lines: number, overrides: object = {}) => ({
    container_mode: 1,
    forwarder_id: users.fwd?.id,
    shipper_id: contact.shipper,
    consignee_id: contact.consignee,
    cust_ref_no: 'PO-2026-019',
    ready_date: day(3),
    incoterm: 'FOB',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maersk,
    remark: '请安排尽早舱位',
    commodity_cn: '笔记本电脑',
    notify_party: 'SAME AS CONSIGNEE',
    containers: Array.from({ length: lines }, (_, i) => line(i)),
    ...overrides,
  });
  async function submitted(body: object): Promise<BookingDetail> {
    const reply = await api('member', 'POST', '/api/order/booking?submit=true', body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  }
  const release = {
    so_no: 'SO190001',
    vessel: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: day(10),
    eta: day(40),
    customs_cutoff: `${day(9)} 12:00`,
    vgm_cutoff: `${day(8)} 18:00`,
    pickup_depot: '外高桥四期堆场',
    return_terminal: 'SHANGHAI SHENGDONG TERMINAL',
  };

  it('keeps the new optional fields of booking, release and SI, and refuses bad ones by name', async () => {
    const b = await submitted(booking(2));
    expect(b).toMatchObject({
      freight_term: '',
      notify_party: 'SAME AS CONSIGNEE',
      commodity_cn: '笔记本电脑',
    });
    const bad = await api(
      'member',
      'POST',
      '/api/order/booking',
      booking(1, { freight_term: 'cash', notify_party: '通知' }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('freight_term');
    expect(JSON.stringify(bad.body)).toContain('notify_party');
    const released = await api('fwd', 'POST', `/api/forwarder/order/${b.id}/release`, release);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data.schedule).toMatchObject({
      pickup_depot: '外高桥四期堆场',
      return_terminal: 'SHANGHAI SHENGDONG TERMINAL',
    });
    const instructions = (second: object) => ({
      bl_consignee: 'to order of bank of china',
      bl_issuer: 'house',
      originals: 2,
      description: 'LAPTOP COMPUTERS',
      containers: [
        {
          container_id: ref.hq40,
          container_no: containerNumber('MSK', 190),
          seal_no: 'ML1',
          packages: 100,
          weight: '1200.5',
          vgm: '5100',
        },
        { container_id: ref.gp20, container_no: containerNumber('MSK', 191), ...second },
      ],
    });
    // The B/L prints each container's figures: a blank one is refused, not printed empty.
    const blank = await api('member', 'PUT', `/api/order/shipment/${b.id}`, instructions({ packages: '' }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.map((e) => e.field)).toEqual([
      'containers.1.packages',
      'containers.1.weight',
      'containers.1.vgm',
    ]);
    const si = await api(
      'member',
      'PUT',
      `/api/order/shipment/${b.id}`,
      instructions({ packages: 20, weight: '300', vgm: '2500' }),
    );
    expect(si.status, JSON.stringify(si.body)).toBe(200);
    expect(si.body.data.shipment).toMatchObject({
      bl_consignee: 'TO ORDER OF BANK OF CHINA',
      bl_shipper: '',
      bl_issuer: 'house',
      originals: 2,
      containers: [
        { packages: 100, weight: '1200.500', vgm: '5100.000' },
        { packages: 20, weight: '300.000', vgm: '2500.000' },
      ],
    });
  });

  it('writes the three documents in either language, with the text read back', async () => {
    const b = await submitted(booking(3, { remark: LONG_CN, commodity_cn: '笔记本电脑及配件' }));
    const note = await pdf('member', b.id, 'booking-note');
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect(note.headers['content-disposition']).toBe(
      `attachment; filename="${b.order_no}-booking-note-cn.pdf"`,
    );
    const cn = squeeze((await pdfText(note.rawPayload)).join(''));
    for (const text of [
      '订舱委托书',
      b.order_no,
      '宁波发货贸易有限公司',
      '鹿特丹收货公司',
      '到付',
      '笔记本电脑及配件',
      'LAPTOPCOMPUTERSLOT3',
      '3601.500',
      squeeze(LONG_CN),
      documentDay(day(3)),
    ])
      expect(cn).toContain(text);

    const en = await pdf('fwd', b.id, 'booking-note', '?lang=en&disposition=inline');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toBe(`inline; filename="${b.order_no}-booking-note-en.pdf"`);
    const enText = squeeze((await pdfText(en.rawPayload)).join(''));
    for (const text of ['BookingNote', 'Collect', 'SHIPPERTRADINGCO.,LTD', documentDay(day(3))])
      expect(enText).toContain(text);
    // Made at a time of the portal's zone, which the footer names.
    expect(enText).toMatch(/at\d{2}\/\d{2}\/\d{4}\d{2}:\d{2}\(Asia\/Shanghai,UTC\+8\)/);

    // Before release: no confirmation (409, in the request's language), no SI draft.
    const early = await pdf('member', b.id, 'confirmation', '', 'en');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 1,
      msg: `Booking ${b.order_no} (Awaiting space release) has no Booking confirmation yet`,
    });
    expect((await pdf('fwd', b.id, 'si')).statusCode).toBe(409);

    await api('fwd', 'POST', `/api/forwarder/order/${b.id}/release`, release);
    const conf = squeeze((await pdfText((await pdf('fwd', b.id, 'confirmation')).rawPayload)).join(''));
    for (const text of [
      '放舱通知',
      'SO190001',
      'MAERSKEINDHOVEN',
      '612W',
      '外高桥四期堆场',
      'SHANGHAISHENGDONGTERMINAL',
      `${documentDay(day(9))}12:00`,
      `${documentDay(day(8))}18:00`,
    ])
      expect(conf).toContain(text);

    await api('member', 'PUT', `/api/order/shipment/${b.id}`, {
      bl_consignee: 'TO ORDER OF BANK OF CHINA',
      description: 'LAPTOP COMPUTERS',
      containers: [
        {
          container_id: ref.hq40,
          container_no: containerNumber('MSK', 200),
          packages: 300,
          weight: '3601.5',
          vgm: '7400',
        },
      ],
    });
    const si = squeeze((await pdfText((await pdf('member', b.id, 'si', '?lang=en')).rawPayload)).join(''));
    for (const text of [
      'ShippingInstructions',
      'TOORDEROFBANKOFCHINA',
      containerNumber('MSK', 200),
      '3601.500',
      '7400.000',
      'Carrier(master)B/L',
      'Originals3',
    ])
      expect(si).toContain(text);
  });

  it('lays 200 lines over several pages without losing one, in under 200 KB', async () => {
    const b = await submitted(booking(200, { remark: LONG_CN }));
    const reply = await pdf('member', b.id, 'booking-note');
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBeLessThan(200 * 1024);
    const pages = await pdfText(reply.rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    const all = squeeze(pages.join(''));
    for (const n of [1, 57, 128, 200]) expect(all).toContain(`LAPTOPCOMPUTERSLOT${n}`);
    expect(all).toContain(squeeze(LONG_CN));
    expect(squeeze(pages.at(-1) ?? '')).toContain(`${pages.length}/${pages.length}`);
    // every page repeats the table's header
    for (const page of pages.slice(1, -1)) expect(squeeze(page)).toContain('HS编码');
  });

  it('answers 404 to anyone but the booking’s two sides', async () => {
    const b = await submitted(booking(1));
    expect((await pdf('other', b.id, 'booking-note')).statusCode).toBe(404);
    expect((await pdf('other', 999_999, 'booking-note')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/${b.id}/pdf/booking-note` })).statusCode,
    ).toBe(401);
    expect((await pdf('member', b.id, 'invoice')).statusCode).toBe(400);
  });
});
