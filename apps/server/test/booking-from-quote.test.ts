import * as XLSX from '@e965/xlsx';
import type {
  Authority,
  BookingDetail,
  BookingDocking,
  BookingDocument,
  BookingForm,
  BookingRow,
  ListData,
  Quote,
  Rate,
} from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, multipart, register, registrationForm, uniqueEmail } from './fixtures.js';
import { startMailServer } from './mail-server.js';

type Lang = 'cn' | 'en';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** Everything that would tell a member who the quote's forwarder is. */
const FORWARDER = { company1: 'QUOTE FORWARDING CO', company2: '报价货代公司', linkman: 'ZHAO LEI' };

/*
 * A member without quote_forwarder who books from a quote is not told whose
 * quote it is until the forwarder accepts; a booking from a quote is held to the quote's terms.
 */
describeEachDatabase('bookings from a quote', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const ref: Record<string, number> = {};
  const users: Record<string, { token: string; username: string; id: number }> = {};
  const contact: Record<string, number> = {};
  let quoteId = 0;

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
      headers: { authorization: `Bearer ${users[name]?.token}` },
      ...(payload === undefined ? {} : { payload }),
      ...(lang ? { lang } : {}),
    });
  }
  /** Whether a reply names the forwarder in any way. */
  const reveals = (body: unknown) => {
    const text = JSON.stringify(body);
    return [FORWARDER.company1, FORWARDER.company2, FORWARDER.linkman, users.fwd?.username ?? '?'].some(
      (secret) => text.includes(secret),
    );
  };

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url } });
    const id = async (list: string, code: string) =>
      (
        await call<Envelope<ListData<{ id: number; code: string }>>>(t.app, {
          method: 'GET',
          url: `/api/${list}?keyword=${code}`,
        })
      ).body.data.lists.find((i) => i.code === code)?.id ?? 0;
    for (const [key, list, code] of [
      ['msc', 'carrier', 'MSCU'],
      ['maersk', 'carrier', 'MAEU'],
      ['sha', 'port', 'CNSHA'],
      ['ngb', 'port', 'CNNGB'],
      ['ham', 'port', 'DEHAM'],
      ['gp20', 'container', '20GP'],
      ['gp40', 'container', '40GP'],
      ['hq40', 'container', '40HQ'],
      ['ct', 'unit', 'CT'],
    ] as const)
      ref[key] = await id(list, code);
    for (const name of ['member', 'seer', 'fwd']) {
      const username = uniqueEmail(name).toLowerCase();
      const names =
        name === 'fwd' ? FORWARDER : { company1: `${name.toUpperCase()} CO`, company2: `${name}公司` };
      const reply = await register(t.app, registrationForm({ username, ...names }), [], 'cn');
      users[name] = { token: reply.body.data.token, username, id: reply.body.data.id };
      const grants: Record<string, Authority[]> = {
        fwd: ['rate', 'quote_forwarder'],
        seer: ['quote_forwarder'],
      };
      const grant = grants[name];
      if (grant) await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant });
      if (name === 'fwd') continue;
      const added = await api<{ id: number }>(name, 'POST', '/api/customer/contact', {
        type: 'both',
        company1: `${name.toUpperCase()} TRADING CO., LTD`,
        linkman: 'WANG FANG',
        address1: 'NO. 1 HARBOUR ROAD',
        city: 'NINGBO',
        country_id: 1,
        phone: '+8657487000001',
        email: `${name}@example.com`,
      });
      contact[name] = added.body.data.id;
    }
    const rate = await api<Rate>('fwd', 'POST', '/api/rate', {
      carrier_id: ref.msc,
      pol_id: ref.sha,
      pod_id: ref.ham,
      to_id: ref.ham,
      sdate: day(-1),
      edate: day(30),
      spaces: [
        { container_id: ref.gp20, price: '1000' },
        { container_id: ref.hq40, price: '1850.50' },
      ],
    });
    quoteId = rate.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  const line = (containerId: number) => ({
    container_id: containerId,
    description: 'LED LAMPS',
    packages: 100,
    unit_id: ref.ct,
    weight: '1200.5',
    volume: '20',
    quantity: 1,
  });
  const fromQuote = (name = 'member', overrides: object = {}) => ({
    container_mode: 1,
    quote_id: quoteId,
    shipper_id: contact[name],
    consignee_id: contact[name],
    ready_date: day(5),
    incoterm: 'FOB',
    pol_id: ref.sha,
    pod_id: ref.ham,
    to_id: ref.ham,
    carrier_id: ref.msc,
    containers: [line(ref.gp20 ?? 0), line(ref.hq40 ?? 0)],
    ...overrides,
  });
  async function book(name: string, body: object, query = ''): Promise<BookingDetail> {
    const reply = await api(name, 'POST', `/api/order/booking${query}`, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  }
  /** The member's every view of one booking: list row, form, detail, liaison, documents, export. */
  async function views(name: string, booking: BookingDetail, lang: Lang = 'cn') {
    const list = await api<ListData<BookingRow>>(name, 'GET', '/api/order?page=1&size=100', undefined, lang);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/order/export?order_no=${booking.order_no}`,
      headers: { authorization: `Bearer ${users[name]?.token}`, lang },
    });
    const book = XLSX.read(exported.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet;
    const [header, row] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    const column = header?.indexOf(lang === 'en' ? 'Forwarder' : '货代') ?? -1;
    return {
      row: list.body.data.lists.find((r) => r.id === booking.id),
      form: (await api<BookingForm>(name, 'GET', `/api/order/booking/${booking.id}`, undefined, lang)).body
        .data,
      detail: (await api(name, 'GET', `/api/order/${booking.id}`, undefined, lang)).body.data,
      docking: (await api<BookingDocking>(name, 'GET', `/api/order/docking/${booking.id}`, undefined, lang))
        .body.data,
      documents: (
        await api<ListData<BookingDocument>>(
          name,
          'GET',
          `/api/order/document/${booking.id}`,
          undefined,
          lang,
        )
      ).body.data.lists,
      exportedForwarder: row?.[column],
    };
  }
  const noMailTo = async (username: string) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.inbox.filter((m) => m.to.includes(username))).toEqual([]);
  };

  describe('who sees the forwarder', () => {
    it('keeps it from a member without quote_forwarder until it accepts, then names it everywhere', async () => {
      const booking = await book('member', fromQuote(), '?submit=true');
      expect(booking).toMatchObject({ forwarder_id: null, forwarder_name: '', forwarder_hidden: true });
      await mail.next(users.fwd?.username ?? '');
      // The forwarder uploads its booking confirmation before accepting.
      const form = multipart([
        { name: 'order_id', value: String(booking.id) },
        { name: 'document_type', value: 'booking_confirmation' },
        { name: 'file', filename: 'confirmation.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const uploaded = await call<Envelope<{ file: BookingDocument }>>(t.app, {
        method: 'POST',
        url: '/api/attachment',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${users.fwd?.token}` },
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      expect(uploaded.body.data.file.uploader_name).toBe(FORWARDER.company2);

      for (const lang of ['cn', 'en'] as const) {
        const hidden = await views('member', booking, lang);
        expect(reveals(hidden), JSON.stringify(hidden)).toBe(false);
        expect(hidden.row).toMatchObject({ forwarder_name: '', forwarder_hidden: true });
        expect(hidden.form).toMatchObject({ forwarder_id: null, forwarder_hidden: true });
        expect(hidden.detail).toMatchObject({ forwarder_id: null, forwarder_hidden: true, state: 'pending' });
        expect(hidden.docking).toMatchObject({ forwarder: null, forwarder_hidden: true });
        expect(hidden.documents.map((d) => [d.uploader_name, d.uploaded_by])).toEqual([['', 'forwarder']]);
        expect(hidden.exportedForwarder).toBe(lang === 'en' ? 'The forwarder of the quote' : '报价所属货代');
      }
      const document = await api<BookingDocument>(
        'member',
        'GET',
        `/api/document/${uploaded.body.data.file.id}`,
      );
      expect(document.body.data).toMatchObject({ uploader_name: '', uploaded_by: 'forwarder' });

      // The forwarder sees the booking as usual, and accepts it: the member is told who it is.
      const received = await api('fwd', 'GET', `/api/forwarder/order/${booking.id}`);
      expect(received.body.data).toMatchObject({ forwarder_id: users.fwd?.id, forwarder_hidden: false });
      expect((await api('fwd', 'POST', `/api/forwarder/order/${booking.id}/accept`)).status).toBe(200);
      expect((await mail.next(users.member?.username ?? '')).text).toContain(`货代 ${FORWARDER.company2}`);
      const named = await views('member', booking);
      expect(named.row).toMatchObject({ forwarder_name: FORWARDER.company2, forwarder_hidden: false });
      expect(named.form).toMatchObject({ forwarder_id: users.fwd?.id, forwarder_name: FORWARDER.company2 });
      expect(named.detail).toMatchObject({ forwarder_id: users.fwd?.id, forwarder_hidden: false });
      expect(named.detail.history.at(-1)).toMatchObject({ action: 'accept', actor_name: FORWARDER.company2 });
      expect(named.docking.forwarder).toMatchObject({
        company: FORWARDER.company1,
        linkman: FORWARDER.linkman,
      });
      expect(named.documents[0]?.uploader_name).toBe(FORWARDER.company2);
      expect(named.exportedForwarder).toBe(FORWARDER.company2);
    });

    it('tells nothing when a draft from a quote is read and deleted, and mails nobody', async () => {
      const replies: unknown[] = [];
      const draft = await book('member', fromQuote());
      replies.push(draft, await views('member', draft, 'en'));
      const deleted = await api('member', 'DELETE', `/api/order/${draft.id}`);
      expect(deleted.body).toMatchObject({ code: 0, data: { deleted: 1 } });
      replies.push(deleted.body, (await api('member', 'GET', `/api/order/${draft.id}`)).body);
      expect(reveals(replies), JSON.stringify(replies)).toBe(false);
      await noMailTo(users.member?.username ?? '');
      await noMailTo(users.fwd?.username ?? '');
    });

    it('keeps it unnamed after the forwarder deletes the quote, and the draft still saves', async () => {
      const rate = await api<Rate>('fwd', 'POST', '/api/rate', {
        carrier_id: ref.msc,
        pol_id: ref.sha,
        pod_id: ref.ham,
        to_id: ref.ham,
        sdate: day(-1),
        edate: day(20),
        spaces: [{ container_id: ref.gp20, price: '990' }],
      });
      const terms = { quote_id: rate.body.data.id, containers: [line(ref.gp20 ?? 0)] };
      const sent = await book('member', fromQuote('member', terms), '?submit=true');
      await mail.next(users.fwd?.username ?? '');
      const draft = await book('member', fromQuote('member', terms));
      const removed = await api('fwd', 'DELETE', '/api/rate', { ids: [rate.body.data.id] });
      expect(removed.body).toMatchObject({ code: 0, data: { deleted: 1 } });

      for (const booking of [sent, draft]) {
        const hidden = await views('member', booking, 'en');
        expect(hidden.detail.quote_id).toBeNull();
        expect(hidden.detail).toMatchObject({ forwarder_id: null, forwarder_hidden: true });
        expect(reveals(hidden), JSON.stringify(hidden)).toBe(false);
      }
      // The page sends back what the form read: no quote any more, no forwarder it was never told.
      const edited = await api('member', 'PUT', `/api/order/booking/${draft.id}?submit=true`, {
        ...fromQuote('member', terms),
        quote_id: null,
        remark: 'QUOTE WITHDRAWN',
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({ status: 1, forwarder_hidden: true, forwarder_id: null });
      expect(reveals(edited.body)).toBe(false);
      const received = await api('fwd', 'GET', `/api/forwarder/order/${draft.id}`);
      expect(received.body.data).toMatchObject({ remark: 'QUOTE WITHDRAWN', forwarder_id: users.fwd?.id });
    });

    it('leaves it unnamed in the timeline and mail of a void before acceptance, and on a copy', async () => {
      const booking = await book('member', fromQuote(), '?submit=true');
      await mail.next(users.fwd?.username ?? '');
      const voided = await api('fwd', 'POST', `/api/forwarder/order/${booking.id}/void`, {
        reason: 'NO SPACE',
      });
      expect(voided.status).toBe(200);
      const told = await mail.next(users.member?.username ?? '');
      expect(told.text).toContain('NO SPACE');
      expect(reveals(told)).toBe(false);
      const detail = (await api('member', 'GET', `/api/order/${booking.id}`)).body.data;
      expect(detail.history.at(-1)).toMatchObject({ action: 'void', actor: 'forwarder', actor_name: '' });
      expect(reveals(detail)).toBe(false);
      const copy = await api('member', 'POST', `/api/order/${booking.id}/copy`);
      expect(copy.body.data).toMatchObject({ forwarder_hidden: true, forwarder_id: null, quote_id: quoteId });
      expect(reveals(copy.body)).toBe(false);
    });

    it('names it to a member holding quote_forwarder, who may give it', async () => {
      const booking = await book('seer', fromQuote('seer', { forwarder_id: users.fwd?.id }));
      expect(booking).toMatchObject({
        forwarder_id: users.fwd?.id,
        forwarder_name: FORWARDER.company2,
        forwarder_hidden: false,
      });
      const seen = await views('seer', booking);
      expect(seen.row?.forwarder_name).toBe(FORWARDER.company2);
      expect(seen.docking.forwarder?.company).toBe(FORWARDER.company1);
    });

    it('does not let a member without quote_forwarder name a forwarder: right and wrong get one answer', async () => {
      const right = await api(
        'member',
        'POST',
        '/api/order/booking',
        fromQuote('member', { forwarder_id: users.fwd?.id }),
        'en',
      );
      const wrong = await api(
        'member',
        'POST',
        '/api/order/booking',
        fromQuote('member', { forwarder_id: users.seer?.id }),
        'en',
      );
      expect([right.status, wrong.status]).toEqual([400, 400]);
      expect(right.body).toEqual(wrong.body);
      expect(right.body.errors).toEqual([
        {
          field: 'forwarder_id',
          message: 'A booking from a quote goes to the forwarder of the quote: leave the forwarder empty',
        },
      ]);
    });
  });

  describe('the quote’s terms', () => {
    const count = async () => {
      const result = await t.database.db.execute(sql`select count(*)::int as n from bookings`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };

    it('refuses other ports, carrier, unpriced container types and LCL, naming each field (cn, en)', async () => {
      const before = await count();
      const off = fromQuote('member', {
        pol_id: ref.ngb,
        carrier_id: ref.maersk,
        containers: [line(ref.gp20 ?? 0), line(ref.gp40 ?? 0)],
      });
      for (const lang of ['en', 'cn'] as const) {
        const quote = (await api<Quote>('member', 'GET', `/api/quote/${quoteId}`, undefined, lang)).body.data;
        const refused = await api('member', 'POST', '/api/order/booking', off, lang);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual(
          lang === 'en'
            ? [
                { field: 'pol_id', message: `Port of loading must be the quote’s: ${quote.pol_name}` },
                { field: 'carrier_id', message: `Carrier must be the quote’s: ${quote.carrier_name}` },
                {
                  field: 'containers.1.container_id',
                  message: 'Container type (row 2) is not priced by the quote, which prices only 20GP, 40HQ',
                },
              ]
            : [
                { field: 'pol_id', message: `起运港须与报价一致：${quote.pol_name}` },
                { field: 'carrier_id', message: `船公司须与报价一致：${quote.carrier_name}` },
                {
                  field: 'containers.1.container_id',
                  message: '第 2 行箱型不在报价内：报价只有 20GP, 40HQ 的价格',
                },
              ],
        );
        expect(refused.body.msg).toBe(refused.body.errors?.[0]?.message);
      }
      const lcl = await api('member', 'POST', '/api/order/booking', {
        ...fromQuote(),
        container_mode: 2,
        containers: [],
        cargo_items: [{ description: 'LED LAMPS', packages: 5, unit_id: ref.ct, weight: '1', volume: '1' }],
      });
      expect(lcl.body.errors).toEqual([{ field: 'container_mode', message: '报价按箱计价，请按整箱订舱' }]);
      expect(await count()).toBe(before);
    });

    it('holds a draft to its quote on every edit, also once the quote has expired', async () => {
      const draft = await book('member', fromQuote());
      const edit = (overrides: object) =>
        api('member', 'PUT', `/api/order/booking/${draft.id}`, fromQuote('member', overrides), 'en');
      const wrongType = await edit({ containers: [line(ref.gp40 ?? 0)] });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors?.map((e) => e.field)).toEqual(['containers.0.container_id']);
      expect((await edit({ pod_id: ref.ngb, to_id: ref.ngb })).body.errors?.map((e) => e.field)).toEqual([
        'pod_id',
        'to_id',
      ]);
      await t.database.db.execute(
        sql`update rates set sdate = ${day(-20)}, edate = ${day(-10)} where id = ${quoteId}`,
      );
      try {
        expect((await edit({ containers: [line(ref.gp40 ?? 0)] })).status).toBe(400);
        const kept = await edit({ containers: [line(ref.hq40 ?? 0)], remark: 'ONE 40HQ' });
        expect(kept.status, JSON.stringify(kept.body)).toBe(200);
        expect(kept.body.data.quote_spaces.map((s) => s.container_name)).toEqual(['20GP', '40HQ']);
        // A new booking needs a quote that is valid today.
        const expired = await api('member', 'POST', '/api/order/booking', fromQuote(), 'en');
        expect(expired.body.errors).toEqual([
          { field: 'quote_id', message: 'The quote does not exist or is no longer valid' },
        ]);
      } finally {
        await t.database.db.execute(
          sql`update rates set sdate = ${day(-1)}, edate = ${day(30)} where id = ${quoteId}`,
        );
      }
    });
  });
});
