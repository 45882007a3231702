import type { BookingForm, BookingRow, ListData, LocationItem } from '@freight/contract';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './helpers.js';
import type { Envelope } from './fixtures.js';
import { bookingSuite } from './booking-suite.js';

/*
 * A booking's places beyond its ports: an inland place of receipt and of delivery with country and
 * UN/LOCODE, and a transshipment port; saved, read by both sides, listed, exported, traced, copied
 * and printed on the booking note; wrong codes refused by name in both languages; and the location
 * search that offers ports and inland points alike.
 */

describeEachDatabase('booking places', (kind) => {
  const { suite, api, ok, plain, noteText, exportRows, lastActivity } = bookingSuite(kind);

  const search = async (keyword: string, lang: 'cn' | 'en' = 'en') =>
    (
      await call<Envelope<ListData<LocationItem>>>(suite.t.app, {
        method: 'GET',
        url: `/api/location?keyword=${encodeURIComponent(keyword)}`,
        lang,
      })
    ).body.data;

  const portId = async (code: string) => {
    const found = await search(code);
    return found.lists.find((item) => item.code === code)?.port_id ?? 0;
  };

  const places = async () => ({
    place_of_receipt: 'chongqing',
    place_of_receipt_country: 'cn',
    place_of_receipt_code: 'cn ckg',
    place_of_delivery: 'Duisburg',
    place_of_delivery_country: 'DE',
    place_of_delivery_code: 'DEDUI',
    transshipment_port_id: await portId('SGSIN'),
  });
  const stored = {
    place_of_receipt: 'CHONGQING',
    place_of_receipt_country: 'CN',
    place_of_receipt_code: 'CNCKG',
    place_of_delivery: 'DUISBURG',
    place_of_delivery_country: 'DE',
    place_of_delivery_code: 'DEDUI',
  };

  it('finds inland points and ports by code or either name', async () => {
    const duis = await search('duis');
    expect(duis.lists[0]).toMatchObject({ kind: 'inland', code: 'DEDUI', country: 'DE', port_id: null });
    const rotter = await search('rotter');
    expect(rotter.lists[0]).toMatchObject({ kind: 'port', code: 'NLRTM', country: 'NL' });
    expect(rotter.lists[0]?.port_id).toBe(suite.ref.rtm);
    const zh = await search('杜伊斯堡', 'cn');
    expect(zh.lists[0]).toMatchObject({ code: 'DEDUI', name: '杜伊斯堡', country_name: '德国' });
    expect((await search('USCHI')).lists[0]).toMatchObject({
      name: 'Chicago',
      country_name: 'United States',
    });
    // Chongqing is a river port of the port list: found once, as that port.
    expect((await search('CNCKG')).lists.map((item) => item.kind)).toEqual(['port']);
  });

  it('keeps a Shanghai → Rotterdam booking delivered to Duisburg via Singapore', async () => {
    const body = { ...plain(), ...(await places()) };
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', body, 'en'));
    expect(b).toMatchObject({ ...stored, transshipment_name: 'Singapore', transshipment_code: 'SGSIN' });
    expect(b.to_id).toBe(suite.ref.rtm);
    expect(ok(await api('fwd', 'GET', `/api/forwarder/order/${b.id}`))).toMatchObject(stored);
    expect(ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${b.id}`))).toMatchObject(stored);
    const rows = ok(
      await api<ListData<BookingRow>>(
        'fwd',
        'GET',
        `/api/forwarder/order?keyword=${b.order_no}`,
        undefined,
        'en',
      ),
    );
    expect(rows.lists[0]).toMatchObject({ to_name: 'Rotterdam', place_of_delivery: 'DUISBURG, DE (DEDUI)' });
    const sheet = await exportRows(b.order_no, 'en');
    expect(sheet[1]?.[sheet[0]?.indexOf('Inland place of delivery') ?? -1]).toBe('DUISBURG, DE (DEDUI)');
    const en = await noteText(b.id, 'en');
    for (const word of [
      'PlaceofreceiptCHONGQING,CN(CNCKG)',
      'TransshipmentportSingapore(SGSIN)',
      'DestinationportRotterdam',
      'PlaceofdeliveryDUISBURG,DE(DEDUI)',
    ])
      expect(en).toContain(word);
    const cn = await noteText(b.id, 'cn');
    for (const word of [
      '收货地CHONGQING,CN(CNCKG)',
      '中转港新加坡(SGSIN)',
      '目的港鹿特丹',
      '交货地DUISBURG,DE(DEDUI)',
    ])
      expect(cn).toContain(word);
  });

  it('reads a booking without them as before: the destination port is the place of delivery', async () => {
    const b = ok(
      await api('member', 'POST', '/api/order/booking', { ...plain(), place_of_receipt: 'NINGBO FACTORY' }),
    );
    expect(b).toMatchObject({
      place_of_receipt: 'NINGBO FACTORY',
      place_of_receipt_country: null,
      place_of_delivery: '',
      place_of_delivery_code: null,
      transshipment_port_id: null,
      transshipment_name: '',
    });
    const text = await noteText(b.id, 'en');
    expect(text).toContain('PlaceofreceiptNINGBOFACTORY');
    expect(text).toContain('DeliveryplaceRotterdam');
    expect(text).not.toContain('Transshipment');
  });

  it('refuses wrong codes and a transshipment at the port of loading by name, in both languages', async () => {
    const before = ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total;
    const good = await places();
    const cases: [object, string, string, string, number][] = [
      [
        { place_of_delivery_code: 'DEDU' },
        'place_of_delivery_code',
        'Inland place of delivery UN/LOCODE is not a valid UN/LOCODE',
        '内陆交货地 UN/LOCODE',
        400,
      ],
      [
        { place_of_delivery_code: 'NLDUI' },
        'place_of_delivery_code',
        'is not in the country given (DE)',
        '不属于所填国家 DE',
        400,
      ],
      [
        { place_of_receipt_country: 'XX' },
        'place_of_receipt_country',
        'Place of receipt country is not a valid country code',
        '收货地国家',
        400,
      ],
      [
        { place_of_delivery: '' },
        'place_of_delivery',
        'Inland place of delivery is required',
        '请填写内陆交货地',
        400,
      ],
      [
        { transshipment_port_id: suite.ref.sha },
        'transshipment_port_id',
        'Transshipment port cannot be the port of loading',
        '中转港不能是起运港',
        400,
      ],
      [
        { transshipment_port_id: suite.ref.rtm },
        'transshipment_port_id',
        'cannot be the port of discharge',
        '中转港不能是卸货港',
        400,
      ],
      [{ transshipment_port_id: 2_000_000 }, 'transshipment_port_id', 'Transshipment port', '中转港', 400],
    ];
    for (const [bad, field, en, cn, status] of cases) {
      for (const submit of ['', '?submit=true']) {
        const reply = await api(
          'member',
          'POST',
          `/api/order/booking${submit}`,
          { ...plain(), ...good, ...bad },
          'en',
        );
        expect(reply.status, `${field} ${submit}`).toBe(status);
        expect(JSON.stringify(reply.body)).toContain(`"${field}"`);
        expect(JSON.stringify(reply.body)).toContain(en);
      }
      const zh = await api('member', 'POST', '/api/order/booking', { ...plain(), ...good, ...bad }, 'cn');
      expect(JSON.stringify(zh.body)).toContain(cn);
    }
    expect(ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total).toBe(before);
  });

  it('traces an edit of the places by field, and a copy keeps them', async () => {
    const body = { ...plain(), ...(await places()) };
    const draft = ok(await api('member', 'POST', '/api/order/booking', body));
    ok(
      await api('member', 'PUT', `/api/order/booking/${draft.id}`, {
        ...body,
        place_of_delivery: 'MUNICH',
        place_of_delivery_code: 'DEMUC',
      }),
    );
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: draft.id,
      fields: ['place_of_delivery', 'place_of_delivery_code'],
    });
    const copy = ok(await api('member', 'POST', `/api/order/${draft.id}/copy`));
    expect(copy).toMatchObject({
      place_of_delivery: 'MUNICH',
      place_of_delivery_code: 'DEMUC',
      transshipment_code: 'SGSIN',
    });
  });
});
