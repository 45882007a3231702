import { hasMembers } from '../modules/users/service.js';
import { type Database, withAdvisoryLock } from '../platform/db.js';
import type { FileStorage } from '../platform/storage.js';
import type { KvStore } from '../platform/kv.js';
import type { Mailer } from '../platform/mail.js';
import { type SeededRate, seedBookings } from './bookings.js';
import { DEMO_CUSTOMER, DEMO_FORWARDER, OTHER_FORWARDERS } from './companies.js';
import { seedContacts } from './contacts.js';
import { loadReference } from './lookup.js';
import { type DemoMember, type SeedDeps, seedMembers, unknownPassword } from './members.js';
import { seededRandom } from './random.js';
import { demoForwarderRows, importRateSheet, ownRates, rateRows } from './rates.js';

/** The documented demo logins (README, start-up banner); every other demo account's password is unknown. */
export const DEMO_LOGINS = [
  { username: 'demo@example.com', password: 'demo123456', role: 'customer' },
  { username: 'forwarder@example.com', password: 'demo123456', role: 'forwarder' },
] as const;

/** Rates per forwarder: the demo forwarder's sheet is the longest. */
const DEMO_FORWARDER_RATES = 30;
const FORWARDER_RATES = 16;
/** Advisory lock key: instances starting together on one new PostgreSQL database seed it once. */
const SEED_LOCK = 7_340_113;

/** Demo data sends no mail: the seeded changes are nobody's news. */
const SILENT_MAILER: Mailer = { send: async () => undefined, close: () => undefined };

async function seedRates(deps: SeedDeps, members: Map<string, DemoMember>) {
  const random = seededRandom(1);
  const rates = new Map<string, SeededRate[]>();
  for (const member of members.values()) {
    if (!member.company.isForwarder) continue;
    const rows =
      member.company === DEMO_FORWARDER
        ? demoForwarderRows(member.company, DEMO_FORWARDER_RATES, random)
        : rateRows(member.company, FORWARDER_RATES, random);
    await importRateSheet(deps.db, member.id, rows, 'zh-CN');
    // The sheet's rows are created in order: its n-th row is the forwarder's n-th rate.
    const created = (await ownRates(deps.db, member.id)).sort((a, b) => a.id - b.id);
    rates.set(
      member.company.key,
      rows.map((row, i) => ({ id: created[i]?.id ?? 0, row })),
    );
  }
  return rates;
}

/**
 * Fills a new database with a portal in use, through the same use cases people use (so the data
 * obeys every rule): the demo customer and nine forwarders with logos (the demo forwarder and eight
 * more in the Shipper Alliance directory), each forwarder's rates over real lanes imported as a
 * rate sheet, the customer's contact book imported as a sheet, and the customer's bookings in every
 * status, with documents, schedules and history. Dates count from today; the rest is the same every
 * time (but for the unknown passwords). Returns whether it seeded anything: nothing when the
 * database has members already, which instances starting together on one PostgreSQL database check
 * in turn.
 */
export async function seedDemo(options: {
  database: Database;
  storage: FileStorage;
  kv: KvStore;
}): Promise<boolean> {
  const { db } = options.database;
  if (await hasMembers({ db })) return false;
  return withAdvisoryLock(options.database, SEED_LOCK, async () => {
    if (await hasMembers({ db })) return false;
    const deps: SeedDeps = { db, storage: options.storage, kv: options.kv, mailer: SILENT_MAILER };
    const ref = await loadReference(db);
    const members = await seedMembers(
      deps,
      ref,
      [
        { company: DEMO_CUSTOMER, password: DEMO_LOGINS[0].password },
        { company: DEMO_FORWARDER, password: DEMO_LOGINS[1].password },
        ...OTHER_FORWARDERS.map((company) => ({ company, password: unknownPassword() })),
      ],
      DEMO_LOGINS.length,
    );
    const customer = members.get(DEMO_CUSTOMER.key);
    if (!customer) throw new Error('demo customer not created');
    const contacts = await seedContacts(db, customer.id);
    const rates = await seedRates(deps, members);
    const forwarders = new Map([...members].filter(([, member]) => member.company.isForwarder));
    await seedBookings({ deps, ref, random: seededRandom(2), customer, forwarders, rates, contacts });
    return true;
  });
}
