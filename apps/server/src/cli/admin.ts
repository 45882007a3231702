import {
  ALL_AUTHORITIES,
  type Authority,
  FORWARDER_AUTHORITIES,
  MEMBER_AUTHORITIES,
  password as passwordRule,
  email as emailRule,
} from '@freight/contract';
import { eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { prepareDatabase } from '../db/prepare.js';
import { countries } from '../db/schema.js';
import { ConfigValueError, getSiteConfig, setSiteConfigValue } from '../modules/system/service.js';
import {
  changeAuthorities,
  createMember,
  findAccountByUsername,
  listUsers,
} from '../modules/users/service.js';
import { DatabaseUnavailableError, type Db } from '../platform/db.js';

const USAGE = `Usage: npm run admin -- <command>

Site configuration:
  config list                         show every site configuration entry
  config set <name> <value>           change one entry, e.g. "config set app_mode 2", "config set app_close true"

Users:
  user list                           list members with their authorities
  user create <email> <password> --company <name> [--forwarder] [--country CN] [--linkman N] [--phone P] [--city C]
                                      create a member (a forwarder also gets rate and quote_forwarder)
  user grant <email> <authority…>     add authorities (${ALL_AUTHORITIES.join(', ')})
  user revoke <email> <authority…>    remove authorities

The CLI uses the server's environment (DATABASE_URL, or DATA_DIR for the embedded database).
The embedded database allows one process at a time: stop the server first.`;

class UsageError extends Error {}

function authoritiesOf(names: string[]): Authority[] {
  const unknown = names.filter((name) => !(ALL_AUTHORITIES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError(
      `Unknown authorities: ${unknown.join(', ') || '(none given)'}. Known: ${ALL_AUTHORITIES.join(', ')}`,
    );
  return names as Authority[];
}

async function account(db: Db, username: string) {
  const user = await findAccountByUsername({ db, username });
  if (!user) throw new UsageError(`No member ${username}`);
  return user;
}

async function run(db: Db, positionals: string[], options: Record<string, string | boolean | undefined>) {
  const [area, command, ...rest] = positionals;
  if (area === 'config' && command === 'list') {
    for (const [name, value] of Object.entries(await getSiteConfig({ db })))
      console.log(`${name}\t${JSON.stringify(value)}`);
  } else if (area === 'config' && command === 'set' && rest.length === 2) {
    const [name, value] = rest as [string, string];
    await setSiteConfigValue({ db, name, value });
    console.log(`${name} = ${JSON.stringify(value)}`);
  } else if (area === 'user' && command === 'list') {
    for (const user of await listUsers(db)) {
      console.log(
        [
          user.id,
          user.username,
          user.isForwarder ? 'forwarder' : 'customer',
          user.company1,
          user.authorities.join(','),
        ].join('\t'),
      );
    }
  } else if (area === 'user' && command === 'create' && rest.length === 2) {
    const [username, password] = rest as [string, string];
    const email = emailRule.safeParse(username);
    if (!email.success) throw new UsageError(`Not a valid e-mail: ${username}`);
    if (!passwordRule.safeParse(password).success)
      throw new UsageError('The password needs 6 to 128 characters');
    if (typeof options.company !== 'string') throw new UsageError('--company is required');
    const countryCode = typeof options.country === 'string' ? options.country.toUpperCase() : 'CN';
    const [country] = await db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.code, countryCode));
    if (!country) throw new UsageError(`Unknown country code ${countryCode}`);
    if (await findAccountByUsername({ db, username: email.data }))
      throw new UsageError(`${email.data} exists already`);
    const isForwarder = options.forwarder === true;
    const user = await createMember({
      db,
      username: email.data,
      password,
      company1: options.company.toUpperCase(),
      linkman: typeof options.linkman === 'string' ? options.linkman : '-',
      phone: typeof options.phone === 'string' ? options.phone : '0',
      city: typeof options.city === 'string' ? options.city.toUpperCase() : '-',
      address1: '-',
      countryId: country.id,
      isForwarder,
      authorities: isForwarder ? FORWARDER_AUTHORITIES : MEMBER_AUTHORITIES,
    });
    console.log(`created ${user.username} (id ${user.id}${isForwarder ? ', forwarder' : ''})`);
  } else if (area === 'user' && (command === 'grant' || command === 'revoke') && rest.length >= 2) {
    const [username, ...names] = rest as [string, ...string[]];
    const changes = authoritiesOf(names);
    const person = await account(db, username);
    const next = await changeAuthorities({ db, userId: person.companyId, [command]: changes });
    console.log(`${person.email}: ${next.join(', ')}`);
  } else {
    throw new UsageError(USAGE);
  }
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      forwarder: { type: 'boolean' },
      country: { type: 'string' },
      linkman: { type: 'string' },
      phone: { type: 'string' },
      city: { type: 'string' },
    },
  });
  if (positionals.length === 0 || positionals[0] === 'help') {
    console.log(USAGE);
    return;
  }
  const database = await prepareDatabase(loadConfig(), 2);
  try {
    await run(database.db, positionals, values);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = [UsageError, ConfigError, DatabaseUnavailableError, ConfigValueError].some(
    (type) => error instanceof type,
  );
  console.error(known ? (error as Error).message : error);
  process.exitCode = known && error instanceof UsageError ? 2 : 1;
});
