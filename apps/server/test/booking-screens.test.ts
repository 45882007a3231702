import {
  type BookingDetail,
  type BookingDocument,
  type BookingShipment,
  isValidContainerNo,
  type ListData,
  type UserInfo,
} from '@freight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import {
  type Envelope,
  multipart,
  register,
  registrationForm,
  signedInPerson,
  uniqueEmail,
} from './fixtures.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
type Lang = 'cn' | 'en';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A valid ISO 6346 number: owner code + U + 6 digits + the check digit that fits. */
function containerNumber(owner: string, serial: number): string {
  const head = `${owner}U${String(serial).padStart(6, '0')}`;
  for (let check = 0; check < 10; check++)
    if (isValidContainerNo(`${head}${check}`)) return `${head}${check}`;
  return containerNumber(owner, serial + 1);
}

/**
 * The booking screens as a person meets them: what a viewer is offered, the SI that starts from the
 * booking, the release's cut-offs, the documents' uploader and types, and what a copy keeps.
 */
describeEachDatabase('booking screens', (kind) => {
  let t: TestApp;
  const ref: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let shipper = 0;
  let consignee = 0;

  function api<T = BookingDetail>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang?: Lang,
  ) {
    return call<Envelope<T>>(t.app, {
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined ? {} : { payload }),
      ...(lang ? { lang } : {}),
    });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    Object.assign(ref, {
      sha: await id('port', 'CNSHA'),
      rtm: await id('port', 'NLRTM'),
      gp20: await id('container', '20GP'),
      gp40: await id('container', '40GP'),
      ct: await id('unit', 'CT'),
    });
    for (const name of ['member', 'fwd', 'plain']) {
      const reply = await register(
        t.app,
        registrationForm({
          username: uniqueEmail(name).toLowerCase(),
          linkman: `${name.toUpperCase()} OWNER`,
        }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      tokens[name] = reply.body.data.token;
      ids[name] = reply.body.data.id;
    }
    await changeAuthorities({ db: t.database.db, userId: ids.fwd ?? 0, grant: ['rate', 'quote_forwarder'] });
    await changeAuthorities({ db: t.database.db, userId: ids.plain ?? 0, revoke: ['quote_booking'] });
    tokens.viewer = (await signedInPerson(t, ids.member ?? 0, 'vera viewer', 'viewer')).token;
    tokens.operator = (await signedInPerson(t, ids.member ?? 0, 'otto operator', 'operator')).token;
    const contact = async (type: string) => {
      const reply = await api<{ id: number }>('member', 'POST', '/api/customer/contact', {
        type,
        company1: `${type.toUpperCase()} TRADING CO., LTD`,
        linkman: 'WANG FANG',
        address1: 'NO. 1 HARBOUR ROAD',
        city: 'NINGBO',
        country_id: 1,
        phone: '+8657487000001',
        email: `${type}@example.com`,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data.id;
    };
    shipper = await contact('shipper');
    consignee = await contact('consignee');
  });
  afterAll(async () => {
    await t.close();
  });

  const fcl = (overrides: object = {}) => ({
    container_mode: 1,
    forwarder_id: ids.fwd,
    shipper_id: shipper,
    consignee_id: consignee,
    cust_ref_no: 'PO-4711',
    ready_date: day(3),
    incoterm: 'FOB',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    containers: [
      {
        container_id: ref.gp40,
        hs_code: '847130',
        description: 'LAPTOP COMPUTERS',
        packages: 101,
        unit_id: ref.ct,
        weight: '1200.5',
        volume: '30',
        quantity: 2,
      },
      {
        container_id: ref.gp20,
        hs_code: '940540',
        description: 'LAMP SHADES',
        packages: 7,
        unit_id: ref.ct,
        weight: '95.125',
        volume: '1.5',
        quantity: 1,
      },
    ],
    ...overrides,
  });
  const release = (overrides: object = {}) => ({
    so_no: 'SO123456',
    vessel: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: day(10),
    eta: day(40),
    ...overrides,
  });
  async function ok<T>(reply: Promise<{ status: number; body: Envelope<T> }>): Promise<T> {
    const r = await reply;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  }
  /** A submitted booking of the member, accepted and released by the forwarder. */
  async function released(): Promise<BookingDetail> {
    const booking = await ok(api('member', 'POST', '/api/order/booking?submit=true', fcl()));
    await ok(api('fwd', 'POST', `/api/forwarder/order/${booking.id}/accept`));
    return ok(api('fwd', 'POST', `/api/forwarder/order/${booking.id}/release`, release()));
  }

  describe('what the reader may do', () => {
    it('says in the user info what each role may do, by one rule', async () => {
      const abilities = async (who: string) =>
        (await ok(api<UserInfo>(who, 'GET', '/api/userinfo'))).abilities;
      expect(await abilities('member')).toEqual({
        write: true,
        manage: true,
        book: true,
        rfq: true,
        draft: true,
      });
      expect(await abilities('operator')).toEqual({
        write: true,
        manage: false,
        book: true,
        rfq: true,
        draft: true,
      });
      expect(await abilities('viewer')).toEqual({
        write: false,
        manage: false,
        book: false,
        rfq: false,
        draft: false,
      });
      // A company without the booking permission books nothing from a quote, but still asks prices.
      expect(await abilities('plain')).toMatchObject({ write: true, book: false, rfq: true, draft: true });
    });

    it('offers a viewer no actions on a booking, and refuses its writes', async () => {
      const draft = await ok(api('member', 'POST', '/api/order/booking', fcl()));
      expect(draft.actions).toEqual(expect.arrayContaining(['edit', 'submit', 'delete']));
      const seen = await ok(api('viewer', 'GET', `/api/order/${draft.id}`));
      expect(seen.actions).toEqual([]);
      const copy = await api('viewer', 'POST', `/api/order/${draft.id}/copy`);
      expect(copy.status).toBe(403);
    });
  });

  describe('shipping instructions start from the booking', () => {
    it('prefills commodity, per-container figures, the freight term and the booked totals', async () => {
      const booking = await released();
      const shipment = await ok(api<BookingShipment>('member', 'GET', `/api/order/shipment/${booking.id}`));
      expect(shipment.prefill).toEqual({
        description: 'LAPTOP COMPUTERS\nLAMP SHADES',
        // FOB leaves the main carriage to the buyer: collect, as the booking note says.
        freight_term: 'collect',
        // The booking asked for no transport document: an original B/L, a full set.
        bl_type: 'original',
        originals: 3,
        containers: [
          // 101 packages and 1200.500 KG over two 40GP: shared out, the first taking the rest.
          {
            container_id: ref.gp40,
            container_no: '',
            seal_no: '',
            packages: 51,
            weight: '600.250',
            volume: '15.000',
          },
          {
            container_id: ref.gp40,
            container_no: '',
            seal_no: '',
            packages: 50,
            weight: '600.250',
            volume: '15.000',
          },
          {
            container_id: ref.gp20,
            container_no: '',
            seal_no: '',
            packages: 7,
            weight: '95.125',
            volume: '1.500',
          },
        ],
        booked: { packages: 108, weight: '1295.625', volume: '31.500' },
      });
      const chosen = await ok(
        api('member', 'POST', '/api/order/booking?submit=true', fcl({ freight_term: 'prepaid' })),
      );
      await ok(api('fwd', 'POST', `/api/forwarder/order/${chosen.id}/accept`));
      await ok(api('fwd', 'POST', `/api/forwarder/order/${chosen.id}/release`, release()));
      const own = await ok(api<BookingShipment>('member', 'GET', `/api/order/shipment/${chosen.id}`));
      expect(own.prefill.freight_term).toBe('prepaid');
    });

    it('starts from the document the booking asked for, and an SI that leaves them out takes the booking’s', async () => {
      for (const [terms, expected] of [
        [
          { transport_document_type: 'SWB', number_of_originals: 0 },
          { bl_type: 'seaway', originals: 3 },
        ],
        [
          { transport_document_type: 'BOL', number_of_originals: 0 },
          { bl_type: 'telex', originals: 3 },
        ],
        [
          { transport_document_type: 'BOL', number_of_originals: 2 },
          { bl_type: 'original', originals: 2 },
        ],
      ] as const) {
        const booking = await ok(api('member', 'POST', '/api/order/booking?submit=true', fcl(terms)));
        await ok(api('fwd', 'POST', `/api/forwarder/order/${booking.id}/accept`));
        await ok(api('fwd', 'POST', `/api/forwarder/order/${booking.id}/release`, release()));
        const start = await ok(api<BookingShipment>('member', 'GET', `/api/order/shipment/${booking.id}`));
        expect(start.prefill).toMatchObject({ ...expected, freight_term: 'collect' });
        if (expected.bl_type !== 'seaway') continue;
        // Sent without a B/L type or freight term, the SI keeps the booking's, not prepaid originals.
        const { containers } = start.prefill;
        await ok(
          api('member', 'PUT', `/api/order/shipment/${booking.id}`, {
            description: 'LAPTOP COMPUTERS',
            containers: containers.map((c, i) => ({
              container_id: c.container_id,
              container_no: containerNumber('MSK', 700 + i),
              packages: c.packages,
              weight: c.weight,
              vgm: '5000',
            })),
          }),
        );
        const saved = await ok(api<BookingShipment>('member', 'GET', `/api/order/shipment/${booking.id}`));
        expect(saved.instructions).toMatchObject({ bl_type: 'seaway', freight_term: 'collect' });
      }
    });

    it('requires packages, gross weight and VGM per container, the VGM not below the weight', async () => {
      const booking = await released();
      const container = (serial: number, figures: object) => ({
        container_id: ref.gp40,
        container_no: containerNumber('MSK', serial),
        ...figures,
      });
      const si = (containers: object[]) => ({ description: 'LAPTOP COMPUTERS', containers });
      const put = (body: object, lang: Lang) =>
        api('member', 'PUT', `/api/order/shipment/${booking.id}`, body, lang);

      const blank = await put(si([container(1, {})]), 'en');
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual([
        { field: 'containers.0.packages', message: 'Packages (row 1) are required' },
        { field: 'containers.0.weight', message: 'Gross weight (KG) (row 1) is required' },
        { field: 'containers.0.vgm', message: 'VGM (KG) (row 1) is required' },
      ]);
      const light = si([container(2, { packages: 51, weight: '600.25', vgm: '600.249' })]);
      const en = await put(light, 'en');
      expect(en.status).toBe(400);
      expect(en.body.errors).toEqual([
        {
          field: 'containers.0.vgm',
          message: `The VGM of container ${containerNumber('MSK', 2)} cannot be less than its gross weight`,
        },
      ]);
      const cn = await put(light, 'cn');
      expect(cn.body.errors?.[0]?.message).toBe(`箱 ${containerNumber('MSK', 2)} 的 VGM 不能小于毛重`);
      // Nothing was written: the booking still waits for its instructions.
      expect((await ok(api('member', 'GET', `/api/order/${booking.id}`))).status).toBe(2);

      const done = await ok(put(si([container(3, { packages: 51, weight: '600.25', vgm: '600.25' })]), 'en'));
      expect(done.status).toBe(3);
      expect(done.shipment?.containers[0]).toMatchObject({ packages: 51, weight: '600.250', vgm: '600.250' });
    });
  });

  describe('release', () => {
    it('takes a cut-off typed as a date alone at the start of that day', async () => {
      const booking = await ok(api('member', 'POST', '/api/order/booking?submit=true', fcl()));
      const done = await ok(
        api('fwd', 'POST', `/api/forwarder/order/${booking.id}/release`, release({ si_cutoff: day(8) })),
      );
      expect(done.schedule.si_cutoff).toBe(`${day(8)}T00:00:00+08:00`);
      const wrong = await api(
        'fwd',
        'POST',
        `/api/forwarder/order/${(await ok(api('member', 'POST', '/api/order/booking?submit=true', fcl()))).id}/release`,
        release({ cy_cutoff: `${day(8)} 25:00` }),
        'en',
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.[0]?.field).toBe('cy_cutoff');
    });
  });

  describe('documents and copies', () => {
    const upload = (who: string, orderId: number, type: string) => {
      const form = multipart([
        { name: 'order_id', value: String(orderId) },
        { name: 'document_type', value: type },
        { name: 'file', filename: `${type}.pdf`, contentType: 'application/pdf', data: PDF },
      ]);
      return call<Envelope<{ file: BookingDocument }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${tokens[who]}` },
        lang: 'cn',
      });
    };

    it('names the person who uploaded, and takes B/L, VGM and customs declarations', async () => {
      const booking = await released();
      for (const [who, type, name] of [
        ['operator', 'vgm', 'VGM 声明'],
        ['member', 'customs_declaration', '报关单'],
        ['member', 'bl', '提单'],
        ['fwd', 'vgm', 'VGM 声明'],
      ] as const) {
        const reply = await upload(who, booking.id, type);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect(reply.body.data.file.document_type_name).toBe(name);
      }
      const listed = await ok(
        api<ListData<BookingDocument>>('member', 'GET', `/api/order/document/${booking.id}`),
      );
      expect(listed.lists.map((d) => [d.document_type, d.uploader_person])).toEqual([
        ['vgm', 'OTTO OPERATOR'],
        ['customs_declaration', 'MEMBER OWNER'],
        ['bl', 'MEMBER OWNER'],
        ['vgm', 'FWD OWNER'],
      ]);
      // The forwarder's own documents stay the forwarder's.
      expect((await upload('member', booking.id, 'booking_confirmation')).status).toBe(403);
    });

    it('copies a booking without its customer reference', async () => {
      const original = await ok(api('member', 'POST', '/api/order/booking', fcl()));
      expect(original.cust_ref_no).toBe('PO-4711');
      const copy = await ok(api('member', 'POST', `/api/order/${original.id}/copy`));
      expect(copy.cust_ref_no).toBe('');
      expect(copy.containers).toHaveLength(2);
    });
  });
});
