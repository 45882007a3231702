import { bookingInput, PARSE_OPTIONS } from '@freight/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bookingDetail, noLineTerms } from '../../test-support/booking-fixture';
import { newFormValues, toBookingInput, toFormValues } from './booking-form-values';
import { emptyDangerousGood, emptyReefer } from './booking-line-terms-values';

describe('the lines’ special cargo in the form', () => {
  const base = () => ({
    ...newFormValues('fcl'),
    forwarder_id: 7,
    shipper_id: 1,
    consignee_id: 2,
    ready_date: dayjs().add(3, 'day'),
    incoterm: 'FOB',
    pol_id: 10,
    pod_id: 11,
    to_id: 12,
  });
  const line = {
    container_id: 6,
    description: 'PAINT',
    packages: 10,
    unit_id: 1,
    weight: 500,
    volume: 2,
    quantity: 1,
  };
  const paint = {
    ...emptyDangerousGood(),
    un_number: ' un 1263 ',
    imo_class: '3',
    packing_group: 3 as const,
    proper_shipping_name: 'PAINT',
    flash_point: 23,
    emergency_contact_name: 'LI MING',
    emergency_contact_phone: '+86 21 5555 1234',
  };
  /** A saved line's dangerous good, as the reply gives it. */
  const savedPaint = {
    un_number: '1263',
    na_number: null,
    imo_class: '3',
    subsidiary_risk_1: null,
    subsidiary_risk_2: null,
    packing_group: 3 as const,
    proper_shipping_name: 'PAINT',
    technical_name: '',
    ems_number: 'F-E,S-E',
    is_marine_pollutant: false,
    is_limited_quantity: false,
    is_excepted_quantity: false,
    flash_point: 23,
    flash_point_unit: 'CEL' as const,
    inner_packaging: '',
    outer_packaging: '',
    net_explosive_content: null,
    emergency_contact_name: 'LI MING',
    emergency_contact_phone: '+86 21 5555 1234',
  };

  it('sends a plain line without special cargo', () => {
    const input = toBookingInput(
      { ...base(), containers: [{ ...newFormValues('fcl').containers[0], ...line }] },
      'fcl',
    );
    const { dangerous_goods: goods, ...equipment } = noLineTerms;
    expect(input.containers[0]).toMatchObject({ ...equipment, commodities: [{ dangerous_goods: goods }] });
    expect(toBookingInput(newFormValues('lcl'), 'lcl').cargo_items?.[0]).toMatchObject({
      dangerous_goods: [],
    });
  });

  it('sends a reefer’s settings, SOC with its tare weight, the overhang given and the dangerous goods', () => {
    const values = {
      ...base(),
      containers: [
        {
          ...line,
          is_shipper_owned: true,
          tare_weight: 4800.5,
          reefer: { ...emptyReefer(), temperature_setpoint: -18, ventilation_open: false, genset: true },
          out_of_gauge: { over_width_left: 20, over_width_right: 20, over_height: undefined },
          dangerous_goods: [emptyDangerousGood(), paint],
        },
      ],
    };
    const sent = toBookingInput(values, 'fcl').containers?.[0];
    expect(sent).toMatchObject({
      is_shipper_owned: true,
      tare_weight: '4800.5',
      is_non_operating_reefer: false,
      reefer: { temperature_setpoint: -18, temperature_unit: 'CEL', ventilation_open: false, genset: true },
      out_of_gauge: {
        over_length_front: null,
        over_length_back: null,
        over_width_left: 20,
        over_width_right: 20,
        over_height: null,
      },
    });
    // The entry added and left empty is no dangerous good.
    // The line's own dangerous goods are its first commodity's.
    expect(sent?.commodities[0]?.dangerous_goods).toEqual([
      { ...savedPaint, un_number: 'un 1263', ems_number: '', flash_point: 23 },
    ]);
    const parsed = bookingInput.safeParse(toBookingInput(values, 'fcl'), PARSE_OPTIONS);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.containers[0]?.commodities[0]?.dangerous_goods[0]).toMatchObject({
      un_number: '1263',
      packing_group: 3,
    });
  });

  it('sends no settings a non-operating reefer keeps, no tare weight without SOC, no empty overhang', () => {
    const sent = toBookingInput(
      {
        ...base(),
        containers: [
          {
            ...line,
            is_shipper_owned: false,
            tare_weight: 2200,
            is_non_operating_reefer: true,
            reefer: { ...emptyReefer(), temperature_setpoint: 5 },
            out_of_gauge: { over_height: null },
          },
          // Units alone are no settings.
          { ...line, reefer: emptyReefer() },
        ],
      },
      'fcl',
    ).containers;
    expect(sent?.[0]).toMatchObject({
      tare_weight: null,
      is_non_operating_reefer: true,
      reefer: null,
      out_of_gauge: null,
    });
    expect(sent?.[1]).toMatchObject({ reefer: null, commodities: [{ dangerous_goods: [] }] });
  });

  it('edits and copies a saved line’s special cargo and sends it back as it was', () => {
    const terms = {
      is_shipper_owned: true,
      tare_weight: '4800.500',
      is_non_operating_reefer: false,
      reefer: {
        temperature_setpoint: -18,
        temperature_unit: 'CEL' as const,
        ventilation_open: false,
        air_exchange_setpoint: null,
        air_exchange_unit: 'MQH' as const,
        humidity_setpoint: 85,
        o2_setpoint: null,
        co2_setpoint: null,
        drainholes_open: false,
        bulb_mode: false,
        cold_treatment: true,
        controlled_atmosphere: false,
        pre_cooling: true,
        genset: false,
      },
      out_of_gauge: null,
    };
    const saved = bookingDetail();
    const first = saved.containers[0];
    const commodity = first?.commodities[0];
    if (!first || !commodity) throw new Error('no line');
    // The line's dangerous goods are its commodities'.
    const withTerms = {
      ...saved,
      containers: [
        {
          ...first,
          ...terms,
          dangerous_goods: [savedPaint],
          commodities: [{ ...commodity, dangerous_goods: [savedPaint] }],
        },
      ],
    };
    for (const isCopy of [false, true]) {
      const sent = toBookingInput(toFormValues(withTerms, isCopy), 'fcl').containers[0];
      expect(sent, String(isCopy)).toMatchObject({
        ...terms,
        tare_weight: '4800.5',
        commodities: [{ dangerous_goods: [savedPaint] }],
      });
    }
    const lcl = bookingDetail({
      container_mode: 2,
      containers: [],
      cargo_items: [{ ...first, dangerous_goods: [savedPaint] }],
    });
    expect(toBookingInput(toFormValues(lcl, true), 'lcl').cargo_items?.[0]?.dangerous_goods).toEqual([
      savedPaint,
    ]);
  });
});
