import * as XLSX from '@e965/xlsx';
import {
  type BookingDetail,
  type BookingDocking,
  type BookingDocument,
  type BookingForm,
  type BookingRow,
  type BookingShipment,
  isValidContainerNo,
  type ListData,
  type Rate,
} from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import {
  contactBody,
  type Envelope,
  image,
  multipart,
  register,
  registrationForm,
  uniqueEmail,
} from './fixtures.js';
import { startMailServer } from './mail-server.js';
import { pdfText, squeeze } from './pdf-text.js';
import { xlsx, zip } from './sheets.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
type Lang = 'cn' | 'en';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A valid ISO 6346 number: owner code + U + 6 digits + the check digit that fits. */
function containerNumber(owner: string, serial: number): string {
  const head = `${owner}U${String(serial).padStart(6, '0')}`;
  for (let check = 0; check < 10; check++)
    if (isValidContainerNo(`${head}${check}`)) return `${head}${check}`;
  return containerNumber(owner, serial + 1);
}

const DOCX_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describeEachDatabase('bookings', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const ref: Record<string, number> = {};
  const users: Record<string, { token: string; username: string; id: number }> = {};
  const contact: Record<string, number> = {};
  let quoteId = 0;

  const as = (name: string) => ({ authorization: `Bearer ${users[name]?.token}` });
  function api<T = BookingDetail>(
    name: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang?: Lang,
  ) {
    return call<Envelope<T>>(t.app, {
      method,
      url,
      headers: as(name),
      ...(payload === undefined ? {} : { payload }),
      ...(lang ? { lang } : {}),
    });
  }

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url } });
    const id = async (list: string, code: string, query = '') =>
      (
        await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}${query}` })
      ).body.data.lists.find((i) => i.code === code)?.id ?? 0;
    Object.assign(ref, {
      maersk: await id('carrier', 'MAEU'),
      cosco: await id('carrier', 'COSU'),
      sha: await id('port', 'CNSHA'),
      ngb: await id('port', 'CNNGB'),
      rtm: await id('port', 'NLRTM'),
      ham: await id('port', 'DEHAM'),
      lax: await id('port', 'USLAX'),
      gp20: await id('container', '20GP'),
      gp40: await id('container', '40GP'),
      hq40: await id('container', '40HQ'),
      ct: await id('unit', 'CT'),
      px: await id('unit', 'PX'),
      kgm: await id('unit', 'KGM'),
    });
    for (const name of ['member', 'other', 'plain', 'fwdA', 'fwdB', 'english']) {
      const username = uniqueEmail(name).toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username, company1: `${name.toUpperCase()} CO`, company2: `${name}公司` }),
        [],
        name === 'english' ? 'en' : 'cn',
      );
      users[name] = { token: reply.body.data.token, username, id: reply.body.data.id };
      if (name.startsWith('fwd'))
        await changeAuthorities({
          db: t.database.db,
          userId: reply.body.data.id,
          grant: ['rate', 'quote_forwarder'],
        });
    }
    await changeAuthorities({ db: t.database.db, userId: users.plain?.id ?? 0, revoke: ['quote_booking'] });
    const addContact = async (owner: string, key: string, type: string) => {
      const reply = await call<Envelope<{ id: number }>>(t.app, {
        method: 'POST',
        url: '/api/customer/contact',
        headers: as(owner),
        payload: contactBody(key, type),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      contact[key] = reply.body.data.id;
    };
    await addContact('member', 'shipper', 'shipper');
    await addContact('member', 'consignee', 'consignee');
    await addContact('other', 'otherShipper', 'shipper');
    await addContact('plain', 'plainShipper', 'both');
    await addContact('english', 'enShipper', 'both');
    const rate = await call<Envelope<Rate>>(t.app, {
      method: 'POST',
      url: '/api/rate',
      headers: as('fwdA'),
      payload: {
        carrier_id: ref.maersk,
        pol_id: ref.sha,
        pod_id: ref.rtm,
        to_id: ref.rtm,
        sdate: day(-1),
        edate: day(30),
        spaces: [{ container_id: ref.gp20, price: '1200' }],
      },
    });
    quoteId = rate.body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const containerLine = (overrides: object = {}) => ({
    container_id: ref.gp40,
    container_no: '',
    seal_no: '',
    hs_code: '8471.30',
    description: 'LAPTOP COMPUTERS',
    packages: 100,
    unit_id: ref.ct,
    weight: '1200.5',
    volume: 30,
    quantity: 2,
    ...overrides,
  });
  const cargoLine = (overrides: object = {}) => ({
    hs_code: '940360',
    description: 'WOODEN FURNITURE',
    packages: 10,
    unit_id: ref.px,
    weight: '0.1',
    volume: '0.2',
    ...overrides,
  });
  const fcl = (overrides: object = {}) => ({
    container_mode: 1,
    forwarder_id: users.fwdA?.id,
    shipper_id: contact.shipper,
    consignee_id: contact.consignee,
    cust_ref_no: 'PO-2026-001',
    ready_date: day(3),
    incoterm: 'FOB',
    place_of_receipt: 'NINGBO FACTORY',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maersk,
    remark: '请安排尽早舱位',
    containers: [
      containerLine(),
      containerLine({ container_id: ref.gp20, quantity: 1, weight: '0.25', volume: '1.125' }),
    ],
    ...overrides,
  });
  const lcl = (overrides: object = {}) => ({
    ...fcl(),
    container_mode: 2,
    containers: [],
    cargo_items: [cargoLine(), cargoLine({ weight: '0.2', volume: '0.1', packages: 5 })],
    ...overrides,
  });
  const create = (body: object, name = 'member', lang?: Lang) =>
    api(name, 'POST', '/api/order/booking', body, lang);
  async function created(body: object, name = 'member'): Promise<BookingDetail> {
    const reply = await create(body, name);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  }
  const release = (overrides: object = {}) => ({
    so_no: 'so123456',
    vessel: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: day(10),
    eta: day(40),
    si_cutoff: `${day(8)} 12:00`,
    cy_cutoff: `${day(9)}T17:30`,
    customs_cutoff: `${day(9)} 12:00`,
    vgm_cutoff: `${day(8)} 18:00`,
    ...overrides,
  });
  const fwd = (name: string, id: number, action: string, payload?: object, lang?: Lang) =>
    api(name, 'POST', `/api/forwarder/order/${id}/${action}`, payload, lang);
  /** A container's packages, gross weight and VGM: the SI requires them. */
  const figures = { packages: 10, weight: '1000', vgm: '3200' };
  const si = (overrides: object = {}) => ({
    notify_party: 'SAME AS CONSIGNEE',
    marks: 'N/M',
    description: 'LAPTOP COMPUTERS',
    bl_type: 'telex',
    freight_term: 'prepaid',
    containers: [
      { container_id: ref.gp40, container_no: containerNumber('MSK', 100), seal_no: 'ML123', ...figures },
      { container_id: ref.gp40, container_no: containerNumber('MSK', 200), ...figures },
      { container_id: ref.gp20, container_no: containerNumber('MSK', 300), ...figures },
    ],
    ...overrides,
  });
  /** Moves a fresh FCL booking of `member` to the wanted status with fwdA (1: submitted and accepted). */
  async function bookingAt(status: 0 | 1 | 2 | 3 | 5, body: object = fcl()): Promise<BookingDetail> {
    let booking = await created(body);
    const step = async (reply: Promise<{ status: number; body: Envelope<BookingDetail> }>) => {
      const r = await reply;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      booking = r.body.data;
    };
    if (status >= 1) {
      await step(api('member', 'POST', `/api/order/${booking.id}/submit`));
      await step(fwd('fwdA', booking.id, 'accept'));
    }
    if (status >= 2) await step(fwd('fwdA', booking.id, 'release', release()));
    if (status >= 3) await step(api('member', 'PUT', `/api/order/shipment/${booking.id}`, si()));
    if (status >= 5) await step(fwd('fwdA', booking.id, 'ship', { bl_no: 'MAEU123456789' }));
    return booking;
  }

  describe('create, read and totals', () => {
    it('creates an FCL booking with server totals, an order number and a timeline', async () => {
      const booking = await created(fcl());
      expect(booking.order_no).toMatch(/^BK\d{6}\d{6,}$/);
      expect(booking).toMatchObject({
        status: 0,
        state: 'pending',
        status_name: '草稿',
        status_color: 'default',
        container_mode: 1,
        forwarder_id: users.fwdA?.id,
        forwarder_name: 'fwdA公司',
        cust_ref_no: 'PO-2026-001',
        incoterm: 'FOB',
        carrier_name: '马士基',
        pol_name: '上海',
        to_name: '鹿特丹',
        shipper_id: contact.shipper,
        actions: ['edit', 'delete', 'submit'],
        accepted_at: null,
      });
      expect(booking.shipper.company1).toBe('SHIPPER TRADING CO., LTD');
      expect(
        booking.containers.map((c) => [c.container_name, c.weight, c.volume, c.quantity, c.hs_code]),
      ).toEqual([
        ['40GP', '1200.500', '30.000', 2, '847130'],
        ['20GP', '0.250', '1.125', 1, '847130'],
      ]);
      expect(booking.totals).toEqual({
        weight: '1200.750',
        volume: '31.125',
        packages: 200,
        containers: [
          { container_id: ref.gp40, container_name: '40GP', quantity: 2 },
          { container_id: ref.gp20, container_name: '20GP', quantity: 1 },
        ],
        container_count: 3,
      });
      expect(booking.history).toEqual([
        expect.objectContaining({ action: 'create', from_status: null, to_status: 0, actor: 'member' }),
      ]);
      const form = await api<BookingForm>('member', 'GET', `/api/order/booking/${booking.id}`);
      expect(form.body.data).toMatchObject({
        id: booking.id,
        container_mode: 1,
        ready_date: day(3),
        incoterm: 'FOB',
      });
      expect(form.body.data.totals.weight).toBe('1200.750');
      const detail = await api('member', 'GET', `/api/order/${booking.id}`, undefined, 'en');
      expect(detail.body.data).toMatchObject({ status_name: 'Draft', carrier_name: 'Maersk' });
    });

    it('sums LCL decimals exactly (0.1 + 0.2 = 0.300) and takes the Incoterm by id or code', async () => {
      const booking = await created(lcl({ incoterm: 'cif', cust_ref_no: 'lower case ref' }));
      expect(booking.totals).toMatchObject({
        weight: '0.300',
        volume: '0.300',
        packages: 15,
        container_count: 0,
      });
      expect(booking.cargo_items.map((c) => c.unit_name)).toEqual(['托盘', '托盘']);
      expect(booking).toMatchObject({ incoterm: 'CIF', cust_ref_no: 'LOWER CASE REF', container_mode: 2 });
      const rows = await t.database.db.execute<{ id: number }>(
        sql`select id from incoterms where code = 'EXW'`,
      );
      const exw = (rows as unknown as { rows: { id: number }[] }).rows[0]?.id;
      const byId = await created(lcl({ incoterm: exw }));
      expect(byId.incoterm).toBe('EXW');
    });

    it('books from a quote: the forwarder is the quote’s; needs quote_booking', async () => {
      // The quote prices 20GP only; booking-from-quote.test.ts covers its terms and who sees whom.
      const fromQuote = (overrides: object) =>
        fcl({ containers: [containerLine({ container_id: ref.gp20 })], ...overrides });
      const booking = await created(fromQuote({ forwarder_id: null, quote_id: quoteId }));
      expect(booking).toMatchObject({ forwarder_id: null, forwarder_hidden: true, quote_id: quoteId });
      const [row] = await t.database.db
        .execute<{ forwarder_id: number }>(sql`select forwarder_id from bookings where id = ${booking.id}`)
        .then((r) => (r as unknown as { rows: { forwarder_id: number }[] }).rows);
      expect(row?.forwarder_id).toBe(users.fwdA?.id);
      const mismatch = await create(
        fromQuote({ forwarder_id: users.fwdB?.id, quote_id: quoteId }),
        'member',
        'en',
      );
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors?.[0]).toMatchObject({ field: 'forwarder_id' });
      const plain = await create(
        fromQuote({
          forwarder_id: null,
          quote_id: quoteId,
          shipper_id: contact.plainShipper,
          consignee_id: contact.plainShipper,
        }),
        'plain',
        'en',
      );
      expect(plain.status).toBe(403);
      expect(plain.body.msg).toBe('You may not book');
      const gone = await create(fromQuote({ forwarder_id: null, quote_id: 999_999 }), 'member', 'en');
      expect(gone.status).toBe(400);
      expect(gone.body.errors).toEqual([
        { field: 'quote_id', message: 'The quote does not exist or is no longer valid' },
      ]);
      // Without a quote, a member without quote_booking books with a forwarder chosen directly.
      const direct = await create(
        fcl({ shipper_id: contact.plainShipper, consignee_id: contact.plainShipper }),
        'plain',
      );
      expect(direct.status).toBe(200);
    });

    it('gives unique order numbers to bookings made at the same time', async () => {
      const replies = await Promise.all(Array.from({ length: 8 }, () => create(lcl())));
      const numbers = replies.map((r) => r.body.data.order_no);
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect(new Set(numbers).size).toBe(8);
    });
  });

  describe('form rules', () => {
    async function refused(body: object, lang: Lang = 'en') {
      const reply = await create(body, 'member', lang);
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      return reply.body.errors ?? [];
    }
    /** Saved and submitted in one go while something is missing: refused (422), nothing stored. */
    async function incomplete(body: object, lang: Lang = 'en') {
      const before = await api<ListData<BookingRow>>('member', 'GET', '/api/order?page=1&size=10');
      const reply = await api('member', 'POST', '/api/order/booking?submit=true', body, lang);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      const after = await api<ListData<BookingRow>>('member', 'GET', '/api/order?page=1&size=10');
      expect(after.body.data.total).toBe(before.body.data.total);
      return reply.body.errors ?? [];
    }

    it('leaves the shipper and consignee to the shipping instructions, in a draft and on submit', async () => {
      // DCSA's booking may name neither: they come with the SI, where the B/L needs them.
      const draft = await created(fcl({ shipper_id: undefined, consignee_id: '' }));
      expect(draft).toMatchObject({ status: 0, shipper_id: null, consignee_id: null, shipper_party: null });
      expect(draft.shipper.company1).toBe('');
      const submitted = await api(
        'member',
        'POST',
        '/api/order/booking?submit=true',
        fcl({ shipper_id: null }),
      );
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body.data).toMatchObject({ status: 1, shipper_id: null, shipper_party: null });
    });

    it('refuses a contact that is not in the member’s book, naming the field', async () => {
      expect(await refused(fcl({ consignee_id: contact.otherShipper }))).toEqual([
        { field: 'consignee_id', message: 'Consignee: please choose a contact from your contact book' },
      ]);
    });

    it('checks the restricted character set of the reference and the descriptions', async () => {
      // Printable ASCII passes (PO#1, A&B), lowercase becomes capitals; Chinese does not.
      expect((await created(fcl({ cust_ref_no: 'po#1 a&b/2' }))).cust_ref_no).toBe('PO#1 A&B/2');
      expect(await refused(fcl({ cust_ref_no: '订单1' }))).toEqual([
        expect.objectContaining({
          field: 'cust_ref_no',
          message: expect.stringContaining('Customer reference may only'),
        }),
      ]);
      const errors = await refused(lcl({ cargo_items: [cargoLine({ description: '家具' })] }), 'cn');
      expect(errors).toEqual([
        {
          field: 'cargo_items.0.description',
          message: expect.stringContaining('第 1 行品名只能填写英文（自动转为大写）'),
        },
      ]);
    });

    it('refuses a ready date in the past but accepts today anywhere on earth', async () => {
      expect(await refused(fcl({ ready_date: day(-2) }))).toEqual([
        { field: 'ready_date', message: 'The cargo ready date cannot be before today' },
      ]);
      expect((await create(fcl({ ready_date: day(0) }))).status).toBe(200);
      expect(await refused(fcl({ ready_date: '2026-02-30' }))).toEqual([
        expect.objectContaining({ field: 'ready_date' }),
      ]);
    });

    it('limits the remark to 255 characters', async () => {
      expect(await refused(fcl({ remark: 'x'.repeat(256) }))).toEqual([
        { field: 'remark', message: 'Remark cannot be longer than 255 characters' },
      ]);
      expect((await create(fcl({ remark: 'x'.repeat(255) }))).status).toBe(200);
    });

    it('checks HS codes, container numbers (ISO 6346) and numbered lines', async () => {
      expect(await refused(fcl({ containers: [containerLine({ hs_code: '12345' })] }))).toEqual([
        {
          field: 'containers.0.commodities.0.hs_codes.0',
          message: 'HS codes (row 1, commodity 1) must have 6 to 10 digits',
        },
      ]);
      expect(await refused(fcl({ containers: [containerLine({ hs_code: '12345678901' })] }))).toHaveLength(1);
      // Not needed to book: an empty or missing HS code is taken, as ''.
      const noHs = await created(lcl({ cargo_items: [cargoLine({ hs_code: '' })] }));
      expect(noHs.cargo_items[0]?.hs_code).toBe('');
      const { hs_code: _omitted, ...lineWithoutHs } = containerLine();
      expect((await created(fcl({ containers: [lineWithoutHs] }))).containers[0]?.hs_code).toBe('');
      expect(
        await refused(fcl({ containers: [containerLine({ container_no: 'CSQU3054384', quantity: 1 })] })),
      ).toEqual([{ field: 'containers.0.container_no', message: expect.stringContaining('ISO 6346') }]);
      expect(
        await refused(fcl({ containers: [containerLine({ container_no: 'CSQU3054383', quantity: 2 })] })),
      ).toEqual([{ field: 'containers.0.quantity', message: expect.stringContaining('quantity must be 1') }]);
      const numbered = await created(
        fcl({ containers: [containerLine({ container_no: 'csqu 3054383', quantity: 1 })] }),
      );
      expect(numbered.containers[0]?.container_no).toBe('CSQU3054383');
    });

    it('checks weights, volumes, packages and quantities', async () => {
      // A line sent flat is its one commodity: its cargo's problems are named there.
      for (const [line, field] of [
        [{ weight: 0 }, 'commodities.0.weight'],
        [{ weight: '1000000.001' }, 'commodities.0.weight'],
        [{ weight: '1.2345' }, 'commodities.0.weight'],
        [{ volume: -1 }, 'commodities.0.volume'],
        [{ volume: '100001' }, 'commodities.0.volume'],
        [{ packages: 0 }, 'commodities.0.packages'],
        [{ packages: 1.5 }, 'commodities.0.packages'],
        [{ quantity: 0 }, 'quantity'],
        [{ quantity: 1001 }, 'quantity'],
      ] as const) {
        const errors = await refused(fcl({ containers: [containerLine(line)] }));
        expect(
          errors.map((e) => e.field),
          JSON.stringify(line),
        ).toEqual([`containers.0.${field}`]);
      }
      expect(
        (await create(fcl({ containers: [containerLine({ weight: '1000000', volume: '100000' })] }))).status,
      ).toBe(200);
    });

    it('says an empty number of a line is required, naming the field and the row, in both languages', async () => {
      for (const empty of ['', ' ', null]) {
        expect(
          await incomplete(fcl({ containers: [containerLine({ packages: empty, quantity: empty })] })),
          JSON.stringify(empty),
        ).toEqual([{ field: 'containers.0.quantity', message: 'Quantity (row 1) is required' }]);
        // Packages may follow with the instructions, but a package code is not given without a count.
        expect(await incomplete(fcl({ containers: [containerLine({ packages: empty })] }))).toEqual([
          {
            field: 'containers.0.commodities.0.packages',
            message: 'Packages (row 1, commodity 1) are required',
          },
        ]);
      }
      const { packages: _none, unit_id: _unit, volume: _volume, ...weightOnly } = containerLine();
      const submitted = await api(
        'member',
        'POST',
        '/api/order/booking?submit=true',
        fcl({ containers: [weightOnly] }),
      );
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const { packages: _p, weight: _w, ...withoutThem } = cargoLine();
      expect(await incomplete(lcl({ cargo_items: [cargoLine(), withoutThem] }), 'cn')).toEqual([
        { field: 'cargo_items.1.packages', message: '请填写第 2 行件数' },
        { field: 'cargo_items.1.weight', message: '请填写第 2 行毛重（KG）' },
      ]);
      expect(await incomplete(lcl({ cargo_items: [cargoLine({ weight: '', volume: ' ' })] }))).toEqual([
        { field: 'cargo_items.0.weight', message: 'Gross weight (KG) (row 1) is required' },
        { field: 'cargo_items.0.volume', message: 'Volume (CBM) (row 1) is required' },
      ]);
      // A number that is there but wrong keeps its own message.
      expect(await refused(fcl({ containers: [containerLine({ packages: 'ten' })] }))).toEqual([
        {
          field: 'containers.0.commodities.0.packages',
          message: 'Packages (row 1, commodity 1) has the wrong format',
        },
      ]);
      expect(
        (await create(fcl({ containers: [containerLine({ packages: '12', quantity: '3' })] }))).status,
      ).toBe(200);
    });

    it('lets any member address any forwarder listed in the shipper alliance directory', async () => {
      // The member holds neither quote_forwarder (the /forwarder list) nor a quote of the forwarder.
      expect((await api('member', 'GET', '/api/forwarder?page=1&size=10')).status).toBe(403);
      const listed = await api<ListData<{ id: number; company1: string }>>(
        'member',
        'GET',
        '/api/shipper?page=1&size=50&company=FWDB',
      );
      const forwarder = listed.body.data.lists.find((s) => s.company1 === 'FWDB CO');
      expect(forwarder?.id).toBe(users.fwdB?.id);
      const booking = await created(fcl({ forwarder_id: forwarder?.id }));
      expect(booking).toMatchObject({ forwarder_id: users.fwdB?.id, forwarder_name: 'fwdB公司' });
      // A draft is the member's alone: fwdB sees it once it is submitted (see "drafts").
      const received = await api<ListData<BookingRow>>(
        'fwdB',
        'GET',
        `/api/forwarder/order?keyword=${booking.order_no}`,
      );
      expect(received.body.data.total).toBe(0);
      // fwdB's list is counted further down: leave it as it was.
      expect((await api('member', 'DELETE', `/api/order/${booking.id}`)).status).toBe(200);
    });

    it('needs lines of the booking’s own mode, at most 200', async () => {
      expect(await incomplete(fcl({ containers: [] }))).toEqual([
        { field: 'containers', message: 'Please add at least one container' },
      ]);
      expect(await incomplete(lcl({ cargo_items: [] }))).toEqual([
        { field: 'cargo_items', message: 'Please add at least one cargo line' },
      ]);
      expect(await refused(lcl({ containers: [containerLine()] }))).toEqual([
        expect.objectContaining({ field: 'containers' }),
      ]);
      expect(await refused(lcl({ cargo_items: Array.from({ length: 201 }, () => cargoLine()) }))).toEqual([
        expect.objectContaining({
          field: 'cargo_items',
          message: 'Cargo lines cannot have more than 200 items',
        }),
      ]);
      expect(await refused(fcl({ container_mode: 3 }))).toEqual([
        expect.objectContaining({ field: 'container_mode' }),
      ]);
    });

    it('checks every reference id, the package unit and the Incoterm', async () => {
      const errors = await refused(
        fcl({
          pol_id: 999_999,
          carrier_id: 999_999,
          incoterm: 'XYZ',
          containers: [containerLine({ container_id: 999_999, unit_id: ref.kgm })],
        }),
      );
      expect(errors.map((e) => e.field).sort()).toEqual(
        [
          'carrier_id',
          'containers.0.container_id',
          'containers.0.commodities.0.unit_id',
          'incoterm',
          'pol_id',
        ].sort(),
      );
    });

    it('needs a forwarder that takes bookings, and not oneself', async () => {
      expect(await incomplete(fcl({ forwarder_id: null }))).toEqual([
        { field: 'forwarder_id', message: 'Please select a forwarder, or book from a quote' },
      ]);
      expect(await refused(fcl({ forwarder_id: users.other?.id }))).toEqual([
        { field: 'forwarder_id', message: 'Forwarder is not a forwarder that takes bookings' },
      ]);
      expect(await refused(fcl({ forwarder_id: 999_999 }))).toHaveLength(1);
      const self = await create(
        fcl({
          shipper_id: contact.plainShipper,
          consignee_id: contact.plainShipper,
          forwarder_id: users.plain?.id,
        }),
        'plain',
      );
      expect(self.status).toBe(400);
    });

    it('refuses unknown fields', async () => {
      expect(await refused(fcl({ status: 5 }))).toEqual([expect.objectContaining({ field: 'status' })]);
    });
  });

  describe('drafts keep what was typed', () => {
    it('saves a draft with only a shipper, reads it back everywhere, and keeps it from the forwarder', async () => {
      const saved = await create({ container_mode: 1, shipper_id: contact.shipper }, 'member', 'en');
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const draft = saved.body.data;
      expect(draft).toMatchObject({
        status: 0,
        shipper_id: contact.shipper,
        shipper: expect.objectContaining({ company1: 'SHIPPER TRADING CO., LTD' }),
        consignee_id: null,
        forwarder_id: null,
        ready_date: null,
        incoterm: '',
        pol_id: null,
        pod_id: null,
        to_id: null,
        pol_name: '',
        containers: [],
        totals: expect.objectContaining({ weight: '0.000', packages: 0 }),
      });
      const form = await api<BookingForm>('member', 'GET', `/api/order/booking/${draft.id}`);
      expect(form.status).toBe(200);
      expect(form.body.data).toMatchObject({ shipper_id: contact.shipper, pol_id: null, incoterm: '' });
      const listed = await api<ListData<BookingRow>>('member', 'GET', `/api/order?keyword=${draft.order_no}`);
      expect(listed.body.data.lists).toEqual([
        expect.objectContaining({ id: draft.id, pol_name: '', to_name: '', forwarder_name: '' }),
      ]);
      expect(
        (await api<BookingDocking>('member', 'GET', `/api/order/docking/${draft.id}`)).body.data,
      ).toMatchObject({ forwarder: null });
      const sheet = await t.app.inject({
        method: 'GET',
        url: `/api/order/export?keyword=${draft.order_no}`,
        headers: { ...as('member'), lang: 'en' },
      });
      expect(sheet.statusCode).toBe(200);
      // A line begun in a draft, with only its container type: kept, its empty figures empty.
      const begun = await api('member', 'PUT', `/api/order/booking/${draft.id}`, {
        container_mode: 1,
        shipper_id: contact.shipper,
        forwarder_id: users.fwdA?.id,
        containers: [{ container_id: ref.gp40, packages: '', weight: null }],
      });
      expect(begun.status, JSON.stringify(begun.body)).toBe(200);
      expect(begun.body.data.containers).toEqual([
        expect.objectContaining({
          container_id: ref.gp40,
          packages: null,
          unit_id: null,
          weight: '',
          quantity: 1,
        }),
      ]);
      // Addressed to fwdA, still a draft: fwdA neither lists nor reads it.
      expect((await api('fwdA', 'GET', `/api/forwarder/order/${draft.id}`)).status).toBe(404);
      const theirs = await api<ListData<BookingRow>>(
        'fwdA',
        'GET',
        `/api/forwarder/order?keyword=${draft.order_no}`,
      );
      expect(theirs.body.data.total).toBe(0);
      expect((await api('member', 'DELETE', `/api/order/${draft.id}`)).status).toBe(200);
    });

    it('still refuses bad formats in a draft, naming the field', async () => {
      const bad = await create(
        {
          container_mode: 1,
          shipper_id: contact.shipper,
          pol_id: 'abc',
          ready_date: '2026-02-30',
          containers: [{ container_id: ref.gp40, weight: '1.2345' }],
        },
        'member',
        'en',
      );
      expect(bad.status).toBe(400);
      expect((bad.body.errors ?? []).map((e) => e.field).sort()).toEqual(
        ['containers.0.commodities.0.weight', 'pol_id', 'ready_date'].sort(),
      );
      const notMine = await create({ container_mode: 1, shipper_id: contact.otherShipper }, 'member', 'en');
      expect(notMine.status).toBe(400);
      expect(notMine.body.errors).toEqual([
        { field: 'shipper_id', message: 'Shipper: please choose a contact from your contact book' },
      ]);
      const unknownPort = await create({ container_mode: 2, shipper_id: contact.shipper, pod_id: 999_999 });
      expect(unknownPort.status).toBe(400);
      expect(unknownPort.body.errors).toEqual([expect.objectContaining({ field: 'pod_id' })]);
      expect((await create({ shipper_id: contact.shipper })).status).toBe(400);
    });

    it('refuses to submit the draft (422) naming what is missing, in both languages, until it is filled', async () => {
      const draft = await created({ container_mode: 2, shipper_id: contact.shipper });
      const en = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'en');
      expect(en.status).toBe(422);
      expect(en.body.errors).toEqual([
        { field: 'forwarder_id', message: 'Please select a forwarder, or book from a quote' },
        expect.objectContaining({ field: 'ready_date' }),
        expect.objectContaining({ field: 'incoterm' }),
        expect.objectContaining({ field: 'pol_id' }),
        expect.objectContaining({ field: 'pod_id' }),
        expect.objectContaining({ field: 'to_id' }),
        { field: 'cargo_items', message: 'Please add at least one cargo line' },
      ]);
      expect(en.body.msg).toBe('Please select a forwarder, or book from a quote');
      const cn = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'cn');
      expect(cn.status).toBe(422);
      expect(cn.body.errors?.[0]).toEqual({ field: 'forwarder_id', message: '请选择货代，或从报价订舱' });
      // A line begun but not finished is named field by field, with its row.
      await api(
        'member',
        'PUT',
        `/api/order/booking/${draft.id}`,
        lcl({ cargo_items: [{ hs_code: '940360' }] }),
      );
      const lines = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'en');
      expect(lines.status).toBe(422);
      expect((lines.body.errors ?? []).map((e) => e.field)).toEqual([
        'cargo_items.0.description',
        'cargo_items.0.packages',
        'cargo_items.0.unit_id',
        'cargo_items.0.weight',
        'cargo_items.0.volume',
      ]);
      expect(lines.body.errors?.[1]?.message).toBe('Packages (row 1) are required');
      const still = await api<BookingDetail>('member', 'GET', `/api/order/${draft.id}`);
      expect(still.body.data.status).toBe(0);
      expect((await api('member', 'PUT', `/api/order/booking/${draft.id}`, lcl())).status).toBe(200);
      const submitted = await api('member', 'POST', `/api/order/${draft.id}/submit`);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body.data.status).toBe(1);
      expect((await api('fwdA', 'GET', `/api/forwarder/order/${draft.id}`)).status).toBe(200);
    });
  });

  describe('edit, delete and copy', () => {
    it('edits a draft (lines replaced, totals recomputed) and refuses once submitted', async () => {
      const booking = await created(fcl());
      // An FCL booking stays FCL: turning it into LCL would drop its containers.
      const switched = await api('member', 'PUT', `/api/order/booking/${booking.id}`, lcl(), 'en');
      expect(switched.status).toBe(409);
      expect(switched.body.msg).toBe(
        'A booking cannot change between FCL and LCL: copy it or create a new one',
      );
      const changed = await api(
        'member',
        'PUT',
        `/api/order/booking/${booking.id}`,
        fcl({ cust_ref_no: 'NEW REF' }),
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({ container_mode: 1, cust_ref_no: 'NEW REF', cargo_items: [] });
      const bad = await api(
        'member',
        'PUT',
        `/api/order/booking/${booking.id}`,
        fcl({ ready_date: day(-5) }),
      );
      expect(bad.status).toBe(400);
      expect((await api('member', 'POST', `/api/order/${booking.id}/submit`)).status).toBe(200);
      const locked = await api('member', 'PUT', `/api/order/booking/${booking.id}`, lcl(), 'en');
      expect(locked.status).toBe(409);
      expect(locked.body.msg).toBe(`Cannot edit: booking ${booking.order_no} is “Awaiting space release”`);
      const lockedCn = await api('member', 'PUT', `/api/order/booking/${booking.id}`, lcl(), 'cn');
      expect(lockedCn.body.msg).toBe(`无法修改：订舱 ${booking.order_no} 当前状态为“待放舱”`);
      const after = await api('member', 'GET', `/api/order/${booking.id}`);
      expect(after.body.data.cust_ref_no).toBe('NEW REF');
    });

    it('keeps a draft its owner’s alone until it is submitted, then shows and mails it to the forwarder', async () => {
      const draft = await created(fcl({ cust_ref_no: 'DRAFT ONLY' }));
      expect(draft).toMatchObject({ status: 0, state: 'pending', status_name: '草稿' });
      const mine = await api<ListData<BookingRow>>('member', 'GET', `/api/order?keyword=${draft.order_no}`);
      expect(mine.body.data.lists.map((r) => [r.status, r.status_name])).toEqual([[0, '草稿']]);
      const theirs = async () =>
        (await api<ListData<BookingRow>>('fwdA', 'GET', `/api/forwarder/order?keyword=${draft.order_no}`))
          .body.data.total;
      expect(await theirs()).toBe(0);
      for (const [method, url] of [
        ['GET', `/api/forwarder/order/${draft.id}`],
        ['GET', `/api/order/docking/${draft.id}`],
        ['GET', `/api/order/document/${draft.id}`],
        ['POST', `/api/forwarder/order/${draft.id}/accept`],
        ['POST', `/api/forwarder/order/${draft.id}/release`],
      ] as const) {
        const reply = await api('fwdA', method, url, method === 'POST' ? release() : undefined);
        expect(reply.status, `${method} ${url}`).toBe(404);
      }
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/forwarder/order/export',
        headers: as('fwdA'),
      });
      expect(exported.statusCode).toBe(200);
      const exportedBook = XLSX.read(exported.rawPayload, { type: 'buffer' });
      const exportedText = JSON.stringify(
        XLSX.utils.sheet_to_json(exportedBook.Sheets[exportedBook.SheetNames[0] ?? ''] as XLSX.WorkSheet),
      );
      expect(exportedText.length).toBeGreaterThan(2);
      expect(exportedText).not.toContain(draft.order_no);

      const submitted = await api<BookingDetail>('member', 'POST', `/api/order/${draft.id}/submit`);
      expect(submitted.status).toBe(200);
      expect(submitted.body.data).toMatchObject({ status: 1, status_name: '待放舱', actions: ['cancel'] });
      expect(await theirs()).toBe(1);
      const again = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'en');
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(
        `Cannot submit the booking: booking ${draft.order_no} is “Awaiting space release”`,
      );
      // Saved and submitted in one call: one transaction, straight to the forwarder.
      const direct = await api<BookingDetail>('member', 'POST', '/api/order/booking?submit=true', fcl());
      expect(direct.body.data).toMatchObject({ status: 1 });
      expect(direct.body.data.history.map((h) => h.action)).toEqual(['create', 'submit']);
      const refused = await api('member', 'POST', '/api/order/booking?submit=yes', fcl());
      expect(refused.status).toBe(400);
    });

    it('deletes only a draft', async () => {
      const booking = await created(lcl());
      const accepted = await bookingAt(1);
      const refused = await api('member', 'DELETE', `/api/order/${accepted.id}`, undefined, 'en');
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain('Cannot delete');
      expect((await api('member', 'DELETE', `/api/order/${booking.id}`)).body.data).toEqual({ deleted: 1 });
      expect((await api('member', 'GET', `/api/order/${booking.id}`)).status).toBe(404);
      expect((await api('member', 'DELETE', `/api/order/${booking.id}`)).status).toBe(404);
    });

    it('copies into a new draft, mailing nobody; a passed ready date is cleared and must be set before submitting', async () => {
      const original = await bookingAt(2);
      const copy = await api('member', 'POST', `/api/order/${original.id}/copy`, undefined, 'en');
      expect(copy.status, JSON.stringify(copy.body)).toBe(200);
      expect(copy.body.data).toMatchObject({
        status: 0,
        ready_date: day(3),
        // The customer reference names one order: the copy is another shipment.
        cust_ref_no: '',
        totals: original.totals,
        schedule: expect.objectContaining({ so_no: '', vessel: '' }),
        documents: [],
      });
      expect(copy.body.data.order_no).not.toBe(original.order_no);
      // Container and seal numbers belong to the original shipment.
      const copied = copy.body.data.containers as { container_no: string; seal_no: string }[];
      expect(copied.length).toBeGreaterThan(0);
      expect(copied.every((line) => line.container_no === '' && line.seal_no === '')).toBe(true);
      expect(copy.body.data.history).toEqual([
        expect.objectContaining({ action: 'copy', reason: `Copied from ${original.order_no}` }),
      ]);
      await t.database.db.execute(
        sql`update bookings set ready_date = ${day(-10)} where id = ${original.id}`,
      );
      const stale = await api('member', 'POST', `/api/order/${original.id}/copy`);
      expect(stale.body.data.ready_date).toBeNull();
      // A draft is not the forwarder's to see, let alone accept.
      expect((await fwd('fwdA', stale.body.data.id, 'accept')).status).toBe(404);
      const submit = await api('member', 'POST', `/api/order/${stale.body.data.id}/submit`, undefined, 'en');
      expect(submit.status).toBe(409);
      expect(submit.body.msg).toContain('has no cargo ready date');
      const fixed = await api('member', 'PUT', `/api/order/booking/${stale.body.data.id}?submit=true`, fcl());
      expect(fixed.status).toBe(200);
      expect(fixed.body.data.status).toBe(1);
      expect((await fwd('fwdA', stale.body.data.id, 'accept')).status).toBe(200);
    });
  });

  describe('the life of a booking', () => {
    it('runs 0 → 1 (submitted, accepted) → 2 → 3 → 5 with the timeline, the schedule and the liaison', async () => {
      const booking = await created(fcl());
      const submitted1 = await api<BookingDetail>('member', 'POST', `/api/order/${booking.id}/submit`);
      expect(submitted1.body.data).toMatchObject({ status: 1, state: 'pending', actions: ['cancel'] });
      const waiting = await api<BookingDetail>('fwdA', 'GET', `/api/forwarder/order/${booking.id}`);
      expect(waiting.body.data).toMatchObject({ accepted_at: null, actions: ['accept', 'release', 'void'] });
      const accepted = await fwd('fwdA', booking.id, 'accept');
      expect(accepted.body.data).toMatchObject({
        status: 1,
        state: 'confirmed',
        actions: ['release', 'void'],
      });
      expect(Date.parse(accepted.body.data.accepted_at ?? '')).not.toBeNaN();
      const twice = await fwd('fwdA', booking.id, 'accept', undefined, 'en');
      expect(twice.status).toBe(409);
      const badRelease = await fwd('fwdA', booking.id, 'release', release({ so_no: '', eta: day(5) }), 'en');
      expect(badRelease.status).toBe(400);
      expect(badRelease.body.errors?.map((e) => e.field).sort()).toEqual(['eta', 'so_no']);
      const badOrder = await fwd('fwdA', booking.id, 'release', release({ eta: day(5) }), 'en');
      expect(badOrder.body.errors).toEqual([{ field: 'eta', message: 'ETA cannot be before ETD' }]);
      const badCutoff = await fwd(
        'fwdA',
        booking.id,
        'release',
        release({ si_cutoff: `${day(11)} 10:00` }),
        'en',
      );
      expect(badCutoff.body.errors).toEqual([
        { field: 'si_cutoff', message: 'SI cut-off cannot be after the ETD' },
      ]);
      expect(
        (await fwd('fwdA', booking.id, 'release', release({ cy_cutoff: '2026-13-01 10:00' }))).status,
      ).toBe(400);
      expect((await fwd('fwdA', booking.id, 'release', { ...release(), vessel: undefined })).status).toBe(
        400,
      );
      const released = await fwd('fwdA', booking.id, 'release', release());
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      expect(released.body.data.schedule).toEqual({
        so_no: 'SO123456',
        bl_no: '',
        carrier_name: '马士基',
        vessel: 'MAERSK EINDHOVEN',
        voyage: '612W',
        etd: day(10),
        eta: day(40),
        // Shanghai's wall clock as given, at its offset; customs (截关) and VGM cut-offs too.
        si_cutoff: `${day(8)}T12:00:00+08:00`,
        cy_cutoff: `${day(9)}T17:30:00+08:00`,
        customs_cutoff: `${day(9)}T12:00:00+08:00`,
        vgm_cutoff: `${day(8)}T18:00:00+08:00`,
        time_zone: 'Asia/Shanghai',
        // Depot and terminal are optional: none given here.
        pickup_depot: '',
        return_terminal: '',
      });
      const lateVgm = await fwd(
        'fwdA',
        booking.id,
        'release',
        release({ vgm_cutoff: `${day(12)} 10:00` }),
        'en',
      );
      expect(lateVgm.body.errors).toEqual([
        { field: 'vgm_cutoff', message: 'VGM cut-off cannot be after the ETD' },
      ]);
      const docking = await api<BookingDocking>('member', 'GET', `/api/order/docking/${booking.id}`);
      expect(docking.body.data).toMatchObject({
        forwarder: {
          id: users.fwdA?.id,
          company: 'FWDA CO',
          linkman: 'Wang Fang',
          email: users.fwdA?.username,
        },
        schedule: { vessel: 'MAERSK EINDHOVEN', voyage: '612W', etd: day(10) },
      });
      const shipment = await api<BookingShipment>('member', 'GET', `/api/order/shipment/${booking.id}`);
      expect(shipment.body.data).toMatchObject({ editable: true, instructions: null, status: 2 });
      expect(shipment.body.data.booked).toEqual(booking.totals.containers);
      const submitted = await api('member', 'PUT', `/api/order/shipment/${booking.id}`, si());
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body.data).toMatchObject({ status: 3, status_color: 'green' });
      expect(submitted.body.data.shipment).toMatchObject({
        bl_type: 'telex',
        notify_party: 'SAME AS CONSIGNEE',
      });
      expect(submitted.body.data.shipment?.containers).toHaveLength(3);
      // The booked lines show the numbers the SI gave, by type (they showed "-").
      expect(
        (
          submitted.body.data.containers as {
            container_name: string;
            container_no: string;
            seal_no: string;
          }[]
        ).map((c) => [c.container_name, c.container_no, c.seal_no]),
      ).toEqual([
        ['40GP', `${containerNumber('MSK', 100)}, ${containerNumber('MSK', 200)}`, 'ML123'],
        ['20GP', containerNumber('MSK', 300), ''],
      ]);
      const after = await api<BookingShipment>('member', 'GET', `/api/order/shipment/${booking.id}`);
      expect(after.body.data.editable).toBe(false);
      const noBl = await fwd('fwdA', booking.id, 'ship', { bl_no: '' });
      expect(noBl.status).toBe(400);
      const shipped = await fwd('fwdA', booking.id, 'ship', { bl_no: 'maeu123456789' });
      expect(shipped.body.data).toMatchObject({ status: 5, state: 'completed', actions: [] });
      expect(shipped.body.data.schedule.bl_no).toBe('MAEU123456789');
      const timeline = (await api('fwdA', 'GET', `/api/forwarder/order/${booking.id}`, undefined, 'en')).body
        .data.history;
      expect(timeline.map((h) => [h.action, h.from_status, h.to_status, h.actor])).toEqual([
        ['create', null, 0, 'member'],
        ['submit', 0, 1, 'member'],
        ['accept', 1, 1, 'forwarder'],
        ['release', 1, 2, 'forwarder'],
        ['submit_si', 2, 3, 'member'],
        ['ship', 3, 5, 'forwarder'],
      ]);
      expect(timeline[1]).toMatchObject({ from_name: 'Draft', to_name: 'Awaiting space release' });
      expect(timeline[2]).toMatchObject({ from_name: 'Awaiting space release', actor_name: 'FWDA CO' });
      expect(timeline.every((h) => !Number.isNaN(Date.parse(h.create_time)))).toBe(true);
    });

    describe('refuses every transition from a status it does not start from', () => {
      type Status = 0 | 1 | 2 | 3 | 5 | 40;
      const at = {} as Record<Status, BookingDetail>;
      beforeAll(async () => {
        for (const status of [0, 1, 2, 3, 5] as const) at[status] = await bookingAt(status);
        at[40] = await bookingAt(1);
        expect((await fwd('fwdA', at[40].id, 'void', { reason: 'NO SPACE' })).status).toBe(200);
      });
      /** A refusal writes nothing: the booking keeps its status. */
      const unchanged = async (status: Status) => {
        const now = await api('member', 'GET', `/api/order/${at[status].id}`);
        expect(now.body.data.status).toBe(status);
      };

      const bodies: Record<string, object | undefined> = {
        accept: undefined,
        release: release(),
        'confirm-si': {},
        ship: { bl_no: 'BL1' },
        void: { reason: 'X' },
      };
      // The statuses each forwarder action starts from (at1 is accepted already: accept is taken once).
      const allowed: Record<string, number[]> = {
        accept: [],
        release: [1],
        'confirm-si': [2],
        ship: [3],
        void: [1, 2, 3],
      };
      const refused = Object.entries(allowed).flatMap(([action, from]) =>
        ([1, 2, 3, 5, 40] as const)
          .filter((status) => !from.includes(status))
          .map((status) => ({ action, status })),
      );

      it.each(refused)(
        'refuses the forwarder’s $action at status $status with 409, naming the status',
        async ({ action, status }) => {
          const reply = await fwd('fwdA', at[status].id, action, bodies[action], 'en');
          expect(reply.status).toBe(409);
          expect(reply.body.msg).toMatch(new RegExp(`^Cannot .+: booking ${at[status].order_no} is “.+”$`));
          await unchanged(status);
        },
      );

      it.each(Object.keys(allowed))(
        'answers the forwarder’s %s on a draft with 404: a draft is not theirs',
        async (action) => {
          const reply = await fwd('fwdA', at[0].id, action, bodies[action], 'en');
          expect(reply.status).toBe(404);
          await unchanged(0);
        },
      );

      it.each([0, 1, 3, 5, 40] as const)('refuses shipping instructions at status %i', async (status) => {
        const reply = await api('member', 'PUT', `/api/order/shipment/${at[status].id}`, si(), 'en');
        expect(reply.status).toBe(409);
        await unchanged(status);
      });

      // A draft is deleted, not cancelled.
      it.each([0, 5, 40] as const)('refuses the member’s cancel at status %i', async (status) => {
        const reply = await api(
          'member',
          'POST',
          `/api/order/${at[status].id}/cancel`,
          { reason: 'X' },
          'en',
        );
        expect(reply.status).toBe(409);
        await unchanged(status);
      });

      it('names the status when refusing to cancel a cancelled booking', async () => {
        const reply = await api('member', 'POST', `/api/order/${at[40].id}/cancel`, { reason: 'X' }, 'en');
        expect(reply.body.msg).toBe(`Cannot cancel the booking: booking ${at[40].order_no} is “Cancelled”`);
      });
    });

    it.each([1, 2, 3] as const)('lets the member cancel at status %i', async (status) => {
      const booking = await bookingAt(status);
      const reply = await api('member', 'POST', `/api/order/${booking.id}/cancel`, { reason: 'X' }, 'en');
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data).toMatchObject({ status: 40, state: 'cancelled' });
    });

    it('lets the forwarder confirm SI received outside the portal (2 → 3)', async () => {
      const booking = await bookingAt(2);
      const confirmed = await fwd('fwdA', booking.id, 'confirm-si', { reason: 'SI BY EMAIL' });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.data).toMatchObject({ status: 3, shipment: null });
      expect(confirmed.body.data.history.at(-1)).toMatchObject({
        action: 'confirm_si',
        reason: 'SI BY EMAIL',
      });
      const noBody = await bookingAt(2);
      const bare = await fwd('fwdA', noBody.id, 'confirm-si');
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    });

    it('checks shipping instructions against what was booked', async () => {
      const booking = await bookingAt(2);
      const put = (body: object) => api('member', 'PUT', `/api/order/shipment/${booking.id}`, body, 'en');
      expect((await put(si({ containers: [] }))).body.errors).toEqual([
        { field: 'containers', message: 'Please give the number of at least one stuffed container' },
      ]);
      // Marks take the usual B/L punctuation ("N/M", "#", "&") but nothing a carrier cannot print.
      expect((await put(si({ marks: '唛头', containers: [] }))).body.errors).toContainEqual({
        field: 'marks',
        message: 'Marks and numbers may contain only English letters, digits and common punctuation',
      });
      const tooMany = await put(
        si({
          containers: [1, 2, 3].map((n) => ({
            container_id: ref.gp40,
            container_no: containerNumber('ABC', n),
            ...figures,
          })),
        }),
      );
      expect(tooMany.body.errors).toEqual([
        { field: 'containers.2.container_id', message: 'More 40GP containers than booked (2)' },
      ]);
      const unbooked = await put(
        si({ containers: [{ container_id: ref.hq40, container_no: containerNumber('ABC', 9), ...figures }] }),
      );
      expect(unbooked.body.errors?.[0]?.field).toBe('containers.0.container_id');
      const twice = containerNumber('ABC', 5);
      const duplicate = await put(
        si({
          containers: [
            { container_id: ref.gp40, container_no: twice, ...figures },
            { container_id: ref.gp40, container_no: twice, ...figures },
          ],
        }),
      );
      expect(duplicate.body.errors).toEqual([
        { field: 'containers.1.container_no', message: `Container number ${twice} appears twice` },
      ]);
      const badNo = await put(
        si({
          containers: [
            {
              container_id: ref.gp40,
              container_no: `${containerNumber('ABC', 7).slice(0, 10)}${(Number(containerNumber('ABC', 7).slice(10)) + 1) % 10}`,
              ...figures,
            },
          ],
        }),
      );
      expect(badNo.body.errors?.[0]?.field).toBe('containers.0.container_no');
      expect((await put(si({ description: '' }))).status).toBe(400);
      expect((await api('member', 'GET', `/api/order/${booking.id}`)).body.data.status).toBe(2);
      const lclBooking = await bookingAt(2, lcl());
      const lclWithContainers = await api(
        'member',
        'PUT',
        `/api/order/shipment/${lclBooking.id}`,
        si(),
        'en',
      );
      expect(lclWithContainers.body.errors?.[0]?.message).toBe(
        'Shipping instructions of an LCL booking have no container numbers',
      );
      const lclOk = await api(
        'member',
        'PUT',
        `/api/order/shipment/${lclBooking.id}`,
        si({ containers: [] }),
      );
      expect(lclOk.body.data.status).toBe(3);
    });

    it('records who cancelled: the member cancels, the forwarder voids', async () => {
      const mine = await bookingAt(1);
      const noReason = await api('member', 'POST', `/api/order/${mine.id}/cancel`, { reason: ' ' }, 'en');
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors?.[0]?.field).toBe('reason');
      const cancelled = await api('member', 'POST', `/api/order/${mine.id}/cancel`, {
        reason: 'ORDER WITHDRAWN',
      });
      expect(cancelled.body.data).toMatchObject({
        status: 40,
        state: 'cancelled',
        cancelled_by: 'member',
        cancel_reason: 'ORDER WITHDRAWN',
      });
      const theirs = await bookingAt(3);
      expect((await fwd('fwdA', theirs.id, 'void', {})).status).toBe(400);
      const voided = await fwd('fwdA', theirs.id, 'void', { reason: 'VESSEL OMITTED PORT' });
      expect(voided.body.data).toMatchObject({ status: 40, state: 'voided', cancelled_by: 'forwarder' });
      expect(voided.body.data.history.at(-1)).toMatchObject({
        action: 'void',
        from_status: 3,
        to_status: 40,
        actor: 'forwarder',
        reason: 'VESSEL OMITTED PORT',
      });
    });

    it('cancels several bookings all or nothing', async () => {
      const a = await bookingAt(1);
      const b = await bookingAt(2);
      const shipped = await bookingAt(5);
      const foreign = await created(
        fcl({ shipper_id: contact.plainShipper, consignee_id: contact.plainShipper }),
        'plain',
      );
      const status = async (id: number) => (await api('member', 'GET', `/api/order/${id}`)).body.data.status;
      const notMine = await api(
        'member',
        'PUT',
        '/api/order/cancel',
        { ids: [a.id, foreign.id], reason: 'X' },
        'en',
      );
      expect(notMine.status).toBe(404);
      expect(notMine.body.msg).toBe('Some bookings do not exist or are not yours; nothing was cancelled');
      const withShipped = await api(
        'member',
        'PUT',
        '/api/order/cancel',
        { ids: [a.id, shipped.id], reason: 'X' },
        'en',
      );
      expect(withShipped.status).toBe(409);
      expect(withShipped.body.msg).toContain(shipped.order_no);
      expect(await status(a.id)).toBe(1);
      expect((await api('member', 'PUT', '/api/order/cancel', { ids: [], reason: 'X' })).status).toBe(400);
      expect((await api('member', 'PUT', '/api/order/cancel', { ids: [a.id] })).status).toBe(400);
      const ok = await api<{ cancelled: number }>('member', 'PUT', '/api/order/cancel', {
        ids: [a.id, b.id, a.id],
        reason: 'PLAN CHANGED',
      });
      expect(ok.body.data).toEqual({ cancelled: 2 });
      expect([await status(a.id), await status(b.id)]).toEqual([40, 40]);
      const history = (await api('member', 'GET', `/api/order/${b.id}`)).body.data.history.at(-1);
      expect(history).toMatchObject({ action: 'cancel', from_status: 2, reason: 'PLAN CHANGED' });
    });
  });

  describe('lists, filters and export', () => {
    let filterMember: string;
    const made: BookingDetail[] = [];
    beforeAll(async () => {
      filterMember = 'filters';
      const username = uniqueEmail('filters').toLowerCase();
      const reply = await register(
        t.app,
        registrationForm({ username, company1: 'FILTERS CO', company2: '' }),
      );
      users.filters = { token: reply.body.data.token, username, id: reply.body.data.id };
      const contactReply = await call<Envelope<{ id: number }>>(t.app, {
        method: 'POST',
        url: '/api/customer/contact',
        headers: as('filters'),
        payload: { company1: 'F CO', linkman: 'F', address1: 'A', city: 'C', country_id: 1, phone: '123' },
      });
      const c = contactReply.body.data.id;
      const base = { shipper_id: c, consignee_id: c };
      const specs = [
        fcl({ ...base, cust_ref_no: 'ALPHA-1', pol_id: ref.sha, to_id: ref.rtm, carrier_id: ref.maersk }),
        fcl({ ...base, cust_ref_no: 'BETA-2', pol_id: ref.ngb, to_id: ref.ham, carrier_id: ref.cosco }),
        lcl({
          ...base,
          cust_ref_no: '-FORMULA',
          pol_id: ref.sha,
          to_id: ref.lax,
          carrier_id: null,
          forwarder_id: users.fwdB?.id,
        }),
      ];
      for (const spec of specs) {
        const r = await api('filters', 'POST', '/api/order/booking?submit=true', spec);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        made.push(r.body.data);
      }
      const [first, second] = made;
      if (!first || !second) throw new Error('setup failed');
      await fwd('fwdA', first.id, 'accept');
      await fwd(
        'fwdA',
        first.id,
        'release',
        release({ vessel: 'EVER GIVEN', voyage: '001E', etd: day(10), eta: day(30) }),
      );
      await fwd('fwdA', second.id, 'accept');
      await fwd(
        'fwdA',
        second.id,
        'release',
        release({ vessel: 'COSCO SHIPPING ARIES', voyage: '052W', etd: day(20), eta: day(50) }),
      );
      await call(t.app, {
        method: 'PUT',
        url: `/api/order/shipment/${second.id}`,
        headers: as('filters'),
        payload: si({
          containers: [{ container_id: ref.gp40, container_no: containerNumber('ZZZ', 1), ...figures }],
        }),
      });
      await fwd('fwdA', second.id, 'ship', { bl_no: 'COSU6300001' });
      await t.database.db.execute(
        sql`update bookings set created_at = now() - interval '40 days' where id = ${second.id}`,
      );
    });
    const list = async (query: string, name = filterMember, path = '/api/order') => {
      const reply = await api<ListData<BookingRow>>(name, 'GET', `${path}${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data;
    };
    const refs = async (query: string) => (await list(query)).lists.map((r) => r.cust_ref_no).sort();

    it('lists the member’s own bookings newest first with the first naming', async () => {
      const all = await list('');
      expect(all.total).toBe(3);
      expect(all.lists.map((r) => r.cust_ref_no)).toEqual(['-FORMULA', 'BETA-2', 'ALPHA-1']);
      expect(Object.keys(all.lists[0] ?? {}).sort()).toEqual(
        [
          'id',
          'order_no',
          'cust_ref_no',
          'status',
          'status_name',
          'state',
          'container_mode',
          'carrier_name',
          'pol_name',
          'pod_name',
          'to_name',
          'place_of_delivery',
          'vessel',
          'voyage',
          'etd',
          'eta',
          'bl_no',
          'so_no',
          'service_term',
          'requested_etd',
          'special_cargo',
          'service_contract_reference',
          'transport_document_type',
          'forwarder_name',
          'forwarder_hidden',
          'customer_name',
          'create_time',
          'update_time',
        ].sort(),
      );
      expect(all.lists.find((r) => r.cust_ref_no === 'BETA-2')).toMatchObject({
        status: 5,
        status_name: '已出运',
        bl_no: 'COSU6300001',
        so_no: 'SO123456',
        vessel: 'COSCO SHIPPING ARIES',
      });
      const paged = await list('?size=2&page=2');
      expect(paged).toMatchObject({ total: 3, lists: [expect.objectContaining({ cust_ref_no: 'ALPHA-1' })] });
      // A page past the end is empty and still tells how many there are.
      expect(await list('?size=2&page=5')).toEqual({ total: 3, lists: [] });
      expect((await api('filters', 'GET', '/api/order?size=1001')).status).toBe(400);
    });

    it('filters by every field', async () => {
      const [alpha, beta] = made;
      expect(await refs(`?keyword=${alpha?.order_no.toLowerCase()}`)).toEqual(['ALPHA-1']);
      expect(await refs('?keyword=cosu63')).toEqual(['BETA-2']);
      expect(await refs('?keyword=alpha')).toEqual(['ALPHA-1']);
      expect(await refs('?keyword=%25')).toEqual([]);
      expect(await refs('?status=5')).toEqual(['BETA-2']);
      expect(await refs('?status=1')).toEqual(['-FORMULA']);
      expect(await refs('?status=0')).toEqual([]);
      expect(await refs(`?to_id=${ref.rtm}`)).toEqual(['ALPHA-1']);
      expect(await refs(`?order_no=${beta?.order_no.slice(-6)}`)).toEqual(['BETA-2']);
      expect(await refs('?cust_ref_no=eta-')).toEqual(['BETA-2']);
      expect(await refs(`?pol_id=${ref.sha}`)).toEqual(['-FORMULA', 'ALPHA-1']);
      expect(await refs(`?carrier_id=${ref.cosco}`)).toEqual(['BETA-2']);
      expect(await refs('?container_mode=2')).toEqual(['-FORMULA']);
      expect(await refs(`?sdate=${day(-1)}`)).toEqual(['-FORMULA', 'ALPHA-1']);
      expect(await refs(`?edate=${day(-30)}`)).toEqual(['BETA-2']);
      expect(await refs(`?sdate=${day(-41)}&edate=${day(-39)}`)).toEqual(['BETA-2']);
      expect(await refs('?vessel=ever')).toEqual(['ALPHA-1']);
      expect(await refs('?voyage=052')).toEqual(['BETA-2']);
      expect(await refs(`?etd_from=${day(15)}`)).toEqual(['BETA-2']);
      expect(await refs(`?etd_to=${day(15)}`)).toEqual(['ALPHA-1']);
      expect(await refs(`?eta_from=${day(30)}&eta_to=${day(30)}`)).toEqual(['ALPHA-1']);
      expect(await refs(`?eta_to=${day(60)}&status=5&keyword=beta`)).toEqual(['BETA-2']);
      expect((await api('filters', 'GET', '/api/order?status=4')).status).toBe(400);
      expect((await api('filters', 'GET', '/api/order?etd_from=2026-99-01')).status).toBe(400);
      // The list's sdate/edate are booking dates (the rates' sdate is "valid from"): named so.
      const badFrom = await api('filters', 'GET', '/api/order?sdate=2026-02-30', undefined, 'en');
      expect(badFrom.status).toBe(400);
      expect(badFrom.body).toMatchObject({
        msg: 'Booking date from is not a valid date (YYYY-MM-DD)',
        errors: [{ field: 'sdate' }],
      });
      const badTo = await api('filters', 'GET', '/api/order?edate=x', undefined, 'cn');
      expect(badTo.body).toMatchObject({
        errors: [{ field: 'edate', message: expect.stringContaining('订舱日期止') }],
      });
    });

    it('shows the forwarder only the bookings addressed to them, with the same filters', async () => {
      const a = await list(`?keyword=${made[0]?.order_no}`, 'fwdA', '/api/forwarder/order');
      expect(a.lists).toEqual([
        expect.objectContaining({
          cust_ref_no: 'ALPHA-1',
          customer_name: 'FILTERS CO',
          forwarder_name: 'fwdA公司',
        }),
      ]);
      const b = await list('', 'fwdB', '/api/forwarder/order');
      expect(b.lists.map((r) => r.cust_ref_no)).toEqual(['-FORMULA']);
      expect((await list('?status=5&vessel=cosco', 'fwdA', '/api/forwarder/order')).lists).toHaveLength(1);
      expect((await api('filters', 'GET', '/api/forwarder/order')).status).toBe(403);
    });

    it('exports the filtered list as .xlsx with headers in the request language and formulas as text', async () => {
      const en = await t.app.inject({
        method: 'GET',
        url: `/api/order/export?pol_id=${ref.sha}`,
        headers: { ...as('filters'), lang: 'en' },
      });
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toContain('spreadsheetml');
      expect(en.headers['content-disposition']).toContain('attachment');
      const book = XLSX.read(en.rawPayload, { type: 'buffer' });
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet;
      const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
      expect(book.SheetNames).toEqual(['Bookings']);
      expect(rows[0]?.slice(0, 3)).toEqual(['Booking no.', 'Customer reference', 'Status']);
      // Text that begins like a formula is written with a leading apostrophe (OWASP).
      expect(rows.slice(1).map((r) => r[1])).toEqual(["'-FORMULA", 'ALPHA-1']);
      const formulaCell = sheet.B2 as XLSX.CellObject;
      expect(formulaCell.t).toBe('s');
      expect(formulaCell.f).toBeUndefined();
      const cn = await t.app.inject({
        method: 'GET',
        url: '/api/order/export',
        headers: { ...as('filters'), lang: 'cn' },
      });
      const cnBook = XLSX.read(cn.rawPayload, { type: 'buffer' });
      const cnRows = XLSX.utils.sheet_to_json<string[]>(
        cnBook.Sheets[cnBook.SheetNames[0] ?? ''] as XLSX.WorkSheet,
        {
          header: 1,
        },
      );
      expect(cnRows[0]?.[0]).toBe('委托编号');
      expect(cnRows).toHaveLength(4);
      const fw = await t.app.inject({
        method: 'GET',
        url: '/api/forwarder/order/export',
        headers: as('fwdB'),
      });
      expect(fw.statusCode).toBe(200);
    });
  });

  describe('documents', () => {
    let booking: BookingDetail;
    const upload = (name: string, parts: Parameters<typeof multipart>[0], lang?: Lang) => {
      const form = multipart(parts);
      return call<Envelope<{ file: BookingDocument }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        payload: form.payload,
        headers: { ...form.headers, ...as(name) },
        ...(lang ? { lang } : {}),
      });
    };
    const fields = (orderId: number, type = 'packing_list', description = '') => [
      { name: 'order_id', value: String(orderId) },
      { name: 'document_type', value: type },
      ...(description ? [{ name: 'description', value: description }] : []),
    ];
    const file = (data: Buffer, filename: string, contentType = 'application/octet-stream') => ({
      name: 'file',
      filename,
      contentType,
      data,
    });
    beforeAll(async () => {
      booking = await bookingAt(1);
    });

    it('takes pdf, images and office files by content from both sides, and lists them', async () => {
      const pdf = await upload('member', [
        ...fields(booking.id, 'packing_list', 'PL v1'),
        file(PDF, 'packing list.pdf'),
      ]);
      expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
      expect(pdf.body.data.file).toMatchObject({
        order_id: booking.id,
        document_type: 'packing_list',
        document_type_name: '装箱单',
        description: 'PL v1',
        file_name: 'packing list.pdf',
        content_type: 'application/pdf',
        uploaded_by: 'member',
        own: true,
      });
      const png = await upload('fwdA', [
        ...fields(booking.id, 'booking_confirmation'),
        file(await image('png'), 'confirmation', 'text/html'),
      ]);
      expect(png.body.data.file).toMatchObject({
        file_name: 'confirmation.png',
        content_type: 'image/png',
        uploaded_by: 'forwarder',
      });
      const jpg = await upload('member', [
        ...fields(booking.id, 'other'),
        file(await image('jpeg'), 'photo.JPG'),
      ]);
      expect(jpg.body.data.file.content_type).toBe('image/jpeg');
      const docx = await upload('member', [
        ...fields(booking.id, 'commercial_invoice'),
        file(zip({ '[Content_Types].xml': DOCX_TYPES, 'word/document.xml': '<w:document/>' }), '发票.docx'),
      ]);
      expect(docx.body.data.file).toMatchObject({
        file_name: '发票.docx',
        content_type: expect.stringContaining('wordprocessingml'),
      });
      const sheet = await upload('fwdA', [
        ...fields(booking.id, 'draft_bl'),
        file(xlsx([['A'], [1]]), 'draft.xlsx'),
      ]);
      expect(sheet.body.data.file.content_type).toContain('spreadsheetml');
      const xls = await upload('fwdA', [
        ...fields(booking.id, 'bl'),
        file(xlsx([['A'], [1]], 'xls'), 'bl.xls'),
      ]);
      expect(xls.body.data.file.content_type).toBe('application/vnd.ms-excel');

      const listed = await api<ListData<BookingDocument>>(
        'member',
        'GET',
        `/api/order/document/${booking.id}`,
        undefined,
        'en',
      );
      expect(listed.body.data.total).toBe(6);
      expect(listed.body.data.lists.map((d) => [d.document_type_name, d.own])).toEqual([
        ['Packing list', true],
        ['Booking confirmation', false],
        ['Other', true],
        ['Commercial invoice', true],
        ['Draft B/L for confirmation', false],
        ['B/L', false],
      ]);
      const forForwarder = await api<ListData<BookingDocument>>(
        'fwdA',
        'GET',
        `/api/order/document/${booking.id}`,
      );
      expect(forForwarder.body.data.lists.filter((d) => d.own)).toHaveLength(3);
      const detail = await api('fwdA', 'GET', `/api/forwarder/order/${booking.id}`);
      expect(detail.body.data.documents).toHaveLength(6);
      const one = await api<BookingDocument>('fwdA', 'GET', `/api/document/${pdf.body.data.file.id}`);
      expect(one.body.data.file_name).toBe('packing list.pdf');
    });

    it('refuses other content, empty or missing files, bad fields and files over 20 MB', async () => {
      const exe = await upload(
        'member',
        [...fields(booking.id), file(Buffer.from('MZ\x90\x00binary'), 'invoice.pdf')],
        'en',
      );
      expect(exe.status).toBe(415);
      expect(exe.body.msg).toBe('Only PDF, JPG, PNG and Office files (xlsx, xls, docx, doc) are accepted');
      const html = await upload('member', [
        ...fields(booking.id),
        file(Buffer.from('<html><script>x</script>'), 'a.png', 'image/png'),
      ]);
      expect(html.status).toBe(415);
      const otherZip = await upload('member', [
        ...fields(booking.id),
        file(zip({ 'a.txt': 'hello' }), 'a.docx'),
      ]);
      expect(otherZip.status).toBe(415);
      const missing = await upload('member', fields(booking.id), 'en');
      expect(missing.status).toBe(400);
      expect(missing.body.errors?.[0]?.field).toBe('file');
      const badType = await upload('member', [...fields(booking.id, 'passport'), file(PDF, 'a.pdf')]);
      expect(badType.status).toBe(400);
      expect(badType.body.errors?.[0]?.field).toBe('document_type');
      const noOrder = await upload('member', [{ name: 'document_type', value: 'other' }, file(PDF, 'a.pdf')]);
      expect(noOrder.body.errors?.[0]?.field).toBe('order_id');
      const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
      const tooBig = await upload('member', [...fields(booking.id), file(big, 'big.pdf')], 'en');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.msg).toBe('File size cannot exceed 20MB');
      const json = await api('member', 'POST', '/api/attachment', { order_id: booking.id });
      expect(json.status).toBe(415);
    });

    it('serves downloads as attachments with nosniff, and deletes only own uploads', async () => {
      const up = await upload('member', [
        ...fields(booking.id, 'shipping_instructions'),
        file(PDF, '托单 SI.pdf'),
      ]);
      const id = up.body.data.file.id;
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/document/download/${id}`,
        headers: as('fwdA'),
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(String(download.headers['content-disposition'])).toMatch(
        /^attachment; filename="__ SI.pdf"; filename\*=UTF-8''%E6%89%98%E5%8D%95%20SI.pdf$/,
      );
      expect(download.rawPayload.equals(PDF)).toBe(true);
      const theirs = await api('fwdA', 'DELETE', `/api/document/${id}`, undefined, 'en');
      expect(theirs.status).toBe(403);
      expect(theirs.body.msg).toBe('You can delete only documents you uploaded');
      expect((await api('member', 'DELETE', `/api/document/${id}`)).body.data).toEqual({ deleted: 1 });
      expect((await api('member', 'GET', `/api/document/${id}`)).status).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/document/download/${id}`, headers: as('member') }))
          .statusCode,
      ).toBe(404);
    });

    it('lets each side upload only its own document types, in both languages', async () => {
      const memberDraftBl = await upload(
        'member',
        [...fields(booking.id, 'draft_bl'), file(PDF, 'bl.pdf')],
        'en',
      );
      expect(memberDraftBl.status).toBe(403);
      expect(memberDraftBl.body).toMatchObject({
        code: 1,
        msg: 'Document type: “Draft B/L for confirmation” can only be uploaded by the forwarder',
        errors: [{ field: 'document_type' }],
      });
      const memberConfirmation = await upload('member', [
        ...fields(booking.id, 'booking_confirmation'),
        file(PDF, 'bc.pdf'),
      ]);
      expect(memberConfirmation.status).toBe(403);
      expect(memberConfirmation.body.msg).toBe('文件类型：“订舱确认书”只能由货代上传');
      const forwarderInvoice = await upload(
        'fwdA',
        [...fields(booking.id, 'commercial_invoice'), file(PDF, 'ci.pdf')],
        'en',
      );
      expect(forwarderInvoice.status).toBe(403);
      expect(forwarderInvoice.body.msg).toBe(
        'Document type: “Commercial invoice” can only be uploaded by the customer',
      );
      // Nothing was stored; "other" stays open to both sides.
      const before = (
        await api<ListData<BookingDocument>>('member', 'GET', `/api/order/document/${booking.id}`)
      ).body.data.total;
      for (const name of ['member', 'fwdA'])
        expect((await upload(name, [...fields(booking.id, 'other'), file(PDF, 'o.pdf')])).status).toBe(200);
      expect(
        (await api<ListData<BookingDocument>>('member', 'GET', `/api/order/document/${booking.id}`)).body.data
          .total,
      ).toBe(before + 2);
    });

    it('takes no uploads on a cancelled booking, from either side, in both languages', async () => {
      const cancelled = await bookingAt(1);
      const early = await upload('member', [...fields(cancelled.id, 'packing_list'), file(PDF, 'pl.pdf')]);
      expect(early.status).toBe(200);
      await api('member', 'POST', `/api/order/${cancelled.id}/cancel`, { reason: 'NO CARGO' });
      const member = await upload(
        'member',
        [...fields(cancelled.id, 'packing_list'), file(PDF, 'pl.pdf')],
        'en',
      );
      expect(member.status).toBe(409);
      expect(member.body.msg).toBe(
        `Booking ${cancelled.order_no} is cancelled: documents can no longer be uploaded`,
      );
      const forwarder = await upload('fwdA', [...fields(cancelled.id, 'bl'), file(PDF, 'bl.pdf')], 'cn');
      expect(forwarder.status).toBe(409);
      expect(forwarder.body.msg).toBe(`订舱 ${cancelled.order_no} 已取消，不能再上传文件`);
      // What was uploaded before stays readable.
      const detail = await api('member', 'GET', `/api/order/${cancelled.id}`);
      expect(detail.body.data.documents.map((d) => d.file_name)).toEqual(['pl.pdf']);
      // A shipped booking still takes the forwarder's B/L.
      const shipped = await bookingAt(5);
      expect((await upload('fwdA', [...fields(shipped.id, 'bl'), file(PDF, 'bl.pdf')])).status).toBe(200);
    });

    it('removes the documents with a deleted status-0 booking', async () => {
      const fresh = await created(lcl());
      const up = await upload('member', [...fields(fresh.id), file(PDF, 'a.pdf')]);
      expect(up.status).toBe(200);
      const before = await t.database.db.execute(
        sql`select count(*)::int as n from files where kind = 'document'`,
      );
      await api('member', 'DELETE', `/api/order/${fresh.id}`);
      const after = await t.database.db.execute(
        sql`select count(*)::int as n from files where kind = 'document'`,
      );
      const n = (r: unknown) => Number((r as { rows: { n: number }[] }).rows[0]?.n);
      expect(n(after)).toBe(n(before) - 1);
      expect((await api('member', 'GET', `/api/document/${up.body.data.file.id}`)).status).toBe(404);
    });
  });

  describe('attachments (files not tied to a booking)', () => {
    type Attachment = { id: string; file_name: string; content_type: string; size: number; url: string };
    const uploadFile = (name: string, data: Buffer, filename: string, lang?: Lang) => {
      const form = multipart([{ name: 'file', filename, contentType: 'application/octet-stream', data }]);
      return call<Envelope<{ file: Attachment }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        payload: form.payload,
        headers: { ...form.headers, ...as(name) },
        ...(lang ? { lang } : {}),
      });
    };
    const raw = (name: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: name ? as(name) : {} });

    it('uploads a bare file as the uploader’s own attachment: list, read, download, delete', async () => {
      const pdf = await uploadFile('english', PDF, 'quotation 报价.pdf');
      expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
      expect(pdf.body.data.file).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        file_name: 'quotation 报价.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
        url: `/api/attachment/download/${pdf.body.data.file.id}`,
        create_time: expect.any(String),
      });
      const png = await uploadFile('english', await image('png'), 'photo');
      expect(png.body.data.file).toMatchObject({ file_name: 'photo.png', content_type: 'image/png' });
      // A forwarder keeps attachments too (authority rate).
      expect((await uploadFile('fwdB', PDF, 'rate sheet.pdf')).status).toBe(200);

      const list = await api<ListData<Attachment>>('english', 'GET', '/api/attachment?page=1&size=10');
      expect(list.body.data.total).toBe(2);
      expect(list.body.data.lists.map((a) => a.file_name)).toEqual(['photo.png', 'quotation 报价.pdf']);
      const paged = await api<ListData<Attachment>>('english', 'GET', '/api/attachment?page=2&size=1');
      expect(paged.body.data).toMatchObject({ total: 2, lists: [{ id: pdf.body.data.file.id }] });
      const id = pdf.body.data.file.id;
      expect((await api<Attachment>('english', 'GET', `/api/attachment/${id}`)).body.data.file_name).toBe(
        'quotation 报价.pdf',
      );
      const download = await raw('english', `/api/attachment/download/${id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(String(download.headers['content-disposition'])).toBe(
        `attachment; filename="quotation __.pdf"; filename*=UTF-8''quotation%20%E6%8A%A5%E4%BB%B7.pdf`,
      );
      expect(download.rawPayload.equals(PDF)).toBe(true);

      expect((await api('english', 'DELETE', `/api/attachment/${id}`)).body.data).toEqual({ deleted: 1 });
      const gone = await api('english', 'GET', `/api/attachment/${id}`, undefined, 'en');
      expect(gone.status).toBe(404);
      expect(gone.body.msg).toBe('The requested resource does not exist');
      expect((await raw('english', `/api/attachment/download/${id}`)).statusCode).toBe(404);
      expect((await api('english', 'DELETE', `/api/attachment/${id}`)).status).toBe(404);
      expect(
        (await api<ListData<Attachment>>('english', 'GET', '/api/attachment')).body.data.lists.map(
          (a) => a.file_name,
        ),
      ).toEqual(['photo.png']);
    });

    it('is its owner’s alone: anyone else gets 404, and booking documents are not attachments', async () => {
      const mine = (await uploadFile('english', PDF, 'mine.pdf')).body.data.file.id;
      for (const name of ['member', 'fwdA']) {
        expect((await api(name, 'GET', `/api/attachment/${mine}`)).status, name).toBe(404);
        expect((await raw(name, `/api/attachment/download/${mine}`)).statusCode, name).toBe(404);
        expect((await api(name, 'DELETE', `/api/attachment/${mine}`)).status, name).toBe(404);
        const theirs = await api<ListData<Attachment>>(name, 'GET', '/api/attachment');
        expect(theirs.body.data.lists.map((a) => a.id)).not.toContain(mine);
      }
      expect((await api('english', 'GET', `/api/attachment/${mine}`)).status).toBe(200);
      // Ids that are no attachment: not a UUID, or the file of a booking document.
      const notUuid = await api('english', 'GET', '/api/attachment/123', undefined, 'cn');
      expect(notUuid.status).toBe(404);
      expect(notUuid.body.msg).toBe('请求的资源不存在');
      expect((await api('english', 'DELETE', '/api/attachment/not-a-uuid')).status).toBe(404);
      const booking = await bookingAt(0);
      const documentForm = multipart([
        { name: 'order_id', value: String(booking.id) },
        { name: 'document_type', value: 'other' },
        { name: 'file', filename: 'doc.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const document = await call<Envelope<{ file: BookingDocument }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        payload: documentForm.payload,
        headers: { ...documentForm.headers, ...as('member') },
      });
      expect(document.body.data.file.order_id).toBe(booking.id);
      const memberList = await api<ListData<Attachment>>('member', 'GET', '/api/attachment');
      expect(memberList.body.data.lists.map((a) => a.file_name)).not.toContain('doc.pdf');
      const documentFile = await t.database.db.execute(
        sql`select f.id from files f join booking_documents d on d.file_id = f.id where d.id = ${document.body.data.file.id}`,
      );
      const documentFileId = (documentFile as unknown as { rows: { id: string }[] }).rows[0]?.id;
      expect(documentFileId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await api('member', 'GET', `/api/attachment/${documentFileId}`)).status).toBe(404);
      expect((await api('member', 'DELETE', `/api/attachment/${documentFileId}`)).status).toBe(404);
      expect((await api('member', 'GET', `/api/document/${document.body.data.file.id}`)).status).toBe(200);
      // Without a session 401.
      expect((await call(t.app, { method: 'GET', url: '/api/attachment' })).status).toBe(401);
      expect((await raw('', `/api/attachment/download/${mine}`)).statusCode).toBe(401);
    });

    it('refuses wrong content, a missing file and more than 100 attachments, with localized messages', async () => {
      const exe = await uploadFile('english', Buffer.from('MZ\x90\x00binary'), 'a.pdf', 'en');
      expect(exe.status).toBe(415);
      expect(exe.body.msg).toBe('Only PDF, JPG, PNG and Office files (xlsx, xls, docx, doc) are accepted');
      const empty = await uploadFile('english', Buffer.alloc(0), 'a.pdf', 'cn');
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ msg: '请填写文件', errors: [{ field: 'file' }] });
      const big = await uploadFile(
        'english',
        Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]),
        'b.pdf',
        'en',
      );
      expect(big.status).toBe(413);
      expect(big.body.msg).toBe('File size cannot exceed 20MB');

      // A member who already keeps 100 attachments must delete one first.
      const owner = users.plain?.id ?? 0;
      await t.database.db.execute(
        sql`insert into files (company_id, kind, storage_key, content_type, size, name)
            select ${owner}, 'attachment', gen_random_uuid()::text || '.pdf', 'application/pdf', 1, 'old.pdf'
            from generate_series(1, 100)`,
      );
      const full = await uploadFile('plain', PDF, 'one more.pdf', 'en');
      expect(full.status).toBe(409);
      expect(full.body.msg).toBe('You can keep at most 100 attachments; please delete some first');
      const oldest = (await api<ListData<Attachment>>('plain', 'GET', '/api/attachment?size=1')).body.data;
      expect(oldest.total).toBe(100);
      expect((await api('plain', 'DELETE', `/api/attachment/${oldest.lists[0]?.id}`)).status).toBe(200);
      expect((await uploadFile('plain', PDF, 'one more.pdf')).status).toBe(200);
    });
  });

  describe('nobody else’s', () => {
    let booking: BookingDetail;
    let documentId = 0;
    beforeAll(async () => {
      booking = await bookingAt(2);
      const form = multipart([
        { name: 'order_id', value: String(booking.id) },
        { name: 'document_type', value: 'other' },
        { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const up = await call<Envelope<{ file: BookingDocument }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        payload: form.payload,
        headers: { ...form.headers, ...as('member') },
      });
      documentId = up.body.data.file.id;
    });

    it('answers 404 to another member and another forwarder on every endpoint', async () => {
      const id = booking.id;
      const memberCalls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
        ['other', 'GET', `/api/order/${id}`],
        ['other', 'GET', `/api/order/booking/${id}`],
        [
          'other',
          'PUT',
          `/api/order/booking/${id}`,
          fcl({ shipper_id: contact.otherShipper, consignee_id: contact.otherShipper }),
        ],
        ['other', 'POST', `/api/order/${id}/copy`],
        ['other', 'GET', `/api/order/docking/${id}`],
        ['other', 'GET', `/api/order/document/${id}`],
        ['other', 'GET', `/api/order/shipment/${id}`],
        ['other', 'PUT', `/api/order/shipment/${id}`, si()],
        ['other', 'POST', `/api/order/${id}/cancel`, { reason: 'X' }],
        ['other', 'DELETE', `/api/order/${id}`],
        ['other', 'GET', `/api/document/${documentId}`],
        ['other', 'GET', `/api/document/download/${documentId}`],
        ['other', 'DELETE', `/api/document/${documentId}`],
        ['fwdB', 'GET', `/api/forwarder/order/${id}`],
        ['fwdB', 'POST', `/api/forwarder/order/${id}/accept`],
        ['fwdB', 'POST', `/api/forwarder/order/${id}/release`, release()],
        ['fwdB', 'POST', `/api/forwarder/order/${id}/confirm-si`, {}],
        ['fwdB', 'POST', `/api/forwarder/order/${id}/ship`, { bl_no: 'X1' }],
        ['fwdB', 'POST', `/api/forwarder/order/${id}/void`, { reason: 'X' }],
        ['fwdB', 'GET', `/api/order/document/${id}`],
        ['fwdB', 'GET', `/api/document/${documentId}`],
        ['fwdB', 'GET', `/api/document/download/${documentId}`],
        ['fwdB', 'DELETE', `/api/document/${documentId}`],
        ['fwdB', 'GET', `/api/order/${id}`],
        // The forwarder it is addressed to is not its member: the member routes answer 404 too.
        ['fwdA', 'GET', `/api/order/${id}`],
        ['fwdA', 'GET', `/api/order/booking/${id}`],
        ['fwdA', 'POST', `/api/order/${id}/cancel`, { reason: 'X' }],
        ['fwdA', 'DELETE', `/api/order/${id}`],
        // The member is not the forwarder.
      ];
      for (const [name, method, url, payload] of memberCalls) {
        const reply = await api(name, method, url, payload);
        expect(reply.status, `${name} ${method} ${url}`).toBe(404);
      }
      const batch = await api('other', 'PUT', '/api/order/cancel', { ids: [id], reason: 'X' });
      expect(batch.status).toBe(404);
      const upload = multipart([
        { name: 'order_id', value: String(id) },
        { name: 'document_type', value: 'other' },
        { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      for (const name of ['other', 'fwdB']) {
        const reply = await call(t.app, {
          method: 'POST',
          url: '/api/attachment',
          payload: upload.payload,
          headers: { ...upload.headers, ...as(name) },
        });
        expect(reply.status, `${name} upload`).toBe(404);
      }
      expect((await api('other', 'GET', `/api/order?keyword=${booking.order_no}`)).body.data).toMatchObject({
        total: 0,
      });
      expect(
        (await api('fwdB', 'GET', `/api/forwarder/order?keyword=${booking.order_no}`)).body.data,
      ).toMatchObject({
        total: 0,
      });
      const still = await api('member', 'GET', `/api/order/${id}`);
      expect(still.body.data).toMatchObject({ status: 2 });
      expect(still.body.data.documents).toHaveLength(1);
    });

    it('needs a session and the authority of each side', async () => {
      const anonymous = await call(t.app, { method: 'GET', url: `/api/order/${booking.id}` });
      expect(anonymous.status).toBe(401);
      // The session is checked before the body: a visitor learns nothing of the form's rules.
      const anonymousPost = await call(t.app, { method: 'POST', url: '/api/order/booking', payload: {} });
      expect(anonymousPost.status).toBe(401);
      expect((await api('member', 'GET', `/api/forwarder/order/${booking.id}`)).status).toBe(403);
      expect((await api('member', 'POST', `/api/forwarder/order/${booking.id}/accept`)).status).toBe(403);
      await changeAuthorities({ db: t.database.db, userId: users.other?.id ?? 0, revoke: ['order'] });
      expect((await api('other', 'GET', '/api/order')).status).toBe(403);
      expect((await api('other', 'GET', `/api/document/${documentId}`)).status).toBe(403);
    });
  });

  describe('mail', () => {
    it('mails the member on each change the forwarder makes, in the member’s language', async () => {
      mail.inbox.splice(0);
      const booking = await created(
        fcl({ shipper_id: contact.enShipper, consignee_id: contact.enShipper, forwarder_id: users.fwdB?.id }),
        'english',
      );
      // A draft mails nobody; submitting it mails the forwarder.
      await expect(mail.next(users.fwdB?.username ?? '', 500)).rejects.toThrow(/no mail/);
      expect((await api('english', 'POST', `/api/order/${booking.id}/submit`)).status).toBe(200);
      const toForwarder = await mail.next(users.fwdB?.username ?? '');
      expect(toForwarder.subject).toContain(booking.order_no);
      expect(toForwarder.text).toContain(`提交了订舱 ${booking.order_no}，请受理并安排放舱。`);
      expect(toForwarder.text).toContain('当前状态：待放舱');
      expect(toForwarder.text).toContain(`/received-bookings/${booking.id}`);
      expect(toForwarder.attachments).toEqual([]);
      await fwd('fwdB', booking.id, 'accept');
      const accepted = await mail.next(users.english?.username ?? '');
      expect(accepted.subject).toBe(
        `[Freight Booking Portal] Booking ${booking.order_no}: accepted by the forwarder`,
      );
      expect(accepted.text).toContain(`has accepted your booking ${booking.order_no}`);
      expect(accepted.text).toContain(`/bookings/${booking.id}`);
      expect(accepted.text).toContain('Forwarder fwdB公司'.replace('fwdB公司', 'FWDB CO'));
      expect(accepted.attachments).toEqual([]);
      await fwd('fwdB', booking.id, 'release', release());
      const released = await mail.next(users.english?.username ?? '');
      expect(released.subject).toContain('space released, shipping instructions due');
      expect(released.text).toContain('SO no.: SO123456');
      expect(released.text).toContain('Vessel: MAERSK EINDHOVEN');
      // Cut-offs in the reader's date order, with the offset of the port of loading.
      const [y, m, d] = day(8).split('-');
      expect(released.text).toContain(`SI cut-off: ${m}/${d}/${y} 12:00 (UTC+08:00)`);
      expect(released.text).toContain('Status now: Awaiting shipping instructions');
      // The release carries the forwarder's booking confirmation, in the member's language.
      expect(released.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`${booking.order_no}-confirmation-en.pdf`, 'application/pdf'],
      ]);
      const confirmation = squeeze(
        (await pdfText(released.attachments[0]?.content ?? Buffer.alloc(0))).join(''),
      );
      for (const text of ['BookingConfirmation', booking.order_no, 'SO123456', 'MAERSKEINDHOVEN'])
        expect(confirmation).toContain(text);
      await fwd('fwdB', booking.id, 'void', { reason: 'VESSEL CANCELLED' });
      const voided = await mail.next(users.english?.username ?? '');
      expect(voided.subject).toContain('voided by the forwarder');
      expect(voided.text).toContain('Reason: VESSEL CANCELLED');
      expect(voided.attachments).toEqual([]);
    });
  });
});
