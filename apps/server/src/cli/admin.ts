import {
  ALL_AUTHORITIES,
  type Authority,
  FORWARDER_AUTHORITIES,
  MEMBER_AUTHORITIES,
  password as passwordRule,
  email as emailRule,
  parseRole,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type Role,
  ROLES,
  translate,
} from '@freight/contract';
import { eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { countries } from '../db/schema.js';
import { openPortalDatabase } from '../demo/template.js';
import { deadMails, outboxCounts, retryDead } from '../modules/mail-outbox/repo.js';
import { ConfigValueError, getSiteConfig, setSiteConfigValue } from '../modules/system/service.js';
import {
  changePersonRole,
  listCompanies,
  listCompanyPeople,
  movePerson,
  resolveCompany,
} from '../modules/users/people.js';
import {
  assertPasswordAllowed,
  changeAuthorities,
  createMember,
  findAccountByUsername,
  listUsers,
} from '../modules/users/service.js';
import { DatabaseUnavailableError, type Db } from '../platform/db.js';
import { AppError } from '../platform/errors.js';

const USAGE = `Usage: npm run admin -- <command>

Site configuration:
  config list                         show every site configuration entry
  config set <name> <value>           change one entry, e.g. "config set app_mode 2", "config set app_close true"

Users:
  user list                           list members (companies) with their authorities
  user create <email> <password> --company <name> [--forwarder] [--country CN] [--linkman N] [--phone P] [--city C]
                                      create a member company and its owner, who signs in with <email>
                                      (a forwarder also gets rate and quote_forwarder)
  user grant <email> <authority…>     add authorities to the company of the person <email>
                                      (${ALL_AUTHORITIES.join(', ')})
  user revoke <email> <authority…>    remove authorities from the company of the person <email>

Companies and their people (roles: ${ROLES.join(', ')}):
  company list                        id, company name, e-mail, forwarder or customer, number of people
  company users <company>             the people of a company (id or e-mail): id, name, e-mail, role, last sign-in
  person move <email> <company> [--role R]
                                      move a person to another company (id or e-mail) as R (default operator);
                                      ends their sessions; the last owner of a company cannot leave it
  person role <email> <role>          give a person a role; ends their sessions; the last owner of a
                                      company cannot be demoted

Outgoing mail (the mail outbox):
  mail status                         how many mails wait, were sent (kept 7 days) and are dead
  mail dead                           the dead letters: id, kind, recipient, attempts, last error, subject
  mail retry <id…> | mail retry --all send dead letters again (a fresh count of attempts)

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

async function company(db: Db, key: string) {
  const found = await resolveCompany({ db, key });
  if (!found) throw new UsageError(`No company ${key}`);
  return found;
}

async function person(db: Db, email: string) {
  const found = await findAccountByUsername({ db, username: email });
  if (!found) throw new UsageError(`No person signs in as ${email}`);
  return found;
}

function roleOf(name: string): Role {
  const role = parseRole(name);
  if (!role) throw new UsageError(`Unknown role: ${name}. Known: ${ROLES.join(', ')}`);
  return role;
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
      throw new UsageError(`The password needs ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
    // The one password rule of every form: a common password or one holding the address is refused.
    assertPasswordAllowed(password, email.data);
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
  } else if (area === 'company' && command === 'list' && rest.length === 0) {
    for (const company of await listCompanies(db))
      console.log(
        [
          company.id,
          company.name,
          company.email,
          company.isForwarder ? 'forwarder' : 'customer',
          `${company.people} ${company.people === 1 ? 'person' : 'people'}`,
        ].join('\t'),
      );
  } else if (area === 'company' && command === 'users' && rest.length === 1) {
    const { id } = await company(db, rest[0] ?? '');
    for (const p of await listCompanyPeople(db, id))
      console.log(
        [p.id, p.name, p.email, p.role, p.lastSignInAt ? p.lastSignInAt.toISOString() : 'never'].join('\t'),
      );
  } else if (area === 'person' && command === 'move' && rest.length === 2) {
    const [email, key] = rest as [string, string];
    const role = roleOf(typeof options.role === 'string' ? options.role : 'operator');
    const found = await person(db, email);
    const target = await company(db, key);
    await movePerson({ db, personId: found.id, companyId: target.id, role });
    console.log(`${found.email} moved to ${target.name} (id ${target.id}) as ${role}; sessions ended`);
  } else if (area === 'person' && command === 'role' && rest.length === 2) {
    const [email, name] = rest as [string, string];
    const role = roleOf(name);
    const found = await person(db, email);
    const { changed } = await changePersonRole({ db, personId: found.id, role });
    console.log(changed ? `${found.email}: ${role}; sessions ended` : `${found.email} is ${role} already`);
  } else if (area === 'mail' && command === 'status' && rest.length === 0) {
    const counts = await outboxCounts(db);
    console.log(`pending ${counts.pending}\tsent ${counts.sent}\tdead ${counts.dead}`);
  } else if (area === 'mail' && command === 'dead' && rest.length === 0) {
    for (const row of await deadMails(db, 1000))
      console.log(
        [
          row.id,
          row.kind,
          row.recipient,
          row.attempts,
          row.lastError ?? '',
          JSON.stringify(row.subject),
        ].join('\t'),
      );
  } else if (area === 'mail' && command === 'retry' && (rest.length > 0 || options.all === true)) {
    const ids = rest.map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
      throw new UsageError('mail retry takes mail ids');
    console.log(`${await retryDead(db, options.all === true ? null : ids)} mails queued again`);
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
      role: { type: 'string' },
      all: { type: 'boolean' },
    },
  });
  if (positionals.length === 0 || positionals[0] === 'help') {
    console.log(USAGE);
    return;
  }
  // A database the CLI makes stays without demo data (the server seeds one that has no members).
  const { database } = await openPortalDatabase(loadConfig(), { poolSize: 2, template: false });
  try {
    await run(database.db, positionals, values);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof AppError) {
    // A refusal of the services (an unknown company, the last owner…), in the operator's words.
    console.error(translate('en-US', error.key, error.params));
    process.exitCode = 1;
    return;
  }
  const known = [UsageError, ConfigError, DatabaseUnavailableError, ConfigValueError].some(
    (type) => error instanceof type,
  );
  console.error(known ? (error as Error).message : error);
  process.exitCode = known && error instanceof UsageError ? 2 : 1;
});
