import {
  bookingDraftInput,
  bookingInput,
  PARSE_OPTIONS,
  serviceTermText,
  serviceTypesOf,
} from '@freight/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bookingDetail, noTerms } from '../../test-support/booking-fixture';
import { liveTotals, newFormValues, toBookingInput, toFormValues } from './booking-form-values';
import { withoutEmptyStops } from './booking-terms-values';

describe('booking form values', () => {
  it('sums weights and volumes without float drift', () => {
    const lines = [
      { weight: 0.1, volume: 1.1, packages: 3, quantity: 1 },
      { weight: 0.2, volume: 2.2, packages: 4, quantity: 2 },
      { weight: null, volume: undefined, packages: null, quantity: null },
    ];
    expect(liveTotals(lines, true)).toEqual({ weight: '0.300', volume: '3.300', packages: 7, containers: 3 });
    expect(liveTotals(lines, false).containers).toBe(0);
    expect(liveTotals(undefined, true)).toEqual({
      weight: '0.000',
      volume: '0.000',
      packages: 0,
      containers: 0,
    });
  });

  it('builds a payload the contract accepts, with only the mode’s own lines', () => {
    const values = {
      ...newFormValues('fcl'),
      forwarder_id: 7,
      shipper_id: 1,
      consignee_id: 2,
      cust_ref_no: ' po 1 ',
      ready_date: dayjs().add(3, 'day'),
      incoterm: 'FOB',
      pol_id: 10,
      pod_id: 11,
      to_id: 12,
      cargo_items: [{ hs_code: '851310', description: 'X', packages: 1, unit_id: 1, weight: 1, volume: 1 }],
      containers: [
        {
          container_id: 3,
          container_no: 'mscu1234566',
          seal_no: '',
          hs_code: '8513.10',
          description: 'led lamps',
          packages: 100,
          unit_id: 4,
          weight: 1200.5,
          volume: 20,
          quantity: 1,
        },
      ],
    };
    const input = toBookingInput(values, 'fcl');
    expect(input.cargo_items).toEqual([]);
    // The line's cells are its first commodity.
    expect(input.containers[0]).toMatchObject({
      container_no: 'mscu1234566',
      commodities: [{ weight: '1200.5', volume: '20', hs_codes: '8513.10', description: 'led lamps' }],
    });
    const parsed = bookingInput.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.containers[0]).toMatchObject({
      container_no: 'MSCU1234566',
      commodities: [{ hs_codes: ['851310'], description: 'LED LAMPS' }],
    });
    expect(parsed.data?.cust_ref_no).toBe('PO 1');
  });

  it('leaves the forwarder of a booking from a quote to the server', () => {
    const fromQuote = toBookingInput({ ...newFormValues('fcl'), quote_id: 5, forwarder_id: 7 }, 'fcl');
    expect(fromQuote).toMatchObject({ quote_id: 5, forwarder_id: null });
    expect(toBookingInput({ ...newFormValues('fcl'), forwarder_id: 7 }, 'fcl').forwarder_id).toBe(7);
  });

  it('clears a passed ready date on a copy only', () => {
    const saved = {
      id: 1,
      order_no: 'BK1',
      status: 0,
      container_mode: 2,
      forwarder_id: 7,
      forwarder_name: 'F',
      forwarder_hidden: false,
      quote_id: null,
      quote_spaces: [],
      shipper_id: 1,
      consignee_id: 2,
      shipper: {} as never,
      consignee: {} as never,
      cust_ref_no: '',
      ready_date: '2000-01-01',
      incoterm: 'FOB',
      place_of_receipt: '',
      place_of_receipt_country: null,
      place_of_receipt_code: null,
      place_of_delivery: '',
      place_of_delivery_country: null,
      place_of_delivery_code: null,
      transshipment_port_id: null,
      pol_id: 1,
      pod_id: 2,
      to_id: 3,
      carrier_id: null,
      remark: '',
      freight_term: '' as const,
      notify_party: '',
      commodity_cn: '',
      ...noTerms,
      cargo_items: [
        {
          id: 1,
          hs_code: '851310',
          description: 'X',
          packages: 2,
          unit_id: 1,
          unit_name: 'CT',
          weight: '1.500',
          volume: '0.250',
          dangerous_goods: [],
        },
      ],
      containers: [],
      totals: { weight: '1.500', volume: '0.250', packages: 2, containers: [], container_count: 0 },
    };
    expect(toFormValues(saved, true).ready_date).toBeNull();
    expect(toFormValues(saved, false).ready_date?.format('YYYY-MM-DD')).toBe('2000-01-01');
    expect(toFormValues(saved, false).cargo_items[0]).toMatchObject({ weight: 1.5, volume: 0.25 });
  });
});

describe('the booking’s terms in the form', () => {
  /** A complete plain FCL booking as the form holds it. */
  const filled = () => ({
    ...newFormValues('fcl'),
    forwarder_id: 7,
    shipper_id: 1,
    consignee_id: 2,
    ready_date: dayjs().add(3, 'day'),
    incoterm: 'FOB',
    pol_id: 10,
    pod_id: 11,
    to_id: 12,
    containers: [
      { container_id: 3, description: 'LAMPS', packages: 1, unit_id: 1, weight: 1, volume: 1, quantity: 1 },
    ],
  });
  const door = {
    location_name: ' 3 号仓库 ',
    address: ' 上海市浦东新区川沙路 88 号 ',
    contact_name: '李工',
    phone: '+86 21 5555 1234',
    loading_time: dayjs('2027-01-18 08:30', 'YYYY-MM-DD HH:mm'),
  };
  const emptyStop = { location_name: '', address: ' ', contact_name: '', phone: '', loading_time: null };

  it('sends a plain booking’s terms empty: the mode’s service, no sailing, no stops, no services', () => {
    const input = toBookingInput(newFormValues('fcl'), 'fcl');
    expect(input).toMatchObject(noTerms);
    const parsed = bookingInput.safeParse(toBookingInput(filled(), 'fcl'), PARSE_OPTIONS);
    expect(parsed.success).toBe(true);
    expect(
      parsed.data &&
        serviceTermText(serviceTypesOf(parsed.data).receipt, serviceTypesOf(parsed.data).delivery),
    ).toBe('CY-CY');
  });

  it('sends the loading stops of a door receipt, without the rows left empty, times as written', () => {
    const values = {
      ...filled(),
      receipt_type: 'SD' as const,
      container_positionings: [emptyStop, door, emptyStop],
    };
    const input = toBookingInput(values, 'fcl');
    expect(input.container_positionings).toEqual([
      {
        location_name: '3 号仓库',
        address: '上海市浦东新区川沙路 88 号',
        contact_name: '李工',
        phone: '+86 21 5555 1234',
        loading_time: '2027-01-18 08:30',
      },
    ]);
    const parsed = bookingInput.safeParse(input, PARSE_OPTIONS);
    expect(parsed.error?.issues).toBeUndefined();
    expect(
      parsed.data &&
        serviceTermText(serviceTypesOf(parsed.data).receipt, serviceTypesOf(parsed.data).delivery),
    ).toBe('DOOR-CY');
  });

  it('takes the empty rows out of the form’s stops, so that a row is where its refusal says', () => {
    expect(withoutEmptyStops([emptyStop, door, emptyStop])).toEqual([door]);
    // The one row to fill in stays while nothing is typed.
    expect(withoutEmptyStops([emptyStop])).toEqual([emptyStop]);
  });

  it('sends no stops for a yard or station receipt, even those typed before the type was changed', () => {
    for (const receipt of [undefined, 'CY', 'CFS'] as const) {
      const input = toBookingInput(
        { ...filled(), receipt_type: receipt, container_positionings: [door] },
        'fcl',
      );
      expect(input.container_positionings, String(receipt)).toEqual([]);
      expect(bookingDraftInput.safeParse(input, PARSE_OPTIONS).success).toBe(true);
    }
  });

  it('sends the sailing’s dates as YYYY-MM-DD and empty ones as null, and the choices made', () => {
    const input = toBookingInput(
      {
        ...filled(),
        delivery_type: 'SD',
        requested_etd: dayjs('2027-01-20'),
        requested_arrival_from: null,
        requested_arrival_to: undefined,
        requested_vessel_name: ' ever given ',
        requested_vessel_imo: ' ',
        export_customs_by: 'forwarder',
        requested_services: ['fumigation', 'insurance'],
        services_remark: ' 熏蒸证书随货 ',
      },
      'fcl',
    );
    expect(input).toMatchObject({
      receipt_type: '',
      delivery_type: 'SD',
      requested_etd: '2027-01-20',
      requested_arrival_from: null,
      requested_arrival_to: null,
      latest_shipment_date: null,
      requested_vessel_name: 'ever given',
      requested_vessel_imo: null,
      export_customs_by: 'forwarder',
      requested_services: ['fumigation', 'insurance'],
      services_remark: '熏蒸证书随货',
    });
    const parsed = bookingInput.safeParse(input, PARSE_OPTIONS);
    expect(parsed.data).toMatchObject({
      requested_vessel_name: 'EVER GIVEN',
      requested_services: ['insurance', 'fumigation'],
    });
  });

  it('edits a saved booking’s terms and sends them back as they were', () => {
    const terms = {
      receipt_type: 'SD' as const,
      delivery_type: '' as const,
      requested_etd: '2027-01-20',
      requested_arrival_from: '2027-02-20',
      requested_arrival_to: '2027-02-25',
      latest_shipment_date: '2027-01-31',
      requested_vessel_name: 'EVER GIVEN',
      requested_vessel_imo: '9811000',
      requested_voyage: '1234W',
      requested_service_code: 'AE1',
      requested_service_name: 'ASIA EUROPE 1',
      container_positionings: [
        { location_name: '', address: 'NO. 1 HARBOUR ROAD', contact_name: '', phone: '', loading_time: null },
        {
          location_name: 'WAREHOUSE B',
          address: 'NO. 9 RIVER ROAD',
          contact_name: 'WANG',
          phone: '123',
          loading_time: '2027-01-18 08:30',
        },
      ],
      export_customs_by: 'shipper' as const,
      requested_services: ['insurance' as const],
      services_remark: 'ALL RISKS',
    };
    const saved = bookingDetail(terms);
    const values = toFormValues(saved, false);
    expect(values.receipt_type).toBe('SD');
    expect(values.delivery_type).toBeUndefined();
    expect(values.requested_etd?.format('YYYY-MM-DD')).toBe('2027-01-20');
    expect(toBookingInput(values, 'fcl')).toMatchObject({ ...terms, delivery_type: '' });
    // A plain booking's empty choices are left to the selects' placeholders.
    expect(toFormValues(bookingDetail(), true)).toMatchObject({
      receipt_type: undefined,
      export_customs_by: undefined,
      requested_etd: null,
      container_positionings: [],
    });
  });
});
