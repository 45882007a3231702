import { contactRows } from './contacts.js';
import { cargoItem, containerLine, type Goods, SUPPLIER_GOODS } from './goods.js';
import { isoDay, type Random } from './random.js';
import type { RateRow } from './rates.js';

/** Where a booking is taken: each status the portal has, and the way there. */
export const STEPS = {
  draft: [],
  submitted: ['submit'],
  accepted: ['submit', 'accept'],
  released: ['submit', 'release'],
  'instructed-m': ['submit', 'release', 'si'],
  'instructed-f': ['submit', 'release', 'confirm'],
  shipped: ['submit', 'release', 'si', 'ship'],
  cancelled: ['submit', 'cancel'],
  voided: ['submit', 'void'],
} as const;
type Outcome = keyof typeof STEPS;

/**
 * The demo customer's bookings: forwarder, FCL or LCL, where it ends, `quote` when it was booked
 * from one of the forwarder's quotes, and `@n` to take the forwarder's n-th rate's lane. The first
 * three are the earlier demo data's (booking 1, an FCL booking from the first demo rate whose space
 * is released, is what several browser tests open). The demo forwarder gets one of each thing it
 * acts on (accept, release, confirm SI, ship) and more.
 */
const PLAN = `
demo fcl released quote @0; demo lcl submitted @1; demo lcl draft @1;
demo fcl submitted quote; demo fcl accepted quote; demo lcl submitted; demo fcl submitted; demo fcl released;
demo fcl instructed-m quote; demo lcl instructed-f; demo fcl shipped quote; demo fcl voided; demo fcl draft;
demo fcl cancelled; demo lcl released; demo fcl submitted quote;
blueocean fcl shipped quote; blueocean lcl submitted; blueocean fcl released quote; blueocean fcl draft;
eastwind fcl instructed-m quote; eastwind fcl submitted quote; eastwind lcl draft; eastwind fcl accepted;
harbourstar fcl released; harbourstar fcl submitted; harbourstar lcl submitted;
silkroad lcl instructed-m; silkroad fcl submitted quote; silkroad fcl draft quote;
northbridge fcl shipped quote; northbridge fcl submitted; pearlriver lcl shipped; pearlriver fcl released quote;
pearlriver lcl draft; continental fcl instructed-m quote; continental fcl cancelled;
goldenbridge lcl cancelled; goldenbridge fcl released; goldenbridge fcl submitted`;

export type PlannedBooking = {
  forwarder: string;
  fcl: boolean;
  outcome: Outcome;
  fromQuote: boolean;
  /** the index of the forwarder's rate to book on; any when not given */
  rate: number | null;
};

export const PLANNED: PlannedBooking[] = PLAN.split(';').map((entry) => {
  const [forwarder, mode, outcome, ...flags] = entry.trim().split(' ');
  if (!forwarder || !(outcome && outcome in STEPS)) throw new Error(`bad demo booking plan entry: ${entry}`);
  const at = flags.find((flag) => flag.startsWith('@'));
  return {
    forwarder,
    fcl: mode === 'fcl',
    outcome: outcome as Outcome,
    fromQuote: flags.includes('quote'),
    rate: at ? Number(at.slice(1)) : null,
  };
});

const REGION_OF_PROVINCE: Record<string, string> = {
  ZHEJIANG: 'east',
  JIANGSU: 'east',
  JIANGXI: 'east',
  SHANGHAI: 'east',
  SHANDONG: 'north',
  TIANJIN: 'north',
  LIAONING: 'north',
};
const REGION_OF_POL: Record<string, string> = {
  CNSHA: 'east',
  CNNGB: 'east',
  CNTAG: 'east',
  CNTAO: 'north',
  CNRZH: 'north',
  CNTXG: 'north',
  CNDLC: 'north',
  CNYIK: 'north',
};
const ROUTE_OF_COUNTRY: Record<string, string> = {
  CA: 'CA',
  AE: 'ME',
  SA: 'ME',
  AU: 'ANZ',
  NZ: 'ANZ',
  JP: 'JPK',
  KR: 'JPK',
  IN: 'ISC',
  CL: 'LATW',
  BR: 'LATE',
  NG: 'WAF',
  ...Object.fromEntries(['NL', 'DE', 'BE', 'GB', 'FR', 'PL'].map((c) => [c, 'EU'])),
  ...Object.fromEntries(['IT', 'ES', 'GR', 'TR'].map((c) => [c, 'MED'])),
  ...Object.fromEntries(['SG', 'VN', 'TH', 'ID', 'PH'].map((c) => [c, 'SEA'])),
};
const US_WEST = new Set(['LOS ANGELES', 'OAKLAND', 'SEATTLE']);

/** Suppliers by the region of China they ship from, importers by the trade route they import on. */
let parties:
  | { suppliers: Map<string, string[]>; importers: Map<string, string[]>; cities: Map<string, string> }
  | undefined;
function partiesOf() {
  if (parties) return parties;
  const suppliers = new Map<string, string[]>();
  const importers = new Map<string, string[]>();
  const cities = new Map<string, string>();
  const add = (map: Map<string, string[]>, key: string, name: string) =>
    map.set(key, [...(map.get(key) ?? []), name]);
  for (const [type, name, , , , , city, province, country] of contactRows()) {
    if (!name || !country) continue;
    cities.set(name, city ?? '');
    const chinese = country === 'CN' || country === 'HK';
    if (type !== 'consignee' && chinese) add(suppliers, REGION_OF_PROVINCE[province ?? ''] ?? 'south', name);
    if (type !== 'shipper' && !chinese) {
      const route =
        country === 'US' ? (US_WEST.has(city ?? '') ? 'USWC' : 'USEC') : ROUTE_OF_COUNTRY[country];
      if (route) add(importers, route, name);
    }
  }
  // The Red Sea's importers buy through the Gulf's.
  importers.set('RS', importers.get('ME') ?? []);
  parties = { suppliers, importers, cities };
  return parties;
}

const INCOTERMS = ['FOB', 'FOB', 'FOB', 'CIF', 'CFR', 'EXW'];
const CONTAINERS = ['20GP', '40GP', '40HQ', '45HQ'] as const;

/** The booking form's contents for a planned booking on one of the forwarder's rates. */
export function bookingContents(random: Random, plan: PlannedBooking, rate: RateRow) {
  const { suppliers, importers, cities } = partiesOf();
  const shipper = random.pick(
    suppliers.get(REGION_OF_POL[rate.pol] ?? 'south') ?? ['NINGBO BRIGHT ELECTRONICS CO., LTD'],
  );
  const consignee = random.pick(importers.get(rate.route) ?? ['PACIFIC HOME GOODS INC.']);
  const products: Goods[] = SUPPLIER_GOODS[shipper] ?? [];
  const offered = CONTAINERS.filter((type) => rate.prices[type] !== undefined);
  const types = offered.length > 1 && random.next() < 0.35 ? offered.slice(0, 2) : [random.pick(offered)];
  const readyIn = {
    draft: random.int(8, 20),
    submitted: random.int(4, 14),
    accepted: random.int(4, 10),
    released: random.int(3, 8),
    'instructed-m': random.int(1, 4),
    'instructed-f': random.int(1, 4),
    shipped: 0,
    cancelled: random.int(3, 10),
    voided: random.int(3, 8),
  }[plan.outcome];
  return {
    shipper,
    consignee,
    placeOfReceipt: cities.get(shipper) ?? '',
    readyDate: isoDay(readyIn),
    readyIn,
    incoterm: plan.fcl ? random.pick(INCOTERMS) : random.pick(['FCA', 'FOB', 'EXW']),
    containers: plan.fcl
      ? types.map((type) => containerLine(random, type, random.pick(products), random.int(1, 3)))
      : [],
    cargo: plan.fcl ? [] : products.slice(0, random.int(1, 2)).map((item) => cargoItem(random, item)),
    reference: `PO-${isoDay(0).slice(0, 4)}-${String(random.int(1000, 9899))}`,
  };
}

export type BookingContents = ReturnType<typeof bookingContents>;
