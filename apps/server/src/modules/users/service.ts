import type { FastifyBaseLogger } from 'fastify';
import {
  type Authority,
  DEFAULT_LOCALE,
  MEMBER_AUTHORITIES,
  type Locale,
  needsCurrentPassword,
  PARSE_OPTIONS,
  parseLocale,
  profileUpdate,
  registrationFields,
  translate,
  type UserInfo,
} from '@freight/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { AppError, isUniqueViolation, RequestValidationError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import type { Mailer } from '../../platform/mail.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { FileStorage } from '../../platform/storage.js';
import { unstorableTextError } from '../../platform/validation.js';
import { endAllSessions } from '../auth/sessions.js';
import { assertNotThrottled, countFailure, failKeys } from '../auth/throttle.js';
import { fileUrl, removeFiles, storeImage } from '../files/service.js';
import { getSiteConfig } from '../system/service.js';
import {
  anyUser,
  countryExists,
  existingIds,
  findUserByUsername,
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

type ImageFiles = { license?: Buffer | undefined; logo?: Buffer | undefined };

export async function findAccountByUsername(options: { db: Db; username: string }) {
  return findUserByUsername(options.db, options.username.trim().toLowerCase());
}

export async function changePassword(options: { db: Db; userId: number; password: string }) {
  await updateUser(options.db, options.userId, { passwordHash: await hashPassword(options.password) });
}

const joinIds = (ids: number[]) => ids.join(',');

/** Checks the country and reference ids a company names; unknown ids are refused by field. */
async function checkReferences(
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

function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw new RequestValidationError(result.error);
  const unstorable = unstorableTextError(result.data);
  if (unstorable) throw unstorable;
  return result.data;
}

/**
 * Registers a member company (spec §3 Registration payload). In app mode 1 an empty profile gets a
 * default text; in mode 2 it stays empty. The account gets the member authorities.
 */
export async function register(options: {
  db: Db;
  storage: FileStorage;
  locale: Locale;
  fields: Record<string, string>;
  files: ImageFiles;
}): Promise<{ id: number; username: string }> {
  const { db, storage } = options;
  const input = parseOrThrow(registrationFields, options.fields);
  await checkReferences(db, input);
  if (await findUserByUsername(db, input.username))
    throw new AppError(409, 'account.usernameTaken', {}, [{ field: 'username' }]);
  const site = await getSiteConfig({ db });
  const profile =
    input.profile?.trim() ||
    (site.app_mode === 1
      ? translate(options.locale, 'account.defaultProfile', { company: input.company1 })
      : '');
  const passwordHash = await hashPassword(input.password);
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        username: input.username,
        passwordHash,
        linkman: input.linkman,
        phone: input.phone,
        company1: input.company1,
        company2: input.company2,
        address1: input.address1,
        address2: input.address2,
        city: input.city,
        province: input.province,
        zipCode: input.zip_code,
        countryId: input.country_id,
        creditNo: input.credit_no,
        profile,
        industries: input.industries ?? [],
        businesses: input.businesses ?? [],
        routes: input.routes ?? [],
        ports: input.ports ?? [],
        authorities: [...MEMBER_AUTHORITIES],
        language: options.locale,
      });
      const patch = await storeImages(tx, storage, user.id, options.files, written);
      if (Object.keys(patch).length > 0) await updateUser(tx, user.id, patch);
      return { id: user.id, username: user.username };
    });
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key)));
    // Two registrations of one address at once: the second loses at the unique index, and its
    // error may come wrapped (DrizzleQueryError's cause).
    if (isUniqueViolation(error))
      throw new AppError(409, 'account.usernameTaken', {}, [{ field: 'username' }]);
    throw error;
  }
}

async function storeImages(
  db: Db,
  storage: FileStorage,
  ownerId: number,
  files: ImageFiles,
  written: string[],
): Promise<UserPatch> {
  const patch: UserPatch = {};
  if (files.license) {
    const stored = await storeImage({ db, storage, ownerId, kind: 'license', data: files.license });
    written.push(...stored.storageKeys);
    patch.license = stored.imageId;
    patch.licenseThumb = stored.thumbId;
  }
  if (files.logo) {
    const stored = await storeImage({ db, storage, ownerId, kind: 'logo', data: files.logo });
    written.push(...stored.storageKeys);
    patch.logo = stored.imageId;
    patch.logoThumb = stored.thumbId;
  }
  return patch;
}

export async function getUserInfo(options: { db: Db; userId: number; locale: Locale }): Promise<UserInfo> {
  const row = await findUserWithCountry(options.db, options.userId);
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
    country_name: options.locale === 'zh-CN' ? row.countryZh : row.countryEn,
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
    authorities: u.authorities,
    is_forwarder: u.isForwarder,
    listed_in_directory: u.listedInDirectory,
  };
}

/** A profile update as sent: a JSON body, or a multipart form with new images. */
export type ProfileSent =
  { json: unknown; files?: ImageFiles } | { form: { fields: Record<string, string>; files: ImageFiles } };

/**
 * The update and its images from either way of sending. A form sends every value as text:
 * `listed_in_directory` arrives as "true"/"false", and an empty password means "unchanged".
 */
function profileUpdateOf(sent: ProfileSent): { input: unknown; files: ImageFiles } {
  if ('json' in sent) return { input: sent.json, files: sent.files ?? {} };
  const { fields, files } = sent.form;
  const input: Record<string, unknown> = { ...fields };
  if ('listed_in_directory' in fields) input.listed_in_directory = fields.listed_in_directory === 'true';
  if (input.password === '') delete input.password;
  return { input, files };
}

/**
 * Updates the member's own profile. New logo or licence images replace the old files. A new password
 * is set only when given, with the current one (issue 17): a wrong current password is a field
 * error that counts toward the login throttle; success ends every other session of the member and
 * mails the owner, in their language, that the password was changed.
 */
export async function updateProfile(options: {
  db: Db;
  storage: FileStorage;
  kv: KvStore;
  mailer: Mailer;
  userId: number;
  /** the session making the change, which stays open */
  sessionId: number | undefined;
  /** the client address, for the login throttle */
  address: string;
  sent: ProfileSent;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, storage, userId } = options;
  const { input: raw, files } = profileUpdateOf(options.sent);
  const input = parseOrThrow(profileUpdate, raw);
  await checkReferences(db, input);
  const current = await findUserWithCountry(db, userId);
  if (!current) throw new AppError(404, 'errors.notFound');
  if (needsCurrentPassword(input)) await checkCurrentPassword({ ...options, user: current.user, input });
  const patch: UserPatch = {
    linkman: input.linkman,
    phone: input.phone,
    company1: input.company1,
    company2: input.company2,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    province: input.province,
    zipCode: input.zip_code,
    countryId: input.country_id,
    creditNo: input.credit_no,
  };
  if (input.profile !== undefined) patch.profile = input.profile;
  if (input.industries) patch.industries = input.industries;
  if (input.businesses) patch.businesses = input.businesses;
  if (input.routes) patch.routes = input.routes;
  if (input.ports) patch.ports = input.ports;
  if (input.listed_in_directory !== undefined) patch.listedInDirectory = input.listed_in_directory;
  if (input.password) patch.passwordHash = await hashPassword(input.password);
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      Object.assign(patch, await storeImages(tx, storage, userId, files, written));
      await updateUser(tx, userId, patch);
    });
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key)));
    throw error;
  }
  const replaced = [
    patch.logo ? current.user.logo : null,
    patch.logo ? current.user.logoThumb : null,
    patch.license ? current.user.license : null,
    patch.license ? current.user.licenseThumb : null,
  ];
  await removeFiles({ db, storage, ids: replaced });
  if (input.password) {
    await endAllSessions({ db, userId, exceptSessionId: options.sessionId });
    await mailPasswordChanged({ db, mailer: options.mailer, user: current.user });
  }
}

async function checkCurrentPassword(options: {
  kv: KvStore;
  log: FastifyBaseLogger;
  address: string;
  user: { username: string; passwordHash: string };
  input: { current_password?: string | undefined };
}): Promise<void> {
  const keys = failKeys(options.user.username, options.address);
  await assertNotThrottled(options.kv, keys);
  if (!(await verifyPassword(options.log, options.user.passwordHash, options.input.current_password ?? ''))) {
    await countFailure(options.kv, keys);
    throw new AppError(400, 'account.currentPasswordWrong', {}, [{ field: 'current_password' }]);
  }
}

/** Tells the owner that the password changed, in the owner's language; a failed mail is logged. */
async function mailPasswordChanged(options: {
  db: Db;
  mailer: Mailer;
  user: { username: string; language: string | null };
}): Promise<void> {
  const locale = parseLocale(options.user.language) ?? DEFAULT_LOCALE;
  const site = await getSiteConfig({ db: options.db });
  const app = site.app_title || translate(locale, 'config.defaultTitle');
  await options.mailer.send({
    to: options.user.username,
    subject: translate(locale, 'account.mail.passwordChangedSubject', { app }),
    text: translate(locale, 'account.mail.passwordChangedBody', {
      app,
      email: options.user.username,
      time: new Date().toISOString().slice(0, 16).replace('T', ' '),
    }),
  });
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

/** Creates a member from the admin CLI or the demo seed; forwarders get rate and quote_forwarder. */
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
  return insertUser(options.db, {
    username: options.username.trim().toLowerCase(),
    passwordHash: await hashPassword(options.password),
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
}
