import type { BookingForm, BookingRow, ListData } from '@freight/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers.js';
import { bookingSuite } from './booking-suite.js';

/*
 * An FCL line as an equipment group of commodities: three 40RF holding shoes and T-shirts are one
 * line of three boxes with two commodities, each with its HS codes, Chinese name, packages, gross
 * and net weight and dangerous goods; read back by both sides, summed into the line's and the
 * booking's totals, traced, copied, listed and printed a row per commodity on the booking note.
 */

describeEachDatabase('booking commodities', (kind) => {
  const { suite, api, ok, plain, noteText, exportRows, lastActivity } = bookingSuite(kind);

  const paint = {
    un_number: '1263',
    imo_class: '3',
    packing_group: 'III',
    proper_shipping_name: 'paint',
    emergency_contact_name: 'WANG',
    emergency_contact_phone: '+86 21 6666 1234',
  };
  const shoes = {
    description: 'leather shoes',
    hs_codes: '6403.99, 6404.11',
    commodity_cn: '皮鞋',
    packages: 100,
    unit_id: 0,
    weight: '1200.5',
    net_weight: '1100',
    volume: '20',
  };
  const tins = { description: 'paint in tins', hs_codes: ['320810'], weight: 800, dangerous_goods: [paint] };
  const grouped = (commodities: object[] = [{ ...shoes, unit_id: suite.ref.ct }, tins]) => ({
    ...plain(),
    containers: [{ container_id: suite.ref.gp20, quantity: 3, commodities }],
  });

  it('keeps an equipment group’s commodities for the member and its forwarder, with the line’s totals', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', grouped(), 'en'));
    const expected = {
      quantity: 3,
      container_name: '20GP',
      // The line's flat fields are its totals: the first commodity's words, the sums.
      description: 'LEATHER SHOES',
      hs_code: '640399',
      packages: 100,
      weight: '2000.500',
      volume: '20.000',
      dangerous_goods: [{ un_number: '1263', packing_group: 3 }],
      commodities: [
        {
          description: 'LEATHER SHOES',
          hs_codes: ['640399', '640411'],
          commodity_cn: '皮鞋',
          packages: 100,
          unit_id: suite.ref.ct,
          unit_name: 'Carton',
          weight: '1200.500',
          net_weight: '1100.000',
          volume: '20.000',
          dangerous_goods: [],
        },
        {
          description: 'PAINT IN TINS',
          hs_codes: ['320810'],
          packages: null,
          unit_name: '',
          weight: '800.000',
          net_weight: '',
          volume: '',
          dangerous_goods: [{ un_number: '1263', imo_class: '3', packing_group: 3 }],
        },
      ],
    };
    expect(b.containers).toMatchObject([expected]);
    expect(b.totals).toMatchObject({ weight: '2000.500', packages: 100, container_count: 3 });
    const forwarders = ok(await api('fwd', 'GET', `/api/forwarder/order/${b.id}`, undefined, 'en'));
    expect(forwarders.containers).toMatchObject([expected]);
    const form = ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${b.id}`, undefined, 'cn'));
    expect(form.containers[0]?.commodities[0]?.unit_name).toBe('纸箱');
    const rows = ok(
      await api<ListData<BookingRow>>('fwd', 'GET', `/api/forwarder/order?keyword=${b.order_no}`),
    );
    expect(rows.lists[0]?.special_cargo).toBe('DG UN 1263');
    expect((await api('other', 'GET', `/api/order/${b.id}`)).status).toBe(404);
  });

  it('refuses a commodity’s bad values by its line and its place, in both languages, and writes nothing', async () => {
    const before = ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total;
    const cases: [object[], string, string, string][] = [
      [
        [
          { ...shoes, unit_id: suite.ref.ct },
          { ...tins, net_weight: '800.001' },
        ],
        'containers.0.commodities.1.net_weight',
        'Net weight (KG) (row 1, commodity 2) cannot be more than the gross weight',
        '第 1 行第 2 项货物净重（KG）不能大于毛重',
      ],
      [
        [{ ...tins, hs_codes: '320810, 3208' }],
        'containers.0.commodities.0.hs_codes.1',
        'must have 6 to 10 digits',
        '须为 6 到 10 位数字',
      ],
      [[{ ...tins, unit_id: 999_999 }], 'containers.0.commodities.0.unit_id', 'Package', '包装'],
      [[], 'containers.0.commodities', 'at least one commodity', '至少要有一项货物'],
    ];
    for (const [commodities, field, en, cn] of cases) {
      const english = await api('member', 'POST', '/api/order/booking', grouped(commodities), 'en');
      expect(english.status, field).toBe(400);
      expect(JSON.stringify(english.body), field).toContain(field);
      expect(JSON.stringify(english.body), field).toContain(en);
      const chinese = await api('member', 'POST', '/api/order/booking', grouped(commodities), 'cn');
      expect(JSON.stringify(chinese.body), field).toContain(cn);
    }
    // On submit: a count without its package code, and each commodity's dangerous goods' rules.
    const submit = await api(
      'member',
      'POST',
      '/api/order/booking?submit=true',
      grouped([
        { ...tins, packages: 5 },
        { ...tins, dangerous_goods: [{ ...paint, packing_group: '' }] },
      ]),
      'en',
    );
    expect(submit.status).toBe(422);
    expect(submit.body.errors?.map((e) => e.field)).toEqual([
      'containers.0.commodities.0.unit_id',
      'containers.0.commodities.1.dangerous_goods.0.packing_group',
    ]);
    expect(ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total).toBe(before);
  });

  it('traces a change of one commodity, not a booking saved unchanged, and a copy keeps them all', async () => {
    const draft = ok(await api('member', 'POST', '/api/order/booking', grouped()));
    // The form sends back what it read, in the reply's key order: nothing changed, nothing traced.
    const again = ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${draft.id}`));
    ok(
      await api('member', 'PUT', `/api/order/booking/${draft.id}`, {
        ...grouped(),
        containers: again.containers,
      }),
    );
    expect(await lastActivity()).toMatchObject({ action: 'create', object_id: draft.id });
    ok(
      await api(
        'member',
        'PUT',
        `/api/order/booking/${draft.id}`,
        grouped([
          { ...shoes, unit_id: suite.ref.ct },
          { ...tins, weight: '850' },
        ]),
      ),
    );
    expect(await lastActivity()).toMatchObject({ action: 'update', fields: ['containers'] });
    const copy = ok(await api('member', 'POST', `/api/order/${draft.id}/copy`));
    expect(copy.containers[0]?.commodities.map((c) => [c.description, c.weight])).toEqual([
      ['LEATHER SHOES', '1200.500'],
      ['PAINT IN TINS', '850.000'],
    ]);
    expect(copy.totals.weight).toBe('2050.500');
  });

  it('exports each booking’s goods with their HS codes, in both languages', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', grouped()));
    for (const [lang, header] of [
      ['en', 'Goods'],
      ['cn', '货物'],
    ] as const) {
      const rows = await exportRows(b.order_no, lang);
      const column = rows[0]?.indexOf(header) ?? -1;
      expect(column, lang).toBeGreaterThan(-1);
      expect(rows[1]?.[column]).toBe('LEATHER SHOES (640399, 640411); PAINT IN TINS (320810)');
    }
  });

  it('prints each commodity with its HS codes, Chinese name, net weight and packages on the booking note', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', grouped()));
    for (const [lang, words] of [
      [
        'cn',
        ['LEATHERSHOES', '皮鞋', '640399,640411', '净重（KG）1100.000', '100纸箱', 'PAINTINTINS', '800.000'],
      ],
      ['en', ['LEATHERSHOES', '640399,640411', 'Netweight(KG)1100.000', '100Carton', 'PAINTINTINS']],
    ] as const) {
      const text = await noteText(b.id, lang);
      for (const word of words) expect(text, word).toContain(word);
    }
  });
});
