import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  containerPositioningInput,
  containerPositioningsField,
  defaultServiceType,
  doorProblems,
  equipmentProblems,
  equipmentTermFields,
  REEFER_TEMPERATURE_RANGE,
  reeferSettingsInput,
  requestedSailingFields,
  requestedSailingInput,
  sailingProblem,
  serviceTermFields,
  serviceTermText,
  serviceTypesOf,
} from './booking-terms.js';
import type { Locale } from './language.js';
import { addProblems } from './trade-codes.js';
import { PARSE_OPTIONS, toFieldErrors } from './validation.js';

function errorsOf(schema: z.ZodType, value: unknown, locale: Locale = 'en-US') {
  const result = schema.safeParse(value, PARSE_OPTIONS);
  return result.success ? [] : toFieldErrors(result.error, locale);
}

describe('service at origin and destination', () => {
  it('default to CY for FCL and CFS for LCL, unless chosen', () => {
    expect(defaultServiceType(1)).toBe('CY');
    expect(defaultServiceType(2)).toBe('CFS');
    expect(serviceTypesOf({ container_mode: 1 })).toEqual({ receipt: 'CY', delivery: 'CY' });
    expect(serviceTypesOf({ container_mode: 2, receipt_type: '', delivery_type: null })).toEqual({
      receipt: 'CFS',
      delivery: 'CFS',
    });
    expect(serviceTypesOf({ container_mode: 1, receipt_type: 'SD' })).toEqual({
      receipt: 'SD',
      delivery: 'CY',
    });
  });

  it('print the 运输条款 with the store door as DOOR', () => {
    expect(serviceTermText('CY', 'CY')).toBe('CY-CY');
    expect(serviceTermText('CY', 'SD')).toBe('CY-DOOR');
    expect(serviceTermText('SD', 'CY')).toBe('DOOR-CY');
    expect(serviceTermText('CFS', 'CFS')).toBe('CFS-CFS');
  });

  it('take DCSA’s codes only', () => {
    const schema = z.strictObject(serviceTermFields);
    expect(schema.parse({})).toEqual({ receipt_type: '', delivery_type: '' });
    expect(schema.parse({ receipt_type: 'SD', delivery_type: 'CFS' })).toEqual({
      receipt_type: 'SD',
      delivery_type: 'CFS',
    });
    expect(errorsOf(schema, { receipt_type: 'DOOR' })).toEqual([
      { field: 'receipt_type', message: 'Receipt type at origin has an invalid value' },
    ]);
  });
});

describe('the sailing asked for', () => {
  const none = requestedSailingInput.parse({});

  it('reads every field as optional, and checks the IMO number and dates it is given', () => {
    expect(none).toMatchObject({
      requested_etd: null,
      requested_vessel_name: '',
      requested_vessel_imo: null,
    });
    const sailing = requestedSailingInput.parse({
      requested_etd: '2026-12-10',
      requested_vessel_name: 'ever given',
      requested_vessel_imo: 'IMO 9811000',
      requested_voyage: '1234e',
      requested_service_code: 'fe1',
      latest_shipment_date: '2026-12-20',
    });
    expect(sailing).toMatchObject({
      requested_vessel_name: 'EVER GIVEN',
      requested_vessel_imo: '9811000',
      requested_voyage: '1234E',
      requested_service_code: 'FE1',
    });
    expect(
      errorsOf(requestedSailingInput, { requested_vessel_name: 'X', requested_vessel_imo: '9074728' })[0],
    ).toEqual({
      field: 'requested_vessel_imo',
      message: 'Vessel IMO number is not a valid IMO number: 7 digits, the last of them a check digit',
    });
    expect(errorsOf(requestedSailingInput, { requested_service_code: 'ABCDEFGHIJKL' })[0]?.field).toBe(
      'requested_service_code',
    );
  });

  it('holds the arrival window whole and in order', () => {
    expect(
      errorsOf(requestedSailingInput, {
        requested_arrival_from: '2027-01-10',
        requested_arrival_to: '2027-01-09',
      }),
    ).toEqual([
      {
        field: 'requested_arrival_to',
        message: 'Arrival window end cannot be before the arrival window start',
      },
    ]);
    expect(errorsOf(requestedSailingInput, { requested_arrival_from: '2027-01-10' }, 'zh-CN')).toEqual([
      { field: 'requested_arrival_to', message: '请填写要求到达日期止：到达时间窗须有起止两个日期' },
    ]);
    expect(
      errorsOf(requestedSailingInput, {
        requested_arrival_from: '2027-01-10',
        requested_arrival_to: '2027-01-10',
      }),
    ).toEqual([]);
  });

  it('ties an IMO number to a vessel, a voyage to a vessel or service, the ETD to the L/C', () => {
    expect(errorsOf(requestedSailingInput, { requested_vessel_imo: '9074729' })).toEqual([
      { field: 'requested_vessel_name', message: 'Requested vessel is required with a vessel IMO number' },
    ]);
    expect(errorsOf(requestedSailingInput, { requested_voyage: '2103S' })).toEqual([
      {
        field: 'requested_voyage',
        message: 'Requested voyage needs a vessel, a service code or a service name',
      },
    ]);
    expect(
      errorsOf(requestedSailingInput, { requested_voyage: '2103S', requested_service_name: 'AEX' }),
    ).toEqual([]);
    expect(
      errorsOf(requestedSailingInput, { requested_etd: '2026-12-21', latest_shipment_date: '2026-12-20' }),
    ).toEqual([
      {
        field: 'requested_etd',
        message: 'Requested departure date cannot be after the latest shipment date',
      },
    ]);
  });

  it('meets DCSA’s condition with any one of ETD, ready date, arrival window or vessel/voyage/service', () => {
    const problem = sailingProblem({ ...none, ready_date: null });
    expect(problem).toEqual({ field: 'requested_etd', key: 'bookingTerms.sailingRequired', params: {} });
    expect(sailingProblem({ ...none, ready_date: null }, { at: ['booking'] })?.field).toBe(
      'booking.requested_etd',
    );
    expect(sailingProblem({ ...none, ready_date: '2026-12-01' })).toBeNull();
    expect(sailingProblem({ ...none, ready_date: null, requested_etd: '2026-12-10' })).toBeNull();
    expect(sailingProblem({ ...none, ready_date: null, requested_service_code: 'FE1' })).toBeNull();
    expect(sailingProblem({ ...none, ready_date: null, requested_vessel_name: 'MSC ANNA' })).toBeNull();
    const window = { requested_arrival_from: '2027-01-10', requested_arrival_to: '2027-01-12' };
    expect(sailingProblem({ ...none, ...window, ready_date: null })).toBeNull();
    // Half a window is no window.
    expect(
      sailingProblem({ ...none, requested_arrival_from: '2027-01-10', ready_date: null }),
    ).not.toBeNull();
  });

  it('says what is missing in both languages, through a booking-like schema', () => {
    const booking = z
      .strictObject({ ...requestedSailingFields, ready_date: z.string().nullable().default(null) })
      .superRefine((b, ctx) => {
        const problem = sailingProblem(b);
        if (problem) addProblems(ctx, [problem]);
      });
    expect(errorsOf(booking, {})).toEqual([
      {
        field: 'requested_etd',
        message:
          'Requested departure date is required unless the cargo ready date, an arrival window, or a vessel, voyage or service is given',
      },
    ]);
    expect(errorsOf(booking, {}, 'zh-CN')[0]?.message).toBe(
      '请填写要求开船日期、货好日期、到达时间窗或船名/航次/航线中的至少一项',
    );
  });
});

describe('reefer settings', () => {
  it('hold the set temperature to −70…+40 °C, and the same range in °F', () => {
    expect(REEFER_TEMPERATURE_RANGE).toEqual({ CEL: { min: -70, max: 40 }, FAH: { min: -94, max: 104 } });
    expect(reeferSettingsInput.parse({ temperature_setpoint: '-18.5' })).toMatchObject({
      temperature_setpoint: -18.5,
      temperature_unit: 'CEL',
      ventilation_open: null,
      genset: false,
    });
    expect(errorsOf(reeferSettingsInput, { temperature_setpoint: -71 })).toEqual([
      { field: 'temperature_setpoint', message: 'Set temperature must be between -70 and 40 °C' },
    ]);
    expect(errorsOf(reeferSettingsInput, { temperature_setpoint: 41 })[0]?.field).toBe(
      'temperature_setpoint',
    );
    // 41 °F is +5 °C: a chilled setting.
    expect(errorsOf(reeferSettingsInput, { temperature_setpoint: 41, temperature_unit: 'FAH' })).toEqual([]);
    expect(errorsOf(reeferSettingsInput, { temperature_setpoint: -94, temperature_unit: 'FAH' })).toEqual([]);
    expect(
      errorsOf(reeferSettingsInput, { temperature_setpoint: 105, temperature_unit: 'FAH' }, 'zh-CN'),
    ).toEqual([{ field: 'temperature_setpoint', message: '设定温度须在 -94 至 104 °F 之间' }]);
    expect(errorsOf(reeferSettingsInput, { temperature_setpoint: '12.345' })[0]?.message).toBe(
      'Set temperature can have at most 2 decimal places',
    );
    expect(errorsOf(reeferSettingsInput, { temperature_setpoint: 'cold' })[0]?.field).toBe(
      'temperature_setpoint',
    );
  });

  it('take humidity, O2 and CO2 in percent, and no air exchange through a closed vent', () => {
    const settings = { temperature_setpoint: 2, humidity_setpoint: 85, o2_setpoint: 5, co2_setpoint: 5 };
    expect(errorsOf(reeferSettingsInput, settings)).toEqual([]);
    expect(errorsOf(reeferSettingsInput, { ...settings, humidity_setpoint: 101 })).toEqual([
      { field: 'humidity_setpoint', message: 'Humidity (%) cannot be greater than 100' },
    ]);
    expect(errorsOf(reeferSettingsInput, { ...settings, co2_setpoint: -1 })[0]?.field).toBe('co2_setpoint');
    expect(
      errorsOf(reeferSettingsInput, { ...settings, air_exchange_setpoint: 25, ventilation_open: true }),
    ).toEqual([]);
    expect(
      errorsOf(reeferSettingsInput, { ...settings, air_exchange_setpoint: 25, ventilation_open: false }),
    ).toEqual([
      { field: 'air_exchange_setpoint', message: 'Air exchange cannot be set while the vents are closed' },
    ]);
  });
});

describe('equipment', () => {
  const equipment = z
    .strictObject({ type_code: z.string().nullable(), ...equipmentTermFields })
    .superRefine((e, ctx) => addProblems(ctx, equipmentProblems(e)));

  it('needs a tare weight for a shipper-owned container', () => {
    expect(errorsOf(equipment, { type_code: '40HQ', is_shipper_owned: true })).toEqual([
      { field: 'tare_weight', message: 'Tare weight (KG) is required for a shipper-owned container (SOC)' },
    ]);
    expect(errorsOf(equipment, { type_code: '40HQ', is_shipper_owned: true, tare_weight: '3900' })).toEqual(
      [],
    );
    expect(errorsOf(equipment, { type_code: '40HQ' })).toEqual([]);
  });

  it('needs a set temperature for a reefer type, unless it runs as a non-operating reefer', () => {
    expect(errorsOf(equipment, { type_code: '40RH' })).toEqual([
      {
        field: 'reefer.temperature_setpoint',
        message: 'Set temperature is required for a reefer, unless it is booked as a non-operating reefer',
      },
    ]);
    expect(errorsOf(equipment, { type_code: '45R1', reefer: { temperature_setpoint: null } })[0]?.field).toBe(
      'reefer.temperature_setpoint',
    );
    expect(errorsOf(equipment, { type_code: '40RH', reefer: { temperature_setpoint: -18 } })).toEqual([]);
    expect(errorsOf(equipment, { type_code: '40RH', is_non_operating_reefer: true })).toEqual([]);
    // Settings inside the equipment are checked at their own path.
    expect(errorsOf(equipment, { type_code: '40RH', reefer: { temperature_setpoint: -80 } })[0]?.field).toBe(
      'reefer.temperature_setpoint',
    );
  });

  it('refuses reefer choices on other types and settings on a non-operating reefer', () => {
    expect(errorsOf(equipment, { type_code: '20GP', is_non_operating_reefer: true })).toEqual([
      { field: 'is_non_operating_reefer', message: 'Non-operating reefer applies only to reefer types' },
    ]);
    expect(errorsOf(equipment, { type_code: '22G1', reefer: { temperature_setpoint: 5 } }, 'zh-CN')).toEqual([
      { field: 'reefer', message: '冷藏设置只适用于运行中的冷藏箱' },
    ]);
    expect(
      errorsOf(equipment, {
        type_code: '40RH',
        is_non_operating_reefer: true,
        reefer: { temperature_setpoint: 5 },
      }),
    ).toEqual([{ field: 'reefer', message: 'Reefer settings apply only to an operating reefer' }]);
  });

  it('leaves what is missing to the submit, names its path in a larger body, and waits for the type', () => {
    const draft = {
      type_code: '40RH',
      is_shipper_owned: true,
      tare_weight: null,
      is_non_operating_reefer: false,
    };
    expect(equipmentProblems({ ...draft, reefer: null }, { submit: false })).toEqual([]);
    expect(
      equipmentProblems({ ...draft, reefer: null }, { at: ['equipment', 2] }).map((p) => p.field),
    ).toEqual(['equipment.2.tare_weight', 'equipment.2.reefer.temperature_setpoint']);
    expect(
      equipmentProblems(
        { ...draft, type_code: '20GP', is_non_operating_reefer: true, reefer: null },
        { submit: false },
      ),
    ).toHaveLength(1);
    expect(equipmentProblems({ ...draft, type_code: null, tare_weight: '2200', reefer: null })).toEqual([]);
  });
});

describe('the door where the container is loaded', () => {
  const stop = containerPositioningInput.parse({
    address: '浙江省宁波市北仑区新碶街道 88 号',
    contact_name: '张三',
    phone: '+86 574 8688 0000',
    loading_time: '2026-12-08T08:30',
  });

  it('keeps the trucker’s address in any script, with a port-local time', () => {
    expect(stop).toMatchObject({ contact_name: '张三', loading_time: '2026-12-08 08:30', location_name: '' });
    expect(errorsOf(containerPositioningInput, { address: '' })).toEqual([
      { field: 'address', message: 'Address is required' },
    ]);
    expect(errorsOf(containerPositioningInput, { address: 'X', phone: 'call me' })[0]?.field).toBe('phone');
    expect(errorsOf(containerPositioningsField, Array(6).fill({ address: 'X' }))[0]?.field).toBe('body');
  });

  it('needs a loading address for a door receipt, and takes none at a yard or a freight station', () => {
    expect(doorProblems({ container_mode: 1, receipt_type: 'SD', container_positionings: [] })).toEqual([
      { field: 'container_positionings', key: 'bookingTerms.loadingAddressRequired', params: {} },
    ]);
    expect(doorProblems({ container_mode: 1, receipt_type: 'SD', container_positionings: [stop] })).toEqual(
      [],
    );
    expect(
      doorProblems({ container_mode: 1, receipt_type: 'SD', container_positionings: [] }, { submit: false }),
    ).toEqual([]);
    expect(
      doorProblems({ container_mode: 1, receipt_type: 'CY', container_positionings: [stop] })[0]?.key,
    ).toBe('bookingTerms.positioningsDoorOnly');
    // LCL defaults to CFS: no door.
    expect(doorProblems({ container_mode: 2, container_positionings: [stop] })).toHaveLength(1);
  });

  it('says so in both languages', () => {
    const booking = z
      .strictObject({
        container_mode: z.number(),
        ...serviceTermFields,
        container_positionings: containerPositioningsField,
      })
      .superRefine((b, ctx) => addProblems(ctx, doorProblems(b)));
    expect(errorsOf(booking, { container_mode: 1, receipt_type: 'SD' })).toEqual([
      { field: 'container_positionings', message: 'Loading address is required for a door receipt (SD)' },
    ]);
    expect(errorsOf(booking, { container_mode: 1, receipt_type: 'SD' }, 'zh-CN')[0]?.message).toBe(
      '门点收货（SD）须填写装货地址',
    );
  });
});
