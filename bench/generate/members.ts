import { max } from 'drizzle-orm';
import { CITIES, SURNAMES, TRADES, WORDS, ZH_TRADES, ZH_WORDS } from '../vocabulary.js';
import { rng } from './sql.js';
import {
  businesses,
  countries,
  ports,
  tradeRoutes,
  companies,
  type Db,
} from '../../apps/server/src/surface.js';

/** Companies made by the generator have no people, so nobody can log in to them. */
export async function generateMembers(
  db: Db,
  options: { count: number; forwarderShare?: number; seed?: number },
) {
  const random = rng(options.seed ?? 1);
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const cn = countryRows.find((c) => c.code === 'CN');
  const portIds = (await db.select({ id: ports.id }).from(ports)).map((p) => p.id);
  const routeIds = (await db.select({ id: tradeRoutes.id }).from(tradeRoutes)).map((r) => r.id);
  const businessIds = (await db.select({ id: businesses.id }).from(businesses)).map((b) => b.id);
  const [last] = await db.select({ value: max(companies.id) }).from(companies);
  const start = last?.value ?? 0;
  const batch = 1000;
  for (let offset = 0; offset < options.count; offset += batch) {
    const rows = [];
    for (let i = offset; i < Math.min(options.count, offset + batch); i++) {
      const n = start + i + 1;
      const word = random.int(0, WORDS.length - 1);
      const trade = random.int(0, TRADES.length - 1);
      const isForwarder = random.next() < (options.forwarderShare ?? 0.2);
      rows.push({
        username: `member${n}@bench.example.com`,
        linkman: `${random.pick(SURNAMES)} ${random.pick(SURNAMES)}`,
        phone: `+86${random.int(13000000000, 18999999999)}`,
        company1: `${WORDS[word]} ${TRADES[trade]} CO., LTD ${n}`,
        company2: `${ZH_WORDS[word]}${ZH_TRADES[trade]}有限公司${n}`,
        address1: `NO. ${random.int(1, 999)} ${random.pick(WORDS)} ROAD`,
        city: random.pick(CITIES),
        countryId: random.next() < 0.8 && cn ? cn.id : random.pick(countryRows).id,
        isForwarder,
        authorities: isForwarder
          ? [
              'quote',
              'rate',
              'order',
              'shipper',
              'contact',
              'user',
              'quote_forwarder',
              'quote_booking',
              'quote_rfq',
            ]
          : ['quote', 'order', 'shipper', 'contact', 'user', 'quote_booking', 'quote_rfq'],
        ports: [random.pick(portIds), random.pick(portIds)],
        routes: [random.pick(routeIds)],
        businesses: [random.pick(businessIds), random.pick(businessIds)],
      });
    }
    await db.insert(companies).values(rows);
  }
}
