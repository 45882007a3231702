import { bookingInput } from '@freight/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { liveTotals, newFormValues, toBookingInput, toFormValues } from './booking-form-values';

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
    expect(input.containers?.[0]).toMatchObject({
      weight: '1200.5',
      volume: '20',
      container_no: 'mscu1234566',
    });
    const parsed = bookingInput.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.containers[0]).toMatchObject({ container_no: 'MSCU1234566', hs_code: '851310' });
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
      pol_id: 1,
      pod_id: 2,
      to_id: 3,
      carrier_id: null,
      remark: '',
      freight_term: '' as const,
      notify_party: '',
      commodity_cn: '',
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
