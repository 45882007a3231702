import type { FastifyBaseLogger } from 'fastify';
import { hasMembers } from '../modules/users/service.js';
import { addPerson } from '../modules/users/people.js';
import { type Database, withAdvisoryLock } from '../platform/db.js';
import type { FileStorage } from '../platform/storage.js';
import type { KvStore } from '../platform/kv.js';
import { mailOutbox } from '../db/schema.js';
import { type SeededRate, seedBookings } from './bookings.js';
import { DEMO_CUSTOMER, DEMO_FORWARDER, OTHER_FORWARDERS } from './companies.js';
import { seedContacts } from './contacts.js';
import { loadReference } from './lookup.js';
import {
  completeProfiles,
  createDemoMember,
  type DemoMember,
  drawLogos,
  type SeedDeps,
  unknownPassword,
} from './members.js';
import { type Random, seededRandom } from './random.js';
import { demoForwarderRows, importRateSheet, ownRates, rateRows } from './rates.js';

/** The documented demo logins (README, start-up banner); every other demo account's password is unknown. */
export const DEMO_LOGINS = [
  { username: 'demo@example.com', password: 'demo123456', role: 'customer' },
  { username: 'forwarder@example.com', password: 'demo123456', role: 'forwarder' },
  // People of the demo customer's company, each with a role below its owner's.
  { username: 'ops@example.com', password: 'demo123456', role: 'operator' },
  { username: 'viewer@example.com', password: 'demo123456', role: 'viewer' },
] as const;

/** The demo customer's team besides its owner: names for the trail and the team page. */
const DEMO_TEAM = [
  { login: DEMO_LOGINS[2], name: 'WANG FANG 王芳', language: 'zh-CN' },
  { login: DEMO_LOGINS[3], name: 'Emma CLARK', language: 'en-US' },
] as const;

/**
 * Every person the demo makes, with the password they get in a new database: the documented
 * logins theirs, everyone else a new random one nobody is told (each call draws new ones).
 */
export function demoPasswords(): { username: string; password: string }[] {
  const documented = new Map<string, string>(DEMO_LOGINS.map((l) => [l.username, l.password]));
  const usernames = [DEMO_CUSTOMER, DEMO_FORWARDER, ...OTHER_FORWARDERS].map((c) => c.username);
  return [...new Set([...usernames, ...DEMO_TEAM.map((p) => p.login.username)])].map((username) => ({
    username,
    password: documented.get(username) ?? unknownPassword(),
  }));
}

/** Rates per forwarder: the demo forwarder's sheet is the longest. */
const DEMO_FORWARDER_RATES = 30;
const FORWARDER_RATES = 16;
/** Advisory lock key: instances starting together on one new PostgreSQL database seed it once. */
const SEED_LOCK = 7_340_113;

/** A forwarder's rate sheet, imported; its rates with the rows they came from. */
async function seedRates(deps: SeedDeps, forwarder: DemoMember, random: Random): Promise<SeededRate[]> {
  const rows =
    forwarder.company === DEMO_FORWARDER
      ? demoForwarderRows(forwarder.company, DEMO_FORWARDER_RATES, random)
      : rateRows(forwarder.company, FORWARDER_RATES, random);
  await importRateSheet(deps.db, forwarder.actor, rows, 'zh-CN');
  // The sheet's rows are created in order: its n-th row is the forwarder's n-th rate.
  const created = (await ownRates(deps.db, forwarder.companyId)).sort((a, b) => a.id - b.id);
  return rows.map((row, i) => ({ id: created[i]?.id ?? 0, row }));
}

/**
 * Fills a new database with a portal in use, through the same use cases people use (so the data
 * obeys every rule): the demo customer and nine forwarders with logos (the demo forwarder and eight
 * more in the Shipper Alliance directory), each forwarder's rates over real lanes imported as a
 * rate sheet, the customer's contact book imported as a sheet, and the customer's bookings in every
 * status, with documents, schedules and history. Dates count from today; the rest is the same every
 * time, but for the unknown passwords and the order of the eight other forwarders' ids. Returns whether it seeded anything: nothing when the
 * database has members already, which instances starting together on one PostgreSQL database check
 * in turn.
 */
export async function seedDemo(options: {
  database: Database;
  storage: FileStorage;
  kv: KvStore;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const { db } = options.database;
  if (await hasMembers({ db })) return false;
  return withAdvisoryLock(options.database, SEED_LOCK, async () => {
    if (await hasMembers({ db })) return false;
    const deps: SeedDeps = {
      db,
      storage: options.storage,
      kv: options.kv,
      log: options.log,
    };
    const ref = await loadReference(db);
    const passwords = new Map(demoPasswords().map((p) => [p.username, p.password]));
    const passwordOf = (username: string) => passwords.get(username) ?? unknownPassword();
    const logos = drawLogos([DEMO_CUSTOMER, DEMO_FORWARDER, ...OTHER_FORWARDERS]);
    logos.catch(() => undefined);
    // The documented logins first, as ids 1 and 2.
    const customer = await createDemoMember(deps, ref, {
      company: DEMO_CUSTOMER,
      password: passwordOf(DEMO_CUSTOMER.username),
    });
    const forwarder = await createDemoMember(deps, ref, {
      company: DEMO_FORWARDER,
      password: passwordOf(DEMO_FORWARDER.username),
    });
    // The other forwarders' password hashes (argon2) take the thread pool while the database works on.
    const others = Promise.all(
      OTHER_FORWARDERS.map((company) =>
        createDemoMember(deps, ref, { company, password: passwordOf(company.username) }),
      ),
    );
    // Awaited below; a failure meanwhile is not "unhandled".
    others.catch(() => undefined);
    const [operator] = await Promise.all(
      DEMO_TEAM.map(({ login, name, language }) =>
        addPerson({
          db,
          companyId: customer.companyId,
          email: login.username,
          password: passwordOf(login.username),
          name,
          role: login.role,
          language,
        }),
      ),
    );
    // The operator keeps the contact book, so the trail names more than one person.
    const contacts = await seedContacts(
      db,
      operator
        ? { companyId: customer.companyId, personId: operator.id, name: operator.name }
        : customer.actor,
    );
    const random = seededRandom(1);
    const rates = new Map([[forwarder.company.key, await seedRates(deps, forwarder, random)]]);
    const forwarders = [forwarder, ...(await others)];
    for (const other of forwarders.slice(1))
      rates.set(other.company.key, await seedRates(deps, other, random));
    await completeProfiles(deps, ref, [customer, ...forwarders], await logos);
    await seedBookings({
      deps,
      ref,
      random: seededRandom(2),
      customer,
      forwarders: new Map(forwarders.map((member) => [member.company.key, member])),
      rates,
      contacts,
    });
    // Demo data sends no mail: the seeded changes are nobody's news (a new database had none queued).
    await db.delete(mailOutbox);
    return true;
  });
}
