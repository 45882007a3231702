import type { Actor } from '../modules/activity/service.js';
import { type Locale, RATE_SHEET_COLUMNS, rateQuery, type Rate } from '@freight/contract';
import { importRates } from '../modules/rates/import.js';
import { listRates } from '../modules/rates/service.js';
import type { Db } from '../platform/db.js';
import type { DemoCompany } from './companies.js';
import { CARRIER_PRICE, LANES, POL_PRICE, POL_TRANSIT, REMARKS } from './lanes.js';
import { isoDay, type Random } from './random.js';

/** One row of a forwarder's rate sheet, as the import reads it (codes for names). */
export type RateRow = {
  /** the trade route of the port of discharge (not a sheet column) */
  route: string;
  carrier: string;
  pol: string;
  pod: string;
  sdate: string;
  edate: string;
  transitDays: number;
  etd: string;
  eta: string;
  remark: string;
  prices: Partial<Record<(typeof PRICE_COLUMNS)[number], number>>;
};

const PRICE_COLUMNS = ['20GP', '40GP', '40HQ', '45HQ', '20RF', '40RH'] as const;

/**
 * The demo forwarder's first rates, as earlier demo data had them: the first (Maersk, Shanghai →
 * Rotterdam) is the quote of the demo FCL booking.
 */
const FIRST_RATES: [string, string, string, string, number, RateRow['prices']][] = [
  ['EU', 'MAEU', 'CNSHA', 'NLRTM', 30, { '20GP': 1150, '40GP': 1980, '40HQ': 2050 }],
  ['USWC', 'COSU', 'CNSHA', 'USLAX', 16, { '20GP': 1680, '40GP': 2100, '40HQ': 2150.5 }],
  ['MED', 'MSCU', 'CNNGB', 'ITGOA', 28, { '20GP': 1320, '40HQ': 2290 }],
  ['EU', 'CMDU', 'CNNGB', 'FRLEH', 32, { '20GP': 1210, '40GP': 2010, '40HQ': 2080 }],
  ['USEC', 'ONEY', 'CNSHA', 'USNYC', 35, { '40GP': 3350, '40HQ': 3420 }],
];

const round = (value: number, step: number) => Math.round(value / step) * step;

/**
 * `count` rates of a forwarder over its trade routes and ports of loading: prices near the market
 * (by lane, port of loading and carrier), valid from a few days ago; every eighth one ends within a
 * week (so the board shows some about to expire), the others run for weeks. Reefer operators quote
 * 20RF/40RH too.
 */
export function rateRows(company: DemoCompany, count: number, random: Random): RateRow[] {
  const rows: RateRow[] = [];
  const seen = new Set<string>();
  const reefer = company.businesses.includes('REEFER');
  for (let i = 0; rows.length < count && i < count * 20; i++) {
    const routeCode = company.routes[i % company.routes.length] as string;
    const lane = LANES[routeCode];
    if (!lane) throw new Error(`no demo lanes for route ${routeCode}`);
    const pol = company.ports[Math.floor(i / company.routes.length) % company.ports.length] as string;
    const [pod, transit] = random.pick(lane.ports);
    const carrier = random.pick(lane.carriers);
    const key = `${carrier}|${pol}|${pod}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const factor = (POL_PRICE[pol] ?? 1) * (CARRIER_PRICE[carrier] ?? 1) * (0.93 + random.next() * 0.14);
    const p40 = round(lane.price40 * factor, 10);
    const prices: RateRow['prices'] = { '40GP': p40, '40HQ': p40 + random.pick([0, 50, 50, 100]) };
    // A few lanes are quoted for forty-foot boxes only, as US East Coast sheets often are.
    if (!(routeCode === 'USEC' && random.next() < 0.3)) prices['20GP'] = round(lane.price20 * factor, 5);
    if (lane.hq45 && random.next() < 0.5)
      prices['45HQ'] = (prices['40HQ'] ?? p40) + random.pick([300, 350, 400]);
    if (reefer && random.next() < 0.6) {
      const short = routeCode === 'JPK';
      prices['20RF'] = round((prices['20GP'] ?? lane.price20) + (short ? 420 : 1250) * factor, 10);
      prices['40RH'] = round(p40 + (short ? 700 : 2100) * factor, 10);
    }
    const transitDays = Math.max(2, transit + (POL_TRANSIT[pol] ?? 0));
    const sailing = random.next() < 0.5 ? random.int(2, 10) : null;
    const remarks = REMARKS.filter(
      (r) => !(r.includes('Singapore') && (routeCode === 'SEA' || routeCode === 'JPK')),
    );
    rows.push({
      route: routeCode,
      carrier,
      pol,
      pod,
      sdate: isoDay(-random.int(2, 20)),
      edate: isoDay(rows.length % 8 === 3 ? random.int(1, 6) : random.int(10, 45)),
      transitDays,
      etd: sailing === null ? '' : isoDay(sailing),
      eta: sailing === null ? '' : isoDay(sailing + transitDays),
      remark: random.pick(remarks),
      prices,
    });
  }
  return rows;
}

/** The demo forwarder's sheet: the five first rates, then generated ones. */
export function demoForwarderRows(company: DemoCompany, count: number, random: Random): RateRow[] {
  const first = FIRST_RATES.map(([route, carrier, pol, pod, transitDays, prices], i): RateRow => ({
    route,
    carrier,
    pol,
    pod,
    sdate: isoDay(-7),
    edate: isoDay(i === 2 ? 5 : 60),
    transitDays,
    etd: '',
    eta: '',
    remark: i === 0 ? '直航，不含目的港费用 / Direct, destination charges excluded' : '',
    prices,
  }));
  const more = rateRows(company, count - first.length + 5, random).filter(
    (row) => !first.some((f) => f.carrier === row.carrier && f.pol === row.pol && f.pod === row.pod),
  );
  return [...first, ...more.slice(0, count - first.length)];
}

const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

/** The rows as the CSV a forwarder would upload (place of delivery = port of discharge). */
function rateSheet(rows: RateRow[]): Buffer {
  const lines = [[...RATE_SHEET_COLUMNS, ...PRICE_COLUMNS].map(cell).join(',')];
  for (const r of rows) {
    const fixed = [r.carrier, r.pol, r.pod, r.pod, r.sdate, r.edate, r.transitDays, r.etd, r.eta, r.remark];
    lines.push([...fixed, ...PRICE_COLUMNS.map((c) => r.prices[c] ?? '')].map(cell).join(','));
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/** Imports a forwarder's sheet through the rate import (one transaction, every row checked). */
export async function importRateSheet(db: Db, actor: Actor, rows: RateRow[], locale: Locale) {
  const result = await importRates({
    db,
    context: { companyId: actor.companyId, actor, locale },
    data: rateSheet(rows),
    fileName: 'rates.csv',
  });
  if (result.created !== rows.length)
    throw new Error(`demo rates: ${result.created} of ${rows.length} imported`);
}

/** A forwarder's rates as its rate list shows them (newest first), to book from as quotes. */
export async function ownRates(db: Db, companyId: number): Promise<Rate[]> {
  const { lists } = await listRates({
    db,
    context: { companyId, role: 'owner', locale: 'en-US' },
    query: rateQuery.parse({ size: 100 }),
  });
  return lists;
}
