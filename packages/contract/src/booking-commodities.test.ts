import { describe, expect, it } from 'vitest';
import { bookingDraftInput, bookingInput, shipmentPrefillOf } from './booking.js';
import {
  bookingLineProblems,
  commodityDraft,
  commodityHsCodes,
  commodityTotals,
  COMMODITY_LIMITS,
  containerLineDraftWire,
  containerLineWire,
  storedCommodity,
} from './booking-commodities.js';
import { dangerousGoodInput } from './booking-cargo.js';
import { issueToFieldError } from './validation.js';

const keys = (problems: { field: string; key: string }[]) => problems.map((p) => `${p.field}:${p.key}`);

const shoes = {
  description: 'shoes',
  hs_codes: '6403.99, 6404.11',
  weight: '1200',
  packages: 100,
  unit_id: 5,
};
const shirts = { description: 't-shirts', hs_codes: ['610910'], weight: 800.5, commodity_cn: 'T恤' };

describe('an equipment group of commodities', () => {
  it('reads the flat shape of a line as its one commodity', () => {
    const line = containerLineWire.parse({
      container_id: 3,
      quantity: 2,
      hs_code: '8471.30',
      description: 'laptops',
      packages: 10,
      unit_id: 5,
      weight: '500',
      volume: '2.5',
      dangerous_goods: [],
    });
    expect(line.commodities).toEqual([
      {
        description: 'LAPTOPS',
        hs_codes: ['847130'],
        commodity_cn: '',
        packages: 10,
        unit_id: 5,
        weight: '500',
        net_weight: null,
        volume: '2.5',
        dangerous_goods: [],
      },
    ]);
    expect(line).not.toHaveProperty('description');
  });

  it('keeps nested commodities and ignores the flat totals a reply carries beside them', () => {
    const line = containerLineWire.parse({
      container_id: 3,
      quantity: 3,
      description: 'TOTALS FROM A REPLY',
      weight: '1',
      commodities: [shoes, shirts],
    });
    expect(line.commodities.map((c) => [c.description, c.hs_codes, c.weight])).toEqual([
      ['SHOES', ['640399', '640411'], '1200'],
      ['T-SHIRTS', ['610910'], '800.5'],
    ]);
    expect(line.commodities[1]?.commodity_cn).toBe('T恤');
  });

  it('needs only the weight and the description at booking; packages and volume may follow', () => {
    expect(containerLineWire.safeParse({ container_id: 1, quantity: 1, commodities: [shirts] }).success).toBe(
      true,
    );
    const missing = containerLineWire.safeParse({
      container_id: 1,
      quantity: 1,
      commodities: [{ description: 'x' }],
    });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['commodities.0.weight']);
    // A draft may leave the weight for later too, and holds one empty commodity at least.
    expect(containerLineDraftWire.parse({ container_id: 1 }).commodities).toHaveLength(1);
  });

  it('refuses a line without commodities and more than a line can hold', () => {
    const empty = containerLineWire.safeParse({ container_id: 1, quantity: 1, commodities: [] });
    expect(empty.error?.issues[0]?.message).toBe('booking.addCommodity');
    const many = Array.from({ length: COMMODITY_LIMITS.perLine + 1 }, () => shirts);
    expect(containerLineWire.safeParse({ container_id: 1, quantity: 1, commodities: many }).success).toBe(
      false,
    );
  });

  it('takes several HS codes, each of 6 to 10 digits, once each', () => {
    expect(commodityHsCodes.parse('8471.30；8471.30、8473.30\n')).toEqual(['847130', '847330']);
    const bad = commodityHsCodes.safeParse('847130, 8471');
    expect(bad.error?.issues[0]?.path).toEqual([1]);
  });

  it('names a commodity’s field by its line and its place in both languages', () => {
    const parsed = bookingInput.safeParse({
      container_mode: 1,
      containers: [{ commodities: [shirts, { description: 'x' }] }],
    });
    const issue = parsed.error?.issues.find((i) => i.path.join('.') === 'containers.0.commodities.1.weight');
    expect(issue).toBeDefined();
    if (!issue) return;
    expect(issueToFieldError(issue, 'en-US').message).toContain('Gross weight (KG) (row 1, commodity 2)');
    expect(issueToFieldError(issue, 'zh-CN').message).toContain('第 1 行第 2 项货物毛重');
  });

  it('sums a line’s commodities for its totals, as far as they are given', () => {
    const commodities = [shoes, shirts].map((c) => storedCommodity(commodityDraft.parse(c)));
    expect(commodityTotals(commodities)).toMatchObject({
      hs_code: '640399',
      description: 'SHOES',
      packages: 100,
      weight: '2000.500',
      volume: null,
    });
  });
});

describe('the commodities’ rules', () => {
  const paint = dangerousGoodInput.parse({
    un_number: '1263',
    imo_class: '3',
    proper_shipping_name: 'paint',
  });
  const line = (...commodities: object[]) => ({
    container_id: 1,
    is_shipper_owned: false,
    tare_weight: null,
    is_non_operating_reefer: false,
    reefer: null,
    out_of_gauge: null,
    commodities: commodities.map((c) => commodityDraft.parse(c)),
  });
  const check = (submit: boolean, ...lines: ReturnType<typeof line>[]) =>
    keys(
      bookingLineProblems({ container_mode: 1, containers: lines, cargo_items: [] }, () => '40HQ', {
        submit,
      }),
    );

  it('refuses a net weight above the gross, always', () => {
    expect(check(false, line(shirts, { ...shoes, net_weight: '1200.001' }))).toEqual([
      'containers.0.commodities.1.net_weight:booking.netAboveGross',
    ]);
    expect(check(true, line({ ...shoes, net_weight: '1200' }))).toEqual([]);
  });

  it('asks packages and their package code together on submit', () => {
    expect(check(true, line({ ...shirts, packages: 5 }), line({ ...shirts, unit_id: 5 }))).toEqual([
      'containers.0.commodities.0.unit_id:validation.selectRequired',
      'containers.1.commodities.0.packages:validation.requiredPlural',
    ]);
    expect(check(false, line({ ...shirts, packages: 5 }))).toEqual([]);
  });

  it('checks each commodity’s dangerous goods at its own place', () => {
    expect(check(true, line(shirts, { ...shoes, dangerous_goods: [paint] }))).toContain(
      'containers.0.commodities.1.dangerous_goods.0.packing_group:tradeCodes.packingGroupRequired',
    );
  });

  it('holds a booking to its total of commodities', () => {
    const full = line(...Array.from({ length: COMMODITY_LIMITS.perLine }, () => shirts));
    const lines = Array.from(
      { length: COMMODITY_LIMITS.perBooking / COMMODITY_LIMITS.perLine + 1 },
      () => full,
    );
    expect(check(false, ...lines)).toEqual(['containers:booking.tooManyCommodities']);
  });

  it('keeps a draft’s flat line and its nested one alike', () => {
    const draft = bookingDraftInput.parse({
      container_mode: 1,
      containers: [{ container_id: 1, weight: '5' }],
    });
    expect(draft.containers[0]?.commodities[0]?.weight).toBe('5');
  });
});

describe('the shipping instructions of a line of several commodities', () => {
  it('start from the description of every commodity, each once', () => {
    const line = {
      container_id: 1,
      container_no: '',
      seal_no: '',
      description: 'SHOES',
      packages: 100,
      weight: '2000.500',
      volume: '20.000',
      quantity: 2,
      commodities: [{ description: 'SHOES' }, { description: 'T-SHIRTS' }],
    };
    const booking = {
      incoterm: 'FOB',
      freight_term: '' as const,
      transport_document_type: '' as const,
      number_of_originals: null,
      containers: [line, { ...line, commodities: [{ description: 'T-SHIRTS' }] }],
      cargo_items: [],
    };
    expect(shipmentPrefillOf(booking, 'FOB', 10).description).toBe('SHOES\nT-SHIRTS');
  });
});
