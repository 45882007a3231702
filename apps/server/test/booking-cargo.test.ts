import type { BookingForm, BookingRow, ListData } from '@freight/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers.js';
import { bookingSuite } from './booking-suite.js';

/*
 * What a booking line says beyond its cargo (a reefer's settings, dangerous goods, a flat rack's
 * overhang, a shipper-owned box): saved, refused by name where the line's type or a submit needs
 * it, read by both sides, traced, copied, listed, exported and printed on the booking note.
 */

describeEachDatabase('booking special cargo', (kind) => {
  const { suite, api, ok, plain, noteText, exportRows, lastActivity } = bookingSuite(kind);

  const base = plain;
  const line = () => base().containers[0] ?? {};
  const withLines = (...containers: object[]) => ({ ...base(), containers });

  const reefer = { temperature_setpoint: '-18', temperature_unit: 'CEL', ventilation_open: false };
  const paint = {
    un_number: 'UN 1263',
    imo_class: '3',
    packing_group: 'III',
    proper_shipping_name: 'paint',
    ems_number: 'F-E S-E',
    flash_point: '23',
    emergency_contact_name: '王工',
    emergency_contact_phone: '+86 21 6666 1234',
  };
  const overWidth = { over_width_left: '20', over_width_right: 20 };
  const special = () =>
    withLines(
      { ...line(), container_id: suite.ref.rf40, description: 'FROZEN SHRIMP', reefer },
      { ...line(), description: 'PAINT IN TINS', dangerous_goods: [paint] },
      { ...line(), container_id: suite.ref.fr40, description: 'EXCAVATOR', out_of_gauge: overWidth },
      { ...line(), is_shipper_owned: true, tare_weight: '2200' },
    );

  it('keeps a reefer, a dangerous, a flat-rack and a shipper-owned line, for the member and its forwarder', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', special()));
    const expected = [
      {
        container_name: '40RF',
        reefer: {
          temperature_setpoint: -18,
          temperature_unit: 'CEL',
          ventilation_open: false,
          genset: false,
        },
        is_non_operating_reefer: false,
        out_of_gauge: null,
        dangerous_goods: [],
      },
      {
        dangerous_goods: [
          {
            un_number: '1263',
            na_number: null,
            imo_class: '3',
            packing_group: 3,
            proper_shipping_name: 'PAINT',
            ems_number: 'F-E S-E',
            flash_point: 23,
            flash_point_unit: 'CEL',
            emergency_contact_name: '王工',
          },
        ],
      },
      {
        container_name: '40FR',
        out_of_gauge: {
          over_length_front: null,
          over_width_left: 20,
          over_width_right: 20,
          over_height: null,
        },
      },
      { is_shipper_owned: true, tare_weight: '2200.000', reefer: null },
    ];
    expect(b.containers).toMatchObject(expected);
    expect(ok(await api('fwd', 'GET', `/api/forwarder/order/${b.id}`)).containers).toMatchObject(expected);
    expect(
      ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${b.id}`)).containers,
    ).toMatchObject(expected);
    const rows = ok(
      await api<ListData<BookingRow>>('fwd', 'GET', `/api/forwarder/order?keyword=${b.order_no}`),
    );
    expect(rows.lists[0]?.special_cargo).toBe('DG UN 1263 · RF -18 °C · OOG · SOC');
    expect((await api('other', 'GET', `/api/order/${b.id}`)).status).toBe(404);
  });

  it('reads a booking without special cargo as plain lines', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', base()));
    expect(b.containers[0]).toMatchObject({
      is_shipper_owned: false,
      tare_weight: null,
      is_non_operating_reefer: false,
      reefer: null,
      out_of_gauge: null,
      dangerous_goods: [],
    });
    const rows = ok(await api<ListData<BookingRow>>('member', 'GET', `/api/order?keyword=${b.order_no}`));
    expect(rows.lists[0]?.special_cargo).toBe('');
  });

  it('refuses a reefer without its set temperature on submit, by name and in the reader’s language', async () => {
    const cold = { ...line(), container_id: suite.ref.rf40 };
    const en = await api('member', 'POST', '/api/order/booking?submit=true', withLines(cold), 'en');
    expect(en.status).toBe(422);
    expect(JSON.stringify(en.body)).toContain('containers.0.reefer.temperature_setpoint');
    expect(JSON.stringify(en.body)).toContain('Set temperature (row 1) is required for a reefer');
    const cn = await api('member', 'POST', '/api/order/booking?submit=true', withLines(cold), 'cn');
    expect(JSON.stringify(cn.body)).toContain('设定温度');
    // A draft may wait for it; its submit names it.
    const draft = ok(await api('member', 'POST', '/api/order/booking', withLines(cold)));
    const submit = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'en');
    expect(submit.status).toBe(422);
    expect(JSON.stringify(submit.body)).toContain('containers.0.reefer.temperature_setpoint');
    // A reefer booked to run dry needs none.
    ok(
      await api(
        'member',
        'POST',
        '/api/order/booking?submit=true',
        withLines({ ...cold, is_non_operating_reefer: true }),
      ),
    );
  });

  it('refuses in a draft too what the line’s type contradicts, and writes nothing', async () => {
    const before = ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total;
    const cases: [object, string, string][] = [
      [{ ...line(), reefer }, 'containers.0.reefer', 'apply only to an operating reefer'],
      [{ ...line(), out_of_gauge: overWidth }, 'containers.0.out_of_gauge', 'open-top, flat-rack'],
      [
        { ...line(), reefer: { ...reefer, temperature_setpoint: '-90' } },
        'containers.0.reefer.temperature_setpoint',
        'between -70 and 40 °C',
      ],
      [
        { ...line(), dangerous_goods: [{ ...paint, na_number: '1993' }] },
        'containers.0.commodities.0.dangerous_goods.0.na_number',
        'not both',
      ],
      [
        { ...line(), dangerous_goods: [{ ...paint, un_number: '12634' }] },
        'containers.0.commodities.0.dangerous_goods.0.un_number',
        'must be 4 digits',
      ],
    ];
    for (const [bad, field, words] of cases) {
      const reply = await api('member', 'POST', '/api/order/booking', withLines(bad), 'en');
      expect(reply.status, field).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(field);
      expect(JSON.stringify(reply.body)).toContain(words);
    }
    // Empty overhang inputs on a dry box say nothing, and are kept as none.
    const empty = { over_length_front: '', over_width_left: null, over_height: 0 };
    const saved = ok(
      await api('member', 'POST', '/api/order/booking', withLines({ ...line(), out_of_gauge: empty })),
    );
    expect(saved.containers[0]?.out_of_gauge).toBeNull();
    expect(ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total).toBe(before + 1);
  });

  it('asks on submit for what dangerous goods and a shipper-owned box need', async () => {
    const cases: [object, string, string][] = [
      [
        { ...line(), dangerous_goods: [{ ...paint, packing_group: '' }] },
        'containers.0.commodities.0.dangerous_goods.0.packing_group',
        'is required for class 3 dangerous goods',
      ],
      [
        { ...line(), dangerous_goods: [{ ...paint, emergency_contact_phone: '' }] },
        'containers.0.commodities.0.dangerous_goods.0.emergency_contact_phone',
        'is required for dangerous goods',
      ],
      [
        { ...line(), dangerous_goods: [{ ...paint, imo_class: '1.4S', packing_group: '' }] },
        'containers.0.commodities.0.dangerous_goods.0.net_explosive_content',
        'is required for class 1',
      ],
      [{ ...line(), is_shipper_owned: true }, 'containers.0.tare_weight', 'shipper-owned container'],
    ];
    for (const [bad, field, words] of cases) {
      const reply = await api('member', 'POST', '/api/order/booking?submit=true', withLines(bad), 'en');
      expect(reply.status, field).toBe(422);
      expect(JSON.stringify(reply.body)).toContain(field);
      expect(JSON.stringify(reply.body)).toContain(words);
      // Saved as a draft, the same line waits.
      ok(await api('member', 'POST', '/api/order/booking', withLines(bad)));
    }
  });

  it('keeps dangerous goods on an LCL cargo line', async () => {
    const { containers: [cargo] = [], ...rest } = base();
    const { container_id: _c, quantity: _q, ...item } = cargo ?? {};
    const b = ok(
      await api('member', 'POST', '/api/order/booking?submit=true', {
        ...rest,
        container_mode: 2,
        cargo_items: [{ ...item, dangerous_goods: [paint] }],
      }),
    );
    expect(b.cargo_items[0]?.dangerous_goods[0]).toMatchObject({ un_number: '1263', packing_group: 3 });
  });

  it('traces an edit of a line’s terms, and a copy keeps them', async () => {
    const draft = ok(await api('member', 'POST', '/api/order/booking', special()));
    const changed = special();
    const first = changed.containers[0] as { reefer: typeof reefer };
    first.reefer = { ...reefer, temperature_setpoint: '-20' };
    ok(await api('member', 'PUT', `/api/order/booking/${draft.id}`, changed));
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: draft.id,
      fields: ['containers'],
    });
    const copy = ok(await api('member', 'POST', `/api/order/${draft.id}/copy`));
    expect(copy.containers[0]?.reefer?.temperature_setpoint).toBe(-20);
    expect(copy.containers[1]?.dangerous_goods[0]?.un_number).toBe('1263');
    expect(copy.containers[2]?.out_of_gauge?.over_width_left).toBe(20);
    const rows = ok(await api<ListData<BookingRow>>('member', 'GET', `/api/order?keyword=${copy.order_no}`));
    expect(rows.lists[0]?.special_cargo).toBe('DG UN 1263 · RF -20 °C · OOG · SOC');
  });

  it('exports the special cargo and prints each line’s on the booking note', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', special()));
    const rows = await exportRows(b.order_no, 'en');
    const column = rows[0]?.indexOf('Special cargo') ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(rows[1]?.[column]).toBe('DG UN 1263 · RF -18 °C · OOG · SOC');

    for (const [lang, words] of [
      [
        'cn',
        ['设备与特种货物', '第1行·40RF', '-18°CVENTCLOSED', 'UN1263PAINTCL3PGIIIEMSF-ES-EFP23°C', '王工'],
      ],
      ['en', ['Equipmentandspecialcargo', 'Line3·40FR', 'OOGL0/0W20/20H0CM', 'SOCTARE2200.000KG']],
    ] as const) {
      const text = await noteText(b.id, lang);
      for (const word of words) expect(text).toContain(word);
    }
  });
});
