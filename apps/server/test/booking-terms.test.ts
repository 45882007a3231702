import { type BookingForm, type BookingRow, formatDocumentDate, type ListData } from '@freight/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers.js';
import { bookingSuite } from './booking-suite.js';

/*
 * The booking's terms (service at each end, the sailing asked for, the door's loading stops, the
 * services asked for): saved, submitted, read by both sides, edited with its trail, copied,
 * exported and printed on the booking note, with the contract's refusals by name.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase('booking terms', (kind) => {
  const { api, ok, plain, noteText, exportRows, lastActivity } = bookingSuite(kind);

  const stop = {
    location_name: '川沙 3 号仓库',
    address: '上海市浦东新区川沙路 88 号',
    contact_name: '李工',
    phone: '+86 21 5555 1234',
    loading_time: `${day(5)} 09:30`,
  };
  const doorToYard = () => ({
    ...plain(),
    receipt_type: 'SD',
    delivery_type: 'CY',
    requested_etd: day(9),
    requested_arrival_from: day(35),
    requested_arrival_to: day(40),
    requested_vessel_name: 'ever given',
    requested_vessel_imo: '9811000',
    requested_voyage: '1234w',
    latest_shipment_date: day(20),
    container_positionings: [stop],
    export_customs_by: 'forwarder',
    requested_services: ['fumigation', 'insurance'],
    services_remark: '熏蒸证书随单',
  });
  const asked = {
    receipt_type: 'SD',
    delivery_type: 'CY',
    requested_etd: day(9),
    requested_vessel_name: 'EVER GIVEN',
    requested_vessel_imo: '9811000',
    requested_voyage: '1234W',
    container_positionings: [stop],
    export_customs_by: 'forwarder',
    requested_services: ['insurance', 'fumigation'],
    services_remark: '熏蒸证书随单',
  };

  it('keeps a door-to-CY booking’s terms, for the member and its forwarder, in the list and the form', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', doorToYard()));
    expect(b).toMatchObject(asked);
    expect(ok(await api('fwd', 'GET', `/api/forwarder/order/${b.id}`))).toMatchObject(asked);
    expect(ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${b.id}`))).toMatchObject(asked);
    const rows = ok(
      await api<ListData<BookingRow>>('fwd', 'GET', `/api/forwarder/order?keyword=${b.order_no}`),
    );
    expect(rows.lists[0]).toMatchObject({ service_term: 'DOOR-CY', requested_etd: day(9) });
    // Another member sees none of it.
    expect((await api('other', 'GET', `/api/order/${b.id}`)).status).toBe(404);
  });

  it('reads a booking made without terms as CY-CY, with nothing asked', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', plain()));
    expect(b).toMatchObject({
      receipt_type: '',
      delivery_type: '',
      requested_etd: null,
      container_positionings: [],
      requested_services: [],
    });
    const rows = ok(await api<ListData<BookingRow>>('member', 'GET', `/api/order?keyword=${b.order_no}`));
    expect(rows.lists[0]?.service_term).toBe('CY-CY');
  });

  it('refuses a door receipt without its loading address on submit, by name and in the reader’s language', async () => {
    const body = { ...doorToYard(), container_positionings: [] };
    const en = await api('member', 'POST', '/api/order/booking?submit=true', body, 'en');
    expect(en.status).toBe(422);
    expect(JSON.stringify(en.body)).toContain('Loading address is required for a door receipt (SD)');
    const cn = await api('member', 'POST', '/api/order/booking?submit=true', body, 'cn');
    expect(JSON.stringify(cn.body)).toMatch(/container_positionings.*装货地址/);
    // A draft may wait for it; its submit then names it.
    const draft = ok(await api('member', 'POST', '/api/order/booking', body));
    const submit = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'en');
    expect(submit.status).toBe(422);
    expect(JSON.stringify(submit.body)).toContain('container_positionings');
    // Stops on a yard receipt and a wrong IMO number are refused in a draft too, nothing written.
    const before = ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total;
    const yard = await api(
      'member',
      'POST',
      '/api/order/booking',
      { ...doorToYard(), receipt_type: 'CY' },
      'en',
    );
    expect(yard.status).toBe(400);
    expect(JSON.stringify(yard.body)).toContain('applies only to a door receipt');
    const imo = await api(
      'member',
      'POST',
      '/api/order/booking',
      { ...doorToYard(), requested_vessel_imo: '9811001' },
      'en',
    );
    expect(imo.status).toBe(400);
    expect(JSON.stringify(imo.body)).toContain('requested_vessel_imo');
    expect(ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total).toBe(before);
  });

  it('traces an edit of the terms by field, and a copy keeps them', async () => {
    const draft = ok(await api('member', 'POST', '/api/order/booking', doorToYard()));
    ok(
      await api('member', 'PUT', `/api/order/booking/${draft.id}`, {
        ...doorToYard(),
        requested_etd: day(11),
        requested_services: ['insurance'],
      }),
    );
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: draft.id,
      fields: ['requested_etd', 'requested_services'],
    });
    const copy = ok(await api('member', 'POST', `/api/order/${draft.id}/copy`));
    expect(copy).toMatchObject({ ...asked, requested_etd: day(11), requested_services: ['insurance'] });
  });

  it('exports the service terms and prints them with the sailing and the loading address on the booking note', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', doorToYard()));
    const rows = await exportRows(b.order_no, 'en');
    const column = rows[0]?.indexOf('Service terms') ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(rows[1]?.[column]).toBe('DOOR-CY');

    for (const [lang, words] of [
      [
        'cn',
        [
          '运输条款',
          'DOOR-CY',
          '要求开船日期',
          formatDocumentDate(day(9)),
          'EVERGIVEN·IMO9811000',
          '上海市浦东新区川沙路88号',
          '货代代理报关',
          '保险、熏蒸',
        ],
      ],
      [
        'en',
        [
          'Serviceterms',
          'DOOR-CY',
          'Requesteddeparturedate',
          'EVERGIVEN·IMO9811000',
          'Loadingaddress',
          'Forwarder',
          'Insurance,Fumigation',
        ],
      ],
    ] as const) {
      const text = await noteText(b.id, lang);
      for (const word of words) expect(text).toContain(word);
    }
  });
});
