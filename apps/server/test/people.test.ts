import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activity } from '../src/db/schema.js';
import { changePersonRole, movePerson, OPERATOR_NAME } from '../src/modules/users/people.js';
import { insertPerson, listCompanyPeople } from '../src/modules/users/people-repo.js';
import { createMember } from '../src/modules/users/service.js';
import { AppError } from '../src/platform/errors.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers.js';
import { uniqueEmail } from './fixtures.js';

/**
 * The last-owner rule of modules/users/people.ts: concurrent demotions and moves of a
 * company's two owners cannot both pass. On PostgreSQL the changes run on separate connections at
 * once; PGlite runs one transaction at a time, which must give the same answer.
 */
describeEachDatabase('people: a company keeps an owner', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });

  async function companyWithTwoOwners() {
    const db = database.db;
    const company = await createMember({
      db,
      username: uniqueEmail('owner'),
      password: 'quay-lantern-42',
      company1: 'TWO OWNERS LTD',
      linkman: 'FIRST OWNER',
      phone: '0',
      city: 'NINGBO',
      address1: '-',
      countryId: 1,
      isForwarder: false,
      authorities: [],
    });
    const second = await insertPerson(db, {
      companyId: company.id,
      email: uniqueEmail('second'),
      passwordHash: 'x',
      name: 'SECOND OWNER',
      role: 'owner',
    });
    return { companyId: company.id, owners: [company.ownerPersonId, second.id] as const };
  }

  const owners = async (companyId: number) =>
    (await listCompanyPeople(database.db, companyId)).filter((p) => p.role === 'owner').map((p) => p.id);

  const refusals = (results: PromiseSettledResult<unknown>[]) =>
    results.flatMap((r) =>
      r.status === 'rejected'
        ? [r.reason instanceof AppError ? `${r.reason.status} ${r.reason.key}` : r.reason]
        : [],
    );

  it('lets one of two concurrent demotions of the last two owners through', async () => {
    for (let round = 0; round < 5; round++) {
      const { companyId, owners: pair } = await companyWithTwoOwners();
      const results = await Promise.allSettled(
        pair.map((personId) => changePersonRole({ db: database.db, personId, role: 'admin' })),
      );
      expect(refusals(results)).toEqual(['409 company.lastOwner']);
      expect(await owners(companyId)).toHaveLength(1);
    }
  });

  it('lets one of a concurrent move away and demotion of the last two owners through', async () => {
    const { companyId: other } = await companyWithTwoOwners();
    for (let round = 0; round < 5; round++) {
      const { companyId, owners: pair } = await companyWithTwoOwners();
      const results = await Promise.allSettled([
        movePerson({ db: database.db, personId: pair[0], companyId: other, role: 'operator' }),
        changePersonRole({ db: database.db, personId: pair[1], role: 'viewer' }),
      ]);
      expect(refusals(results)).toEqual(['409 company.lastOwner']);
      expect(await owners(companyId)).toHaveLength(1);
    }
  });

  it('refuses an unknown person and a move into the same company; promoting needs no check', async () => {
    const { companyId, owners: pair } = await companyWithTwoOwners();
    await expect(
      changePersonRole({ db: database.db, personId: 2_000_000_000, role: 'admin' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      movePerson({ db: database.db, personId: pair[0], companyId, role: 'owner' }),
    ).rejects.toMatchObject({ status: 409, key: 'company.alreadyMember' });
    await expect(
      movePerson({ db: database.db, personId: pair[0], companyId: 2_000_000_000, role: 'owner' }),
    ).rejects.toMatchObject({ status: 404 });
    await changePersonRole({ db: database.db, personId: pair[1], role: 'viewer' });
    expect(await changePersonRole({ db: database.db, personId: pair[1], role: 'owner' })).toMatchObject({
      changed: true,
      person: { role: 'owner' },
    });
    expect(await owners(companyId)).toEqual([...pair]);
  });

  it('records role changes and moves in the trail, in both companies, by the admin CLI', async () => {
    const from = await companyWithTwoOwners();
    const to = await companyWithTwoOwners();
    const [, mover] = from.owners;
    await changePersonRole({ db: database.db, personId: mover, role: 'admin' });
    await movePerson({ db: database.db, personId: mover, companyId: to.companyId, role: 'viewer' });
    const trail = async (companyId: number) =>
      (await database.db.select().from(activity).where(eq(activity.companyId, companyId))).map((row) => ({
        who: row.personName,
        personId: row.personId,
        what: `${row.kind} ${row.action}`,
        objectId: row.objectId,
        fields: row.fields,
      }));
    expect(await trail(from.companyId)).toEqual([
      { who: OPERATOR_NAME, personId: null, what: 'role update', objectId: mover, fields: ['role'] },
      { who: OPERATOR_NAME, personId: null, what: 'user remove', objectId: mover, fields: [] },
    ]);
    expect(await trail(to.companyId)).toEqual([
      { who: OPERATOR_NAME, personId: null, what: 'user join', objectId: mover, fields: [] },
    ]);
  });
});
