/**
 * Fills a database with data of realistic shape for benchmarks, so that every benchmark draws on
 * one data set:
 *
 * - `generateMembers`: N member companies (customers and forwarders) spread over real countries,
 *   ports, routes and businesses (row by row through Drizzle, in batches of 1,000).
 * - `generateContacts`: contact-book entries (shippers and consignees) of those members, with every
 *   column the app writes, including `dedupe_key` exactly as `dedupeKey()` in
 *   modules/contacts/service.ts makes it, unique per owner as the (company_id, dedupe_key) index
 *   demands. Optionally one member (`focus`) gets a large book of its own.
 * - `generateRates`: forwarders' space rates with their space lines (container prices) on real
 *   carriers, ports and container types; mostly exports from Chinese ports; validity windows
 *   spread over the last half year so that a realistic share is valid today.
 * - `generateBookings`: FCL and LCL bookings of those members with their container or cargo lines
 *   and status history: shipper and consignee from the member's own book, addressed to forwarders,
 *   statuses 0/1/2/3/5/40 following a timeline from the booking's creation (schedule on released
 *   ones, B/L number on shipped ones), order numbers in the server's format. Optionally one member
 *   (`focus`) gets a given number of them. Readable by the API as they are (bench/data.ts reads a
 *   sample through the service and checks it against the contract).
 *
 * Contacts, rates and bookings are made by the database itself (`INSERT … SELECT generate_series`,
 * in chunks, two at a time on PostgreSQL) from a hash of the row number and the seed, so a million
 * rows load in seconds, the same seed gives the same data, and it works on PGlite as well as
 * PostgreSQL. Only the reference data seeded by `seedBase` (countries, ports, carriers, container
 * types, units, Incoterms) is used. One file per kind of row in bench/generate/, their words and
 * how often each occurs in bench/vocabulary.ts; this file is the command line.
 *
 *   node --import tsx --conditions=source bench/generate.ts --members 10000 --contacts 1000000 \
 *     [--focus-member demo@example.com --focus-contacts 50000] --rates 200000 \
 *     --bookings 1000000 [--focus-bookings 200 --focus-forwarder forwarder@example.com] \
 *     [--database-url postgres://…]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { generateBookings } from './generate/bookings.js';
import { generateContacts } from './generate/contacts.js';
import { generateMembers } from './generate/members.js';
import { generateRates } from './generate/rates.js';
import { openDatabase, runMigrations, seedBase, companies } from '../apps/server/src/surface.js';

async function main() {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000' },
      contacts: { type: 'string', default: '0' },
      'focus-member': { type: 'string' },
      'focus-contacts': { type: 'string', default: '0' },
      rates: { type: 'string', default: '0' },
      bookings: { type: 'string', default: '0' },
      'focus-bookings': { type: 'string', default: '0' },
      'focus-forwarder': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': {
        type: 'string',
        default: path.join(path.dirname(fileURLToPath(import.meta.url)), 'out', 'data'),
      },
    },
  });
  const database = await openDatabase({ databaseUrl: values['database-url'], dataDir: values['data-dir'] });
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    console.log(`generated ${what} in ${Math.round(performance.now() - started)} ms (${database.kind})`);
  };
  const idOf = async (username: string) => {
    const [row] = await database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.username, username.toLowerCase()));
    if (!row) throw new Error(`no member ${username}`);
    return row.id;
  };
  try {
    await runMigrations(database);
    await seedBase(database.db);
    const members = Number(values.members);
    const contactCount = Number(values.contacts);
    const rateCount = Number(values.rates);
    const bookingCount = Number(values.bookings);
    const focusName = values['focus-member'];
    if (members > 0)
      await timed(`${members} members`, () => generateMembers(database.db, { count: members }));
    if (contactCount > 0) {
      const focus = focusName
        ? { companyId: await idOf(focusName), count: Number(values['focus-contacts']) }
        : undefined;
      await timed(`${contactCount} contacts`, () =>
        generateContacts(database.db, { count: contactCount, focus }),
      );
    }
    if (rateCount > 0)
      await timed(`${rateCount} rates`, () => generateRates(database.db, { count: rateCount }));
    if (bookingCount > 0) {
      const forwarderName = values['focus-forwarder'];
      const focus = focusName
        ? {
            companyId: await idOf(focusName),
            count: Number(values['focus-bookings']),
            ...(forwarderName ? { forwarderId: await idOf(forwarderName) } : {}),
          }
        : undefined;
      await timed(`${bookingCount} bookings`, () =>
        generateBookings(database.db, { count: bookingCount, focus }),
      );
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
