import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { resolveSession, startSession } from '../src/modules/auth/sessions.js';
import {
  findPerson,
  insertPerson,
  listCompanyPeople,
  touchSignIn,
} from '../src/modules/users/people-repo.js';
import { createMember } from '../src/modules/users/service.js';
import type { Database } from '../src/platform/db.js';
import { hashPassword } from '../src/platform/password.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers.js';
import { uniqueEmail } from './fixtures.js';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * The admin CLI's company commands, run as the real process (`npm run admin`
 * runs the same entry point built) against a real database of each kind. The embedded database
 * allows one process at a time, so the test closes its own connection while the CLI runs.
 */
describeEachDatabase('the admin CLI: companies and their people', (kind) => {
  let dataDir: string;
  let pg: TestDatabase | undefined;
  let env: Record<string, string>;
  let config: Config;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
    if (kind === 'postgres') pg = await createTestDatabase('postgres');
    // DATABASE_URL empty: the embedded database in DATA_DIR (loadConfig ignores empty values).
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? '',
    };
    config = loadConfig(env);
  }, 60_000);
  afterAll(async () => {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The test's own connection: PostgreSQL's stays open, the embedded one is opened for `work`. */
  async function withDb<T>(work: (database: Database) => Promise<T>): Promise<T> {
    if (pg) return work(pg);
    const database = await prepareDatabase(config, 2);
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  const admin = (...args: string[]) =>
    run(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(serverDir, 'src', 'cli', 'admin.ts'), ...args],
      { env: { ...process.env, ...env }, cwd: serverDir },
    );

  it('lists companies and people, moves people and changes roles, keeping an owner', async () => {
    const email = {
      alphaOwner: uniqueEmail('alpha-owner'),
      alphaAdmin: uniqueEmail('alpha-admin'),
      alphaOperator: uniqueEmail('alpha-operator'),
      betaOwner: uniqueEmail('beta-owner'),
    };
    const member = (username: string, company1: string, isForwarder: boolean) => ({
      username,
      password: 'quay-lantern-42',
      company1,
      linkman: `${company1} BOSS`,
      phone: '0',
      city: 'NINGBO',
      address1: '-',
      countryId: 1,
      isForwarder,
      authorities: [],
    });
    const setup = await withDb(async ({ db }) => {
      const alpha = await createMember({ db, ...member(email.alphaOwner, 'ALPHA FREIGHT', true) });
      const beta = await createMember({ db, ...member(email.betaOwner, 'BETA TRADING', false) });
      const passwordHash = await hashPassword('quay-lantern-42');
      const person = (address: string, name: string, role: 'admin' | 'operator') =>
        insertPerson(db, { companyId: alpha.id, email: address, passwordHash, name, role });
      const alphaAdmin = await person(email.alphaAdmin, 'ANNA ADMIN', 'admin');
      const alphaOperator = await person(email.alphaOperator, 'OTTO OPERATOR', 'operator');
      await touchSignIn(db, alphaAdmin.id);
      const session = (personId: number) => startSession({ db, config, personId });
      return {
        alpha: alpha.id,
        beta: beta.id,
        alphaOwner: alpha.ownerPersonId,
        betaOwner: beta.ownerPersonId,
        alphaAdmin: alphaAdmin.id,
        alphaOperator: alphaOperator.id,
        tokens: {
          alphaOwner: await session(alpha.ownerPersonId),
          alphaAdmin: await session(alphaAdmin.id),
          alphaOperator: await session(alphaOperator.id),
          betaOwner: await session(beta.ownerPersonId),
        },
      };
    });

    const companies = (await admin('company', 'list')).stdout;
    expect(companies).toContain(`${setup.alpha}\tALPHA FREIGHT\t${email.alphaOwner}\tforwarder\t3 people\n`);
    expect(companies).toContain(`${setup.beta}\tBETA TRADING\t${email.betaOwner}\tcustomer\t1 person\n`);

    // By the company's e-mail (in any case) or its id: id, name, e-mail, role, last sign-in.
    const alphaPeople = (await admin('company', 'users', email.alphaOwner.toUpperCase())).stdout;
    expect(alphaPeople.trim().split('\n')).toEqual([
      `${setup.alphaOwner}\tALPHA FREIGHT BOSS\t${email.alphaOwner}\towner\tnever`,
      expect.stringMatching(
        new RegExp(
          `^${setup.alphaAdmin}\tANNA ADMIN\t${email.alphaAdmin}\tadmin\t\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`,
        ),
      ),
      `${setup.alphaOperator}\tOTTO OPERATOR\t${email.alphaOperator}\toperator\tnever`,
    ]);
    expect((await admin('company', 'users', String(setup.beta))).stdout).toBe(
      `${setup.betaOwner}\tBETA TRADING BOSS\t${email.betaOwner}\towner\tnever\n`,
    );
    await expect(admin('company', 'users', '999999')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No company 999999'),
    });

    // The last owner can be neither demoted nor moved away; nothing changes.
    const lastOwner = 'A company needs at least one owner: make someone else owner first';
    await expect(admin('person', 'role', email.alphaOwner, 'admin')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(lastOwner),
    });
    await expect(admin('person', 'move', email.alphaOwner, String(setup.beta))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(lastOwner),
    });
    await expect(admin('person', 'role', email.alphaOperator, 'boss')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown role: boss. Known: owner, admin, operator, viewer'),
    });
    await expect(admin('person', 'move', email.alphaAdmin, email.alphaOwner)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already a member of the company'),
    });
    await expect(admin('person', 'role', 'nobody@example.com', 'admin')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No person signs in as nobody@example.com'),
    });
    await withDb(async ({ db }) => {
      expect((await findPerson(db, setup.alphaOwner))?.role).toBe('owner');
      // Refusals end no session.
      for (const token of Object.values(setup.tokens))
        expect(await resolveSession({ db, config, token })).toBeDefined();
    });

    // With a second owner the first may step down; the operator moves to Beta as its admin.
    expect((await admin('person', 'role', email.alphaAdmin, 'owner')).stdout).toBe(
      `${email.alphaAdmin}: owner; sessions ended\n`,
    );
    expect((await admin('person', 'role', email.alphaOwner, 'viewer')).stdout).toBe(
      `${email.alphaOwner}: viewer; sessions ended\n`,
    );
    expect((await admin('person', 'role', email.alphaOwner, 'viewer')).stdout).toBe(
      `${email.alphaOwner} is viewer already\n`,
    );
    expect(
      (await admin('person', 'move', email.alphaOperator, email.betaOwner, '--role', 'admin')).stdout,
    ).toBe(`${email.alphaOperator} moved to BETA TRADING (id ${setup.beta}) as admin; sessions ended\n`);

    await withDb(async ({ db }) => {
      const roles = async (companyId: number) =>
        (await listCompanyPeople(db, companyId)).map((p) => [p.email, p.role]);
      expect(await roles(setup.alpha)).toEqual([
        [email.alphaOwner, 'viewer'],
        [email.alphaAdmin, 'owner'],
      ]);
      expect(await roles(setup.beta)).toEqual([
        [email.betaOwner, 'owner'],
        [email.alphaOperator, 'admin'],
      ]);
      // Every changed person's sessions ended; Beta's owner, untouched, is still signed in.
      for (const token of [setup.tokens.alphaOwner, setup.tokens.alphaAdmin, setup.tokens.alphaOperator])
        expect(await resolveSession({ db, config, token })).toBeUndefined();
      expect((await resolveSession({ db, config, token: setup.tokens.betaOwner }))?.user.companyId).toBe(
        setup.beta,
      );
      // Signing in again, the moved person works in Beta with the new role.
      const moved = await resolveSession({
        db,
        config,
        token: await startSession({ db, config, personId: setup.alphaOperator }),
      });
      expect(moved?.user).toMatchObject({
        companyId: setup.beta,
        role: 'admin',
        username: email.alphaOperator,
      });
    });

    const after = (await admin('company', 'list')).stdout;
    expect(after).toContain(`${setup.alpha}\tALPHA FREIGHT\t${email.alphaOwner}\tforwarder\t2 people\n`);
    expect(after).toContain(`${setup.beta}\tBETA TRADING\t${email.betaOwner}\tcustomer\t2 people\n`);
  }, 180_000);
  it('refuses a common or short password when it creates a member, as every form does', async () => {
    const username = uniqueEmail('cli-common');
    for (const [password, message] of [
      ['Passw0rd!', 'too common'],
      ['woaini1314', 'too common'],
      ['short-1', 'needs 8 to 128 characters'],
    ] as const) {
      const refused = await admin('user', 'create', username, password, '--company', 'CLI TRADING').catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect('code' in refused && refused.code, password).not.toBe(0);
      expect(refused.stderr, password).toContain(message);
    }
    expect(
      (await admin('user', 'create', username, 'quay-lantern-42', '--company', 'CLI TRADING')).stdout,
    ).toContain(username);
  }, 120_000);
});
