import { FORWARDER_AUTHORITIES, MEMBER_AUTHORITIES } from '@freight/contract';
import { count, inArray } from 'drizzle-orm';
import { acceptBooking, createBooking, releaseSpace } from '../../modules/bookings/service.js';
import { createContact } from '../../modules/contacts/service.js';
import { createRate } from '../../modules/rates/service.js';
import { createMember } from '../../modules/users/service.js';
import type { Db } from '../../platform/db.js';
import type { Mailer } from '../../platform/mail.js';
import {
  businesses,
  carriers,
  containerTypes,
  countries,
  ports,
  tradeRoutes,
  units,
  users,
} from '../schema.js';

/** The documented demo logins (README, start-up banner). */
export const DEMO_LOGINS = [
  { username: 'demo@example.com', password: 'demo123456', role: 'customer' },
  { username: 'forwarder@example.com', password: 'demo123456', role: 'forwarder' },
] as const;

async function idsByCode(
  db: Db,
  table:
    | typeof ports
    | typeof businesses
    | typeof tradeRoutes
    | typeof countries
    | typeof carriers
    | typeof containerTypes
    | typeof units,
  codes: string[],
) {
  const rows = await db
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(inArray(table.code, codes));
  return codes
    .map((code) => rows.find((row) => row.code === code)?.id)
    .filter((id): id is number => id !== undefined);
}

/**
 * Demo members for a new database (no member yet): a customer and a forwarder with fixed logins.
 * The forwarder publishes a few rates valid from a week ago for half a year (so the quote board
 * has something to show), the customer has a shipper and a consignee in the contact book, and three
 * bookings with the forwarder: an FCL booking from the first demo rate whose space is released
 * (status 2, awaiting shipping instructions), an LCL booking just submitted (status 1) and an LCL
 * draft (status 0) the forwarder does not see.
 * Returns whether it seeded anything.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  const [cn] = await idsByCode(db, countries, ['CN']);
  if (cn === undefined) throw new Error('reference data missing: seed it first');
  const customer = await createMember({
    db,
    username: DEMO_LOGINS[0].username,
    password: DEMO_LOGINS[0].password,
    company1: 'DEMO TRADING CO., LTD',
    company2: '演示贸易有限公司',
    linkman: 'LI MING',
    phone: '+862150000001',
    city: 'SHANGHAI',
    address1: 'NO. 100 CENTURY AVENUE, PUDONG',
    countryId: cn,
    isForwarder: false,
    authorities: MEMBER_AUTHORITIES,
    profile: 'DEMO TRADING exports consumer electronics from the Yangtze River Delta.',
  });
  const forwarder = await createMember({
    db,
    username: DEMO_LOGINS[1].username,
    password: DEMO_LOGINS[1].password,
    company1: 'DEMO FORWARDING CO., LTD',
    company2: '演示国际货运代理有限公司',
    linkman: 'ZHANG WEI',
    phone: '+862150000002',
    city: 'SHANGHAI',
    address1: 'NO. 8 WAIMA ROAD, HUANGPU',
    countryId: cn,
    isForwarder: true,
    authorities: FORWARDER_AUTHORITIES,
    profile: 'DEMO FORWARDING books FCL and LCL space from Shanghai and Ningbo to Europe and North America.',
    businesses: await idsByCode(db, businesses, ['FCL', 'LCL', 'CUSTOMS']),
    routes: await idsByCode(db, tradeRoutes, ['EU', 'USWC', 'MED']),
    ports: await idsByCode(db, ports, ['CNSHA', 'CNNGB']),
  });
  const rateIds = await seedDemoRates(db, forwarder.id);
  const parties = await seedDemoContacts(db, customer.id, cn);
  await seedDemoBookings(db, customer, forwarder.id, rateIds[0], parties);
  return true;
}

const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Demo rates of the forwarder: [carrier SCAC, POL, POD, delivery place, transit days, prices by container]. */
const DEMO_RATES: [string, string, string, string, number, Record<string, string>][] = [
  ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', 30, { '20GP': '1150', '40GP': '1980', '40HQ': '2050' }],
  ['COSU', 'CNSHA', 'USLAX', 'USLAX', 16, { '20GP': '1680', '40GP': '2100', '40HQ': '2150.50' }],
  ['MSCU', 'CNNGB', 'ITGOA', 'ITGOA', 28, { '20GP': '1320', '40HQ': '2290' }],
  ['CMDU', 'CNNGB', 'FRLEH', 'FRLEH', 32, { '20GP': '1210', '40GP': '2010', '40HQ': '2080' }],
  ['ONEY', 'CNSHA', 'USNYC', 'USNYC', 35, { '40GP': '3350', '40HQ': '3420' }],
];

async function seedDemoRates(db: Db, ownerId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [carrier, pol, pod, to, transitDays, prices] of DEMO_RATES) {
    const [carrierId] = await idsByCode(db, carriers, [carrier]);
    const [polId, podId, toId] = await Promise.all(
      [pol, pod, to].map(async (code) => (await idsByCode(db, ports, [code]))[0]),
    );
    const containers = Object.keys(prices);
    const containerIds = await idsByCode(db, containerTypes, containers);
    if (containerIds.length !== containers.length) throw new Error('reference data missing: container types');
    const rate = await createRate({
      db,
      ownerId,
      locale: 'en-US',
      input: {
        carrier_id: carrierId,
        pol_id: polId,
        pod_id: podId,
        to_id: toId,
        sdate: isoDay(-7),
        edate: isoDay(180),
        transit_days: transitDays,
        remark: 'DEMO RATE',
        spaces: containers.map((code, i) => ({ container_id: containerIds[i], price: prices[code] })),
      },
    });
    ids.push(rate.id);
  }
  return ids;
}

async function seedDemoContacts(db: Db, ownerId: number, cn: number) {
  const [us] = await idsByCode(db, countries, ['US']);
  const base = { db, ownerId, locale: 'en-US' } as const;
  const shipper = await createContact({
    ...base,
    input: {
      type: 'shipper',
      company1: 'NINGBO BRIGHT ELECTRONICS CO., LTD',
      company2: '宁波明亮电子有限公司',
      linkman: 'WANG FANG',
      address1: 'NO. 66 HUANCHENG ROAD, YINZHOU',
      city: 'NINGBO',
      province: 'ZHEJIANG',
      country_id: cn,
      phone: '+8657487000001',
      email: 'wang.fang@example.com',
    },
  });
  const consignee = await createContact({
    ...base,
    input: {
      type: 'consignee',
      company1: 'PACIFIC HOME GOODS INC.',
      linkman: 'JOHN SMITH',
      address1: '1200 HARBOR BLVD',
      city: 'LOS ANGELES',
      province: 'CA',
      country_id: us,
      zip_code: '90012',
      phone: '+13105550100',
      email: 'john.smith@example.com',
    },
  });
  return { shipperId: shipper.id, consigneeId: consignee.id };
}

/** Demo data sends no mail. */
const SILENT_MAILER: Mailer = { send: async () => undefined, close: () => undefined };

async function seedDemoBookings(
  db: Db,
  customer: { id: number; username: string; authorities: string[] },
  forwarderId: number,
  quoteId: number | undefined,
  parties: { shipperId: number; consigneeId: number },
) {
  const [sha, rtm, ngb, lax] = await idsByCode(db, ports, ['CNSHA', 'NLRTM', 'CNNGB', 'USLAX']);
  const [maersk, cosco] = await idsByCode(db, carriers, ['MAEU', 'COSU']);
  const [gp40, hq40] = await idsByCode(db, containerTypes, ['40GP', '40HQ']);
  const [carton, pallet] = await idsByCode(db, units, ['CT', 'PX']);
  const common = { db, mailer: SILENT_MAILER, locale: 'en-US' as const, viewer: customer };
  const party = { shipper_id: parties.shipperId, consignee_id: parties.consigneeId };
  const fcl = await createBooking({
    ...common,
    submit: true,
    input: {
      ...party,
      container_mode: 1,
      quote_id: quoteId,
      cust_ref_no: 'PO-2026-0815',
      ready_date: isoDay(5),
      incoterm: 'FOB',
      place_of_receipt: 'NINGBO',
      pol_id: sha,
      pod_id: rtm,
      to_id: rtm,
      carrier_id: maersk,
      remark: 'DEMO FCL BOOKING',
      containers: [
        {
          container_id: gp40,
          hs_code: '851762',
          description: 'WIRELESS ROUTERS',
          packages: 1200,
          unit_id: carton,
          weight: '9800.5',
          volume: '56.4',
          quantity: 1,
        },
        {
          container_id: hq40,
          hs_code: '852872',
          description: 'LCD MONITORS',
          packages: 860,
          unit_id: carton,
          weight: '12040',
          volume: '67.25',
          quantity: 2,
        },
      ],
    },
  });
  const forwarderSide = {
    db,
    mailer: SILENT_MAILER,
    locale: 'en-US' as const,
    viewerId: forwarderId,
    id: fcl.id,
  };
  await acceptBooking(forwarderSide);
  await releaseSpace({
    ...forwarderSide,
    input: {
      so_no: 'MAEU2605518',
      vessel: 'MAERSK ESSEN',
      voyage: '447W',
      etd: isoDay(9),
      eta: isoDay(39),
      si_cutoff: `${isoDay(7)} 12:00`,
      cy_cutoff: `${isoDay(8)} 17:00`,
    },
  });
  const lcl = (ref: string, readyIn: number, remark: string) => ({
    ...party,
    container_mode: 2 as const,
    forwarder_id: forwarderId,
    cust_ref_no: ref,
    ready_date: isoDay(readyIn),
    incoterm: 'FCA',
    pol_id: ngb,
    pod_id: lax,
    to_id: lax,
    carrier_id: cosco,
    remark,
    cargo_items: [
      {
        hs_code: '940360',
        description: 'WOODEN FURNITURE',
        packages: 12,
        unit_id: pallet,
        weight: '1850.75',
        volume: '9.6',
      },
    ],
  });
  await createBooking({ ...common, submit: true, input: lcl('PO-2026-0902', 10, 'DEMO LCL BOOKING') });
  // A draft: the member's alone until submitted.
  await createBooking({ ...common, input: lcl('PO-2026-0930', 14, 'DEMO DRAFT BOOKING') });
}
