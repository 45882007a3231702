import type { BookingForm, BookingRow, ListData } from '@freight/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers.js';
import { bookingSuite } from './booking-suite.js';

/*
 * The booking's commercial and B/L terms: saved, read by both sides, listed, traced, copied,
 * exported and printed on the booking note, with the contradictions refused by name.
 */

describeEachDatabase('booking commercial terms', (kind) => {
  const { api, ok, plain, noteText, exportRows, lastActivity } = bookingSuite(kind);

  const base = plain;
  const terms = {
    service_contract_reference: 'sc-2026-0042',
    is_equipment_substitution_allowed: true,
    is_partial_load_allowed: false,
    is_export_declaration_required: true,
    export_declaration_reference: '310120260001234567',
    declared_value: '85000.5',
    declared_value_currency: 'cny',
    origin_charges_payment: 'prepaid',
    destination_charges_payment: 'collect',
    freight_payable_at: 'cn sha',
    bl_issue_place: 'CNSHA',
    transport_document_type: 'BOL',
    number_of_originals: '3',
    purchase_order_reference: 'po-778',
    export_license_reference: 'EL 99',
    customs_references: [{ type: 'acid', country_code: 'eg', values: ['1234567890123456789'] }],
  };
  const stored = {
    ...terms,
    service_contract_reference: 'SC-2026-0042',
    declared_value: '85000.50',
    declared_value_currency: 'CNY',
    freight_payable_at: 'CNSHA',
    number_of_originals: 3,
    purchase_order_reference: 'PO-778',
    customs_references: [{ type: 'ACID', country_code: 'EG', values: ['1234567890123456789'] }],
  };

  it('keeps the terms for the member and its forwarder, in the form and the list', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', { ...base(), ...terms }));
    expect(b).toMatchObject(stored);
    expect(ok(await api('fwd', 'GET', `/api/forwarder/order/${b.id}`))).toMatchObject(stored);
    expect(ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${b.id}`))).toMatchObject(stored);
    const rows = ok(
      await api<ListData<BookingRow>>('fwd', 'GET', `/api/forwarder/order?keyword=${b.order_no}`),
    );
    expect(rows.lists[0]).toMatchObject({
      service_contract_reference: 'SC-2026-0042',
      transport_document_type: 'BOL',
    });
    expect((await api('other', 'GET', `/api/order/${b.id}`)).status).toBe(404);
  });

  it('reads a booking without them as saying none', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', base()));
    expect(b).toMatchObject({
      service_contract_reference: '',
      is_equipment_substitution_allowed: false,
      declared_value: null,
      origin_charges_payment: '',
      transport_document_type: '',
      number_of_originals: null,
      customs_references: [],
    });
  });

  it('refuses contradictions and wrong codes by name, in a draft too, and writes nothing', async () => {
    const before = ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total;
    const cases: [object, string, string][] = [
      [{ declared_value_currency: '' }, 'declared_value_currency', 'is required with a declared value'],
      [
        { declared_value: '', declared_value_currency: 'USD' },
        'declared_value',
        'is required with its currency',
      ],
      [{ declared_value: '12.345' }, 'declared_value', 'at most 2 decimals'],
      [{ declared_value_currency: 'XXX' }, 'declared_value_currency', 'not a valid currency code'],
      [{ transport_document_type: 'SWB', number_of_originals: 2 }, 'number_of_originals', 'sea waybill'],
      [{ number_of_originals: 4 }, 'number_of_originals', ''],
      [
        { is_export_declaration_required: false },
        'export_declaration_reference',
        'only when an export declaration',
      ],
      [{ freight_payable_at: 'SHANGHAI' }, 'freight_payable_at', 'not a valid UN/LOCODE'],
      [{ origin_charges_payment: 'cash' }, 'origin_charges_payment', ''],
      [{ service_contract_reference: 'X'.repeat(31) }, 'service_contract_reference', ''],
    ];
    for (const [bad, field, words] of cases) {
      const reply = await api('member', 'POST', '/api/order/booking', { ...base(), ...terms, ...bad }, 'en');
      expect(reply.status, field).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(`"${field}"`);
      expect(JSON.stringify(reply.body)).toContain(words);
    }
    const cn = await api(
      'member',
      'POST',
      '/api/order/booking',
      { ...base(), ...terms, declared_value_currency: '' },
      'cn',
    );
    expect(JSON.stringify(cn.body)).toContain('填写申报价值时须填写申报价值币种');
    expect(ok(await api<ListData<BookingRow>>('member', 'GET', '/api/order')).total).toBe(before);
  });

  it('traces an edit of the terms by field, and a copy keeps them', async () => {
    const draft = ok(await api('member', 'POST', '/api/order/booking', { ...base(), ...terms }));
    ok(
      await api('member', 'PUT', `/api/order/booking/${draft.id}`, {
        ...base(),
        ...terms,
        declared_value: '85000.50',
        destination_charges_payment: 'prepaid',
      }),
    );
    // 85000.5 and 85000.50 are the same value: only the charges changed.
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: draft.id,
      fields: ['destination_charges_payment'],
    });
    const copy = ok(await api('member', 'POST', `/api/order/${draft.id}/copy`));
    expect(copy).toMatchObject({ ...stored, destination_charges_payment: 'prepaid' });
  });

  it('exports them and prints them on the booking note', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', { ...base(), ...terms }));
    const rows = await exportRows(b.order_no, 'cn');
    expect(rows[1]?.[rows[0]?.indexOf('运价合约号') ?? -1]).toBe('SC-2026-0042');
    expect(rows[1]?.[rows[0]?.indexOf('运输单据') ?? -1]).toBe('提单');
    for (const [lang, words] of [
      [
        'cn',
        [
          '商务与提单条款',
          '运价合约号SC-2026-0042',
          '申报价值CNY85,000.50',
          '目的港费用到付',
          '签单地CNSHA',
          '提单·正本份数3',
          'ACIDEG:1234567890123456789',
        ],
      ],
      [
        'en',
        [
          'CommercialandB/Lterms',
          'EquipmentsubstitutionallowedYes',
          'ExportdeclarationrequiredYes·310120260001234567',
          'Billoflading·Numberoforiginals3',
        ],
      ],
    ] as const) {
      const text = await noteText(b.id, lang);
      for (const word of words) expect(text).toContain(word);
    }
  });
});
