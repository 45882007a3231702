import { describe, expect, it } from 'vitest';
import { bookingLineProblems } from './booking-commodities.js';
import {
  dangerousGoodInput,
  dangerousGoodProblems,
  dangerousGoodText,
  equipmentTermsText,
  outOfGaugeInput,
  specialCargoSummary,
} from './booking-cargo.js';
import { reeferSettingsInput } from './booking-terms.js';

const dg = (input: object) => dangerousGoodInput.parse(input);
const keys = (problems: { field: string; key: string }[]) => problems.map((p) => `${p.field}:${p.key}`);

const paint = {
  un_number: 'un 1263',
  imo_class: '3',
  packing_group: 'PG III',
  proper_shipping_name: 'paint',
  emergency_contact_name: 'CHEMTREC',
  emergency_contact_phone: '+1 703 527 3887',
};

describe('dangerous goods', () => {
  it('reads the codes as people write them', () => {
    expect(dg(paint)).toMatchObject({ un_number: '1263', packing_group: 3, proper_shipping_name: 'PAINT' });
  });

  it('asks on submit for the number, class, name, packing group and emergency contact', () => {
    const empty = dg({});
    expect(keys(dangerousGoodProblems(empty, { at: ['x'], submit: false }))).toEqual([]);
    expect(keys(dangerousGoodProblems(empty, { submit: true }))).toEqual([
      'un_number:tradeCodes.unOrNaRequired',
      'imo_class:validation.required',
      'proper_shipping_name:validation.required',
      'emergency_contact_name:bookingTerms.emergencyContactRequired',
      'emergency_contact_phone:bookingTerms.emergencyContactRequired',
    ]);
    expect(keys(dangerousGoodProblems(dg({ ...paint, packing_group: '' })))).toEqual([
      'packing_group:tradeCodes.packingGroupRequired',
    ]);
    expect(dangerousGoodProblems(dg(paint))).toEqual([]);
  });

  it('refuses contradictions even in a draft', () => {
    const draft = { submit: false };
    expect(keys(dangerousGoodProblems(dg({ ...paint, na_number: '1993' }), draft))).toEqual([
      'na_number:tradeCodes.unOrNaNotBoth',
    ]);
    expect(
      keys(dangerousGoodProblems(dg({ ...paint, imo_class: '2.1', packing_group: 'II' }), draft)),
    ).toEqual(['packing_group:tradeCodes.packingGroupNotTaken']);
    expect(keys(dangerousGoodProblems(dg({ ...paint, net_explosive_content: '5' }), draft))).toEqual([
      'net_explosive_content:bookingTerms.netExplosiveClass1Only',
    ]);
    expect(
      keys(
        dangerousGoodProblems(dg({ ...paint, is_limited_quantity: true, is_excepted_quantity: true }), draft),
      ),
    ).toEqual(['is_excepted_quantity:bookingTerms.limitedOrExcepted']);
  });

  it('asks explosives for their net explosive content', () => {
    const fireworks = dg({ ...paint, un_number: '0336', imo_class: '1.4g', packing_group: '' });
    expect(keys(dangerousGoodProblems(fireworks))).toEqual([
      'net_explosive_content:bookingTerms.netExplosiveRequired',
    ]);
    expect(dangerousGoodProblems({ ...fireworks, net_explosive_content: '12.5' })).toEqual([]);
  });

  it('prints a good in the trade’s words', () => {
    expect(
      dangerousGoodText(dg({ ...paint, subsidiary_risk_1: '8', ems_number: 'F-E S-E', flash_point: '-5' })),
    ).toBe('UN 1263 PAINT CL 3 (8) PG III EMS F-E S-E FP -5 °C');
  });
});

describe('the lines’ rules by container type', () => {
  const container = (terms: object) => ({
    container_id: 1,
    is_shipper_owned: false,
    tare_weight: null,
    is_non_operating_reefer: false,
    reefer: null,
    out_of_gauge: null,
    commodities: [],
    ...terms,
  });
  const fcl = (...containers: object[]) => ({
    container_mode: 1,
    containers: containers.map(container),
    cargo_items: [],
  });
  const types = new Map([
    [1, '40RF'],
    [2, '40HQ'],
    [3, '40FR'],
  ]);
  const check = (booking: ReturnType<typeof fcl>, submit = true) =>
    keys(bookingLineProblems(booking, (id) => types.get(id) ?? null, { submit }));

  it('asks a reefer for its temperature on submit, unless run dry', () => {
    expect(check(fcl({}))).toEqual([
      'containers.0.reefer.temperature_setpoint:bookingTerms.reeferTemperatureRequired',
    ]);
    expect(check(fcl({}), false)).toEqual([]);
    expect(check(fcl({ is_non_operating_reefer: true }))).toEqual([]);
    const cold = reeferSettingsInput.parse({ temperature_setpoint: '-18', ventilation_open: false });
    expect(check(fcl({ reefer: cold }))).toEqual([]);
  });

  it('takes overhang only on an open-top, flat-rack or platform', () => {
    const oog = outOfGaugeInput.parse({ over_width_left: '20', over_width_right: 20 });
    expect(check(fcl({ container_id: 3, out_of_gauge: oog }))).toEqual([]);
    expect(check(fcl({ container_id: 2, out_of_gauge: oog }), false)).toEqual([
      'containers.0.out_of_gauge:bookingTerms.outOfGaugeNotApplicable',
    ]);
    // Inputs left empty state nothing.
    expect(check(fcl({ container_id: 2, out_of_gauge: outOfGaugeInput.parse({}) }))).toEqual([]);
  });

  it('names the dangerous goods of an LCL line by their row', () => {
    const booking = { container_mode: 2, containers: [], cargo_items: [{ dangerous_goods: [dg({})] }] };
    expect(keys(bookingLineProblems(booking, () => null, { submit: true }))[0]).toBe(
      'cargo_items.0.dangerous_goods.0.un_number:tradeCodes.unOrNaRequired',
    );
  });
});

describe('special cargo as printed and listed', () => {
  it('writes each line’s equipment terms in the trade’s abbreviations', () => {
    const reefer = reeferSettingsInput.parse({
      temperature_setpoint: 5,
      air_exchange_setpoint: 25,
      humidity_setpoint: 85,
      genset: true,
    });
    expect(
      equipmentTermsText({
        is_shipper_owned: true,
        tare_weight: '3900.000',
        is_non_operating_reefer: false,
        reefer,
        out_of_gauge: outOfGaugeInput.parse({ over_length_back: 50, over_height: 30 }),
      }),
    ).toEqual(['SOC TARE 3900.000 KG', '+5 °C VENT 25 CBM/H RH 85% GENSET', 'OOG L 0/50 W 0/0 H 30 CM']);
  });

  it('sums up a booking’s lines in one line, empty for plain cargo', () => {
    const cold = reeferSettingsInput.parse({ temperature_setpoint: -18 });
    expect(specialCargoSummary([{ dangerous_goods: [] }])).toBe('');
    expect(
      specialCargoSummary([
        { reefer: cold, dangerous_goods: [] },
        { reefer: cold, dangerous_goods: [dg(paint), dg({ na_number: '1993' })] },
        { is_non_operating_reefer: true, dangerous_goods: [] },
      ]),
    ).toBe('DG UN 1263, NA 1993 · RF -18 °C · NOR');
  });
});
