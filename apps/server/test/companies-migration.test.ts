import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, rowsOf, runMigrations } from '../src/platform/db.js';
import { hashPassword } from '../src/platform/password.js';
import { call, createEmptyDatabase, createTestAppOn, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, login } from './fixtures.js';
import { migrateUpTo, seedBeforeTimeZones } from './migrate-up-to.js';

/**
 * Migrations 0012–0014 (company accounts) on a copy of a populated database: members with
 * passwords, open and ended sessions, bookings with their history, all written as the schema stood
 * at 0011. After the upgrade every member is a company whose one person is its owner, signing in as
 * before, and nothing else is lost. The same upgrade runs on through 0025, which renames the table
 * of members from users to companies: the rows, their ids and what points at them come along.
 */

const LAST_BEFORE_COMPANIES = 11;

const one = async <T extends Record<string, unknown>>(database: Database, query: SQL) => {
  const [row] = await rowsOf<T>(database.db, query);
  if (!row) throw new Error('no row');
  return row;
};

/** The number of rows of every table of the public schema. */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number(
      (await one<{ n: number }>(database, sql`select count(*)::int as n from ${sql.identifier(name)}`)).n,
    );
  return counts;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** 43 base64url characters, the shape of a session token. */
const token = (label: string) => createHash('sha256').update(label).digest('base64url').slice(0, 43);

type Member = {
  key: 'shipper' | 'nameless' | 'forwarder';
  username: string;
  password: string;
  linkman: string;
  language: string;
  forwarder: boolean;
};
const MEMBERS: Member[] = [
  {
    key: 'shipper',
    username: 'li.lei@shipper.example.com',
    password: 'old-pass-1',
    linkman: 'LI LEI',
    language: 'en-US',
    forwarder: false,
  },
  // No contact name: the owner is named by the e-mail.
  {
    key: 'nameless',
    username: 'nameless@shipper.example.com',
    password: 'old-pass-2',
    linkman: '  ',
    language: 'zh-CN',
    forwarder: false,
  },
  {
    key: 'forwarder',
    username: 'ops@forwarder.example.com',
    password: 'old-pass-3',
    linkman: 'HAN MEIMEI',
    language: 'zh-CN',
    forwarder: true,
  },
];

describeEachDatabase('company accounts migrations (0012–0014, 0025) on a populated database', (kind) => {
  let t: TestApp;
  let before: Record<string, number>;
  const ids: Record<Member['key'], number> = { shipper: 0, nameless: 0, forwarder: 0 };
  const hashes: Record<Member['key'], string> = { shipper: '', nameless: '', forwarder: '' };
  const sessions = {
    shipperOpen: token('shipper open'),
    shipperEnded: token('shipper ended'),
    forwarderOpen: token('forwarder open'),
  };

  beforeAll(async () => {
    const database = await createEmptyDatabase(kind);
    try {
      await migrateUpTo(database, kind, LAST_BEFORE_COMPANIES);
      const tables = await tableCounts(database);
      expect(Object.keys(tables)).not.toContain('people');
      await seedBeforeTimeZones(database);
      const ref = await one<{ country: number; sha: number; rtm: number; fob: number }>(
        database,
        sql`select (select id from countries where code = 'CN') as country,
                   (select id from ports where code = 'CNSHA') as sha,
                   (select id from ports where code = 'NLRTM') as rtm,
                   (select id from incoterms where code = 'FOB') as fob`,
      );

      // Members as they were: the login is the member, with its password hash.
      for (const m of MEMBERS) {
        hashes[m.key] = await hashPassword(m.password);
        const authorities = m.forwarder
          ? ['quote', 'order', 'shipper', 'contact', 'user', 'rate', 'quote_forwarder']
          : ['quote', 'order', 'shipper', 'contact', 'user'];
        const row = await one<{ id: number }>(
          database,
          sql`insert into users (username, password_hash, linkman, phone, company1, address1, city,
                                 country_id, authorities, is_forwarder, language)
              values (${m.username}, ${hashes[m.key]}, ${m.linkman}, '0', ${`${m.key.toUpperCase()} CO`},
                      '1 ROAD', 'NINGBO', ${ref.country}, ${sql.param(authorities)}::text[],
                      ${m.forwarder}, ${m.language})
              returning id`,
        );
        ids[m.key] = Number(row.id);
      }
      const session = (userId: number, value: string, revoked: boolean) =>
        database.db.execute(
          sql`insert into sessions (user_id, token_hash, expires_at, revoked_at)
              values (${userId}, ${tokenHash(value)}, now() + interval '1 day',
                      ${revoked ? sql`now()` : sql`null`})`,
        );
      await session(ids.shipper, sessions.shipperOpen, false);
      await session(ids.shipper, sessions.shipperEnded, true);
      await session(ids.forwarder, sessions.forwarderOpen, false);

      // Bookings to the forwarder, each submitted by its member and accepted by the forwarder.
      const party = JSON.stringify({
        company1: 'PARTY LTD',
        company2: '',
        linkman: 'WANG',
        address1: '1 ROAD',
        address2: '',
        city: 'NINGBO',
        province: '',
        countryId: ref.country,
        zipCode: '',
        phone: '0',
        email: 'party@example.com',
      });
      let serial = 0;
      for (const owner of [ids.shipper, ids.shipper, ids.nameless]) {
        serial += 1;
        const booking = await one<{ id: number }>(
          database,
          sql`insert into bookings (order_no, owner_id, forwarder_id, status, container_mode, shipper,
                                    consignee, cust_ref_no, incoterm_id, pol_id, pod_id, to_id, accepted_at)
              values (${`BK250101${String(serial).padStart(6, '0')}`}, ${owner}, ${ids.forwarder}, 2, 1,
                      ${party}::jsonb, ${party}::jsonb, ${`REF-${serial}`}, ${ref.fob}, ${ref.sha},
                      ${ref.rtm}, ${ref.rtm}, now())
              returning id`,
        );
        const history = (action: string, from: number, to: number, actor: number | null, role: string) =>
          database.db.execute(
            sql`insert into booking_history (booking_id, action, from_status, to_status, actor_id, actor_role)
                values (${booking.id}, ${action}, ${from}, ${to}, ${actor}, ${role})`,
          );
        await history('submit', 0, 1, owner, 'member');
        await history('accept', 1, 1, ids.forwarder, 'forwarder');
        await history('release', 1, 2, ids.forwarder, 'forwarder');
      }
      before = await tableCounts(database);

      // The upgrade, as a starting server runs it.
      await runMigrations(database);
    } catch (error) {
      await database.drop();
      throw error;
    }
    t = await createTestAppOn(database);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives every member exactly one person: its owner, with the same e-mail, password hash and language', async () => {
    const people = await rowsOf<{
      company_id: number;
      email: string;
      password_hash: string;
      name: string;
      role: string;
      language: string;
    }>(t.database.db, sql`select * from people order by id`);
    expect(people).toHaveLength(MEMBERS.length);
    for (const m of MEMBERS)
      expect(people.filter((p) => Number(p.company_id) === ids[m.key])).toEqual([
        expect.objectContaining({
          email: m.username,
          password_hash: hashes[m.key],
          name: m.linkman.trim() || m.username,
          role: 'owner',
          language: m.language,
        }),
      ]);
  });

  it('keeps every row of every table that was there, and drops users.password_hash', async () => {
    const after = await tableCounts(t.database);
    expect(after).not.toHaveProperty('users');
    for (const [table, count] of Object.entries(before))
      expect({ table, count: after[table === 'users' ? 'companies' : table] }).toEqual({ table, count });
    expect(after.people).toBe(MEMBERS.length);
    expect(before.bookings).toBe(3);
    expect(before.booking_history).toBe(9);
    expect(before.sessions).toBe(3);
    const columns = await rowsOf<{ name: string }>(
      t.database.db,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = 'companies'`,
    );
    expect(columns.map((c) => c.name)).toContain('username');
    expect(columns.map((c) => c.name)).not.toContain('password_hash');
  });

  it('signs every member in through the app with the old password, as its owner', async () => {
    for (const m of MEMBERS) {
      const reply = await login(t.app, m.username, m.password);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const info = await call<Envelope<{ id: number; person: { email: string; role: string } }>>(t.app, {
        method: 'GET',
        url: '/api/userinfo',
        headers: { authorization: `Bearer ${reply.body.data.token}` },
      });
      expect(info.body.data).toMatchObject({ id: ids[m.key], person: { email: m.username, role: 'owner' } });
      expect((await login(t.app, m.username, `${m.password}x`)).status).toBe(400);
    }
  });

  it('keeps open sessions open, as the owner of their company; an ended one stays ended', async () => {
    const userinfo = (value: string) =>
      call<Envelope<{ id: number; person: { email: string; role: string } }>>(t.app, {
        method: 'GET',
        url: '/api/userinfo',
        headers: { authorization: `Bearer ${value}` },
      });
    const shipper = await userinfo(sessions.shipperOpen);
    expect(shipper.status).toBe(200);
    expect(shipper.body.data).toMatchObject({
      id: ids.shipper,
      person: { email: 'li.lei@shipper.example.com', role: 'owner' },
    });
    const forwarder = await userinfo(sessions.forwarderOpen);
    expect(forwarder.body.data).toMatchObject({ id: ids.forwarder, person: { role: 'owner' } });
    expect((await userinfo(sessions.shipperEnded)).status).toBe(401);
    // The company's bookings are its owner's to read, through the same session.
    const list = await call<Envelope<{ total: number }>>(t.app, {
      method: 'GET',
      url: '/api/order',
      headers: { authorization: `Bearer ${sessions.shipperOpen}` },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(2);
  });

  it("names each booking history entry's actor: the owner of the member that acted", async () => {
    const entries = await rowsOf<{ action: string; actor_id: number; actor_name: string }>(
      t.database.db,
      sql`select action, actor_id, actor_name from booking_history order by id`,
    );
    expect(entries).toHaveLength(9);
    const names: Record<number, string> = {
      [ids.shipper]: 'LI LEI',
      [ids.nameless]: 'nameless@shipper.example.com',
      [ids.forwarder]: 'HAN MEIMEI',
    };
    for (const entry of entries) expect(entry.actor_name).toBe(names[Number(entry.actor_id)]);
    expect(new Set(entries.map((e) => e.actor_name))).toEqual(new Set(Object.values(names)));
  });

  it('renames users to companies keeping ids, keys and names that say what they hold', async () => {
    const companies = await rowsOf<{ id: number; username: string }>(
      t.database.db,
      sql`select id, username from companies order by id`,
    );
    expect(companies.map((c) => [Number(c.id), c.username])).toEqual(
      MEMBERS.map((m) => [ids[m.key], m.username]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Every foreign key that pointed at users points at companies, and no key, index or sequence
    // still says users (PostgreSQL 18 also catalogues NOT NULL as constraints named after the table
    // they were made on; nobody refers to those by name).
    const keys = await rowsOf<{ name: string; target: string }>(
      t.database.db,
      sql`select conname as name, confrelid::regclass::text as target from pg_constraint
          where contype = 'f' and confrelid = 'companies'::regclass`,
    );
    expect(keys.length).toBeGreaterThanOrEqual(14);
    const stale = await rowsOf<{ name: string }>(
      t.database.db,
      sql`select conname as name from pg_constraint where conname like '%users%' and contype <> 'n'
          union all select indexname from pg_indexes where schemaname = 'public' and indexname like '%users%'
          union all select sequencename from pg_sequences where sequencename like '%users%'`,
    );
    expect(stale).toEqual([]);
    // A company's rows name it by "company_id": no column, key or index says "owner" (a person's role).
    const owners = await rowsOf<{ name: string }>(
      t.database.db,
      sql`select table_name || '.' || column_name as name from information_schema.columns
          where table_schema = 'public' and column_name like '%owner%'
          union all select conname from pg_constraint where conname like '%owner%' and contype <> 'n'
          union all select indexname from pg_indexes where schemaname = 'public' and indexname like '%owner%'`,
    );
    expect(owners).toEqual([]);
    // A new company takes the next id of the renamed sequence, after the ones that were there.
    const next = await one<{ id: number }>(
      t.database,
      sql`insert into companies (username, linkman, phone, company1, address1, city, country_id)
          select 'new@company.example.com', 'NEW', '0', 'NEW CO', '1 ROAD', 'NINGBO', country_id
          from companies order by id limit 1
          returning id`,
    );
    expect(Number(next.id)).toBeGreaterThan(Math.max(...Object.values(ids)));
    await t.database.db.execute(sql`delete from companies where id = ${next.id}`);
    // The bookings still belong to their companies, through the renamed table.
    const bookingsOf = await rowsOf<{ username: string; n: number }>(
      t.database.db,
      sql`select c.username, count(*)::int as n from bookings b join companies c on c.id = b.company_id
          group by c.username order by c.username`,
    );
    expect(bookingsOf).toEqual([
      { username: 'li.lei@shipper.example.com', n: 2 },
      { username: 'nameless@shipper.example.com', n: 1 },
    ]);
  });
});
