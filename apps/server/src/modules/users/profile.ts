import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_LOCALE,
  needsCurrentPassword,
  parseLocale,
  profileUpdate,
  translate,
  formatInstant,
  zoneLabel,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { FileStorage } from '../../platform/storage.js';
import { changedFields, recordActivity } from '../activity/service.js';
import { endAllSessions } from '../auth/sessions.js';
import { assertNotThrottled, countFailure, failKeys } from '../auth/throttle.js';
import { removeFiles } from '../files/service.js';
import { queueMails } from '../mail-outbox/repo.js';
import { getSiteConfig } from '../system/service.js';
import { findPerson, updatePerson } from './people-repo.js';
import { companyColumns, findUserWithCountry, type UserPatch, updateUser } from './repo.js';
import {
  assertPasswordAllowed,
  checkReferences,
  type ImageFiles,
  parseOrThrow,
  storeImages,
} from './service.js';

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

/** The company's profile fields by their API names, for the activity trail (images by their field). */
const PROFILE_FIELDS = {
  linkman: 'linkman',
  phone: 'phone',
  company1: 'company1',
  company2: 'company2',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  province: 'province',
  zipCode: 'zip_code',
  countryId: 'country_id',
  creditNo: 'credit_no',
  profile: 'profile',
  industries: 'industries',
  businesses: 'businesses',
  routes: 'routes',
  ports: 'ports',
  listedInDirectory: 'listed_in_directory',
  logo: 'logo',
  license: 'license',
} as const satisfies Partial<Record<keyof UserPatch, string>>;

/**
 * Updates the member's own profile. New logo or licence images replace the old files. A new password
 * is set only when given, with the current one: a wrong current password is a field
 * error that counts toward the login throttle; success ends every other session of the member and
 * mails the owner, in their language, that the password was changed.
 */
export async function updateProfile(options: {
  db: Db;
  storage: FileStorage;
  kv: KvStore;
  /** the company */
  userId: number;
  /** the person making the change, whose password a new password is */
  personId: number;
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
  const person = await findPerson(db, options.personId);
  if (!current || !person) throw new AppError(404, 'errors.notFound');
  if (input.password) assertPasswordAllowed(input.password, person.email);
  if (needsCurrentPassword(input)) await checkCurrentPassword({ ...options, person, input });
  const patch: UserPatch = companyColumns(input);
  if (input.profile !== undefined) patch.profile = input.profile;
  if (input.industries) patch.industries = input.industries;
  if (input.businesses) patch.businesses = input.businesses;
  if (input.routes) patch.routes = input.routes;
  if (input.ports) patch.ports = input.ports;
  if (input.listed_in_directory !== undefined) patch.listedInDirectory = input.listed_in_directory;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      Object.assign(patch, await storeImages(tx, storage, userId, files, written));
      await updateUser(tx, userId, patch);
      if (passwordHash) {
        await updatePerson(tx, person.id, { passwordHash });
        await mailPasswordChanged({ db: tx, person });
      }
      // The company's trail names the profile fields that changed; a password is the person's own.
      const fields = changedFields(current.user, patch, PROFILE_FIELDS);
      if (fields.length > 0)
        await recordActivity(
          tx,
          { companyId: userId, personId: person.id, name: person.name },
          {
            kind: 'company',
            action: 'update',
            objectId: userId,
            label: patch.company1 ?? current.user.company1,
            fields,
          },
        );
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
    await endAllSessions({ db, personId: person.id, exceptSessionId: options.sessionId });
  }
}

export async function checkCurrentPassword(options: {
  kv: KvStore;
  log: FastifyBaseLogger;
  address: string;
  person: { email: string; passwordHash: string };
  input: { current_password?: string | undefined };
}): Promise<void> {
  const keys = failKeys(options.person.email, options.address);
  await assertNotThrottled(options.kv, keys);
  if (
    !(await verifyPassword(options.log, options.person.passwordHash, options.input.current_password ?? ''))
  ) {
    await countFailure(options.kv, keys);
    throw new AppError(400, 'account.currentPasswordWrong', {}, [{ field: 'current_password' }]);
  }
}

/**
 * Tells the person that their password changed, in their language, queued with `db`, the change's
 * transaction (also used by PUT /api/me/password).
 */
export async function mailPasswordChanged(options: {
  db: Db;
  person: { email: string; language: string | null; companyId: number };
}): Promise<void> {
  const locale = parseLocale(options.person.language) ?? DEFAULT_LOCALE;
  const site = await getSiteConfig({ db: options.db });
  const app = site.app_title || translate(locale, 'config.defaultTitle');
  await queueMails(options.db, [
    {
      companyId: options.person.companyId,
      kind: 'password',
      to: options.person.email,
      locale,
      subject: translate(locale, 'account.mail.passwordChangedSubject', { app }),
      text: translate(locale, 'account.mail.passwordChangedBody', {
        app,
        email: options.person.email,
        time: formatInstant(new Date(), locale, site.time_zone),
        zone: zoneLabel(site.time_zone),
      }),
    },
  ]);
}
