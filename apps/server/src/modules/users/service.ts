import {
  abilitiesOf,
  type Authority,
  DEFAULT_LOCALE,
  PARSE_OPTIONS,
  parseLocale,
  type UserInfo,
} from '@freight/contract';
import { judgePassword, PASSWORD_PROBLEM_KEYS } from '@freight/contract/password-strength';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import type { FileStorage } from '../../platform/storage.js';
import { unstorableTextError } from '../../platform/validation.js';
import type { RequestContext } from '../auth/context.js';
import { fileUrl, storeImage } from '../files/service.js';
import { findPersonByEmail, insertPerson, touchSignIn, updatePerson } from './people-repo.js';
import {
  anyUser,
  countryExists,
  existingIds,
  findUserWithCountry,
  insertUser,
  type UserPatch,
  updateUser,
} from './repo.js';

export { listUsers } from './repo.js';

/** Whether the database has any member yet (a new database has none). */
export function hasMembers(options: { db: Db }): Promise<boolean> {
  return anyUser(options.db);
}

export type ImageFiles = { license?: Buffer | undefined; logo?: Buffer | undefined };

/** The person who signs in with an e-mail (logins are people's, not companies'). */
export async function findAccountByUsername(options: { db: Db; username: string }) {
  const row = await findPersonByEmail(options.db, options.username.trim().toLowerCase());
  return row?.person;
}

export async function recordSignIn(options: { db: Db; personId: number }): Promise<void> {
  await touchSignIn(options.db, options.personId);
}

/**
 * Refuses a new password that is too common or is, or holds, the account's e-mail address
 * (the rule is judgePassword's, the same the web's forms show), naming the field.
 */
export function assertPasswordAllowed(password: string, email: string): void {
  const { problem } = judgePassword(password, email);
  if (problem) throw new AppError(400, PASSWORD_PROBLEM_KEYS[problem], {}, [{ field: 'password' }]);
}

/** Sets a person's new password; callers check it with assertPasswordAllowed first. */
export async function changePassword(options: { db: Db; personId: number; password: string }) {
  await updatePerson(options.db, options.personId, { passwordHash: await hashPassword(options.password) });
}

const joinIds = (ids: number[]) => ids.join(',');

/** Checks the country and reference ids a company names; unknown ids are refused by field. */
export async function checkReferences(
  db: Db,
  values: {
    country_id: number;
    industries?: number[] | undefined;
    businesses?: number[] | undefined;
    routes?: number[] | undefined;
    ports?: number[] | undefined;
  },
) {
  const bad: { field: string }[] = [];
  if (!(await countryExists(db, values.country_id))) bad.push({ field: 'country_id' });
  const lists = [
    ['industries', 'industries'],
    ['businesses', 'businesses'],
    ['routes', 'trade_routes'],
    ['ports', 'ports'],
  ] as const;
  for (const [field, table] of lists) {
    const ids = values[field];
    if (ids && ids.length > 0 && (await existingIds(db, table, ids)).length !== ids.length)
      bad.push({ field });
  }
  if (bad.length > 0)
    throw new AppError(
      400,
      'validation.invalidValue',
      {},
      bad.map((b) => ({ field: b.field, params: {} })),
    );
}

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw new RequestValidationError(result.error);
  const unstorable = unstorableTextError(result.data);
  if (unstorable) throw unstorable;
  return result.data;
}

export async function storeImages(
  db: Db,
  storage: FileStorage,
  companyId: number,
  files: ImageFiles,
  written: string[],
): Promise<UserPatch> {
  const patch: UserPatch = {};
  if (files.license) {
    const stored = await storeImage({ db, storage, companyId, kind: 'license', data: files.license });
    written.push(...stored.storageKeys);
    patch.license = stored.imageId;
    patch.licenseThumb = stored.thumbId;
  }
  if (files.logo) {
    const stored = await storeImage({ db, storage, companyId, kind: 'logo', data: files.logo });
    written.push(...stored.storageKeys);
    patch.logo = stored.imageId;
    patch.logoThumb = stored.thumbId;
  }
  return patch;
}

/**
 * The signed-in person's view of their company: the company's profile, the person (name, login,
 * role) and the authorities their role gives them.
 */
export async function getUserInfo(options: {
  db: Db;
  context: Pick<
    RequestContext,
    'companyId' | 'personId' | 'username' | 'actor' | 'role' | 'authorities' | 'language' | 'locale'
  >;
}): Promise<UserInfo> {
  const { context } = options;
  const row = await findUserWithCountry(options.db, context.companyId);
  if (!row) throw new AppError(404, 'errors.notFound');
  const u = row.user;
  return {
    id: u.id,
    username: u.username,
    linkman: u.linkman,
    phone: u.phone,
    company1: u.company1,
    company2: u.company2,
    address1: u.address1,
    address2: u.address2,
    city: u.city,
    province: u.province,
    country_id: u.countryId,
    country_name: context.locale === 'zh-CN' ? row.countryZh : row.countryEn,
    zip_code: u.zipCode,
    credit_no: u.creditNo,
    profile: u.profile,
    logo: u.logo,
    logo_url: fileUrl(u.logo),
    logo_thumb: fileUrl(u.logoThumb),
    license: fileUrl(u.license),
    license_thumb: fileUrl(u.licenseThumb),
    industries: joinIds(u.industries),
    businesses: joinIds(u.businesses),
    routes: joinIds(u.routes),
    ports: joinIds(u.ports),
    authorities: context.authorities,
    person: {
      id: context.personId,
      name: context.actor.name,
      email: context.username,
      role: context.role,
      language: parseLocale(context.language) ?? DEFAULT_LOCALE,
    },
    abilities: abilitiesOf(context.role, context.authorities),
    is_forwarder: u.isForwarder,
    listed_in_directory: u.listedInDirectory,
  };
}

/**
 * Grants or revokes authorities. Holding `rate` is what makes a member a forwarder (their company is
 * listed as a supplier and in the directory).
 */
export async function changeAuthorities(options: {
  db: Db;
  userId: number;
  grant?: readonly Authority[];
  revoke?: readonly Authority[];
}) {
  const row = await findUserWithCountry(options.db, options.userId);
  if (!row) throw new AppError(404, 'errors.notFound');
  const revoke = new Set<string>(options.revoke ?? []);
  const next = [...new Set([...row.user.authorities, ...(options.grant ?? [])])].filter(
    (a) => !revoke.has(a),
  );
  await updateUser(options.db, options.userId, { authorities: next, isForwarder: next.includes('rate') });
  return next;
}

/**
 * Creates a member company and its owner (who signs in with `username`) from the admin CLI or the
 * demo seed; forwarders get rate and quote_forwarder.
 */
export async function createMember(options: {
  db: Db;
  username: string;
  password: string;
  company1: string;
  company2?: string;
  linkman: string;
  phone: string;
  city: string;
  address1: string;
  countryId: number;
  isForwarder: boolean;
  authorities: readonly Authority[];
  profile?: string;
  businesses?: number[];
  routes?: number[];
  ports?: number[];
}) {
  const username = options.username.trim().toLowerCase();
  const passwordHash = await hashPassword(options.password);
  return options.db.transaction(async (tx) => {
    const company = await insertUser(tx, {
      username,
      company1: options.company1,
      company2: options.company2 ?? '',
      linkman: options.linkman,
      phone: options.phone,
      city: options.city,
      address1: options.address1,
      countryId: options.countryId,
      isForwarder: options.isForwarder,
      authorities: [...options.authorities],
      profile: options.profile ?? '',
      businesses: options.businesses ?? [],
      routes: options.routes ?? [],
      ports: options.ports ?? [],
    });
    const owner = await insertPerson(tx, {
      companyId: company.id,
      email: username,
      passwordHash,
      name: options.linkman,
      role: 'owner',
    });
    return { ...company, ownerPersonId: owner.id };
  });
}
