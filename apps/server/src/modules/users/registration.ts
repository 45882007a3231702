import { type Locale, MEMBER_AUTHORITIES, registrationFields, translate } from '@freight/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import { hashPassword } from '../../platform/password.js';
import type { FileStorage } from '../../platform/storage.js';
import { checkCaptcha } from '../auth/captcha.js';
import { checkProofOfWork } from '../auth/proof-of-work.js';
import { assertRegistrationNotThrottled, countRegistration } from '../auth/throttle.js';
import { getSiteConfig } from '../system/service.js';
import { findPersonByEmail, insertPerson } from './people-repo.js';
import { companyColumns, insertUser, updateUser } from './repo.js';
import {
  assertPasswordAllowed,
  checkReferences,
  type ImageFiles,
  parseOrThrow,
  storeImages,
} from './service.js';

/**
 * Registers a member company. In app mode 1 an empty profile gets a
 * default text; in mode 2 it stays empty. The company gets the member authorities, and the one who
 * registers it is its owner, signing in with the registered e-mail.
 *
 * Against scripts: a throttle per client address, then, once the fields are valid, the
 * proof of work and the image captcha, as at login. Only after them does the reply tell whether the
 * address is registered already (409).
 */
export async function register(options: {
  db: Db;
  storage: FileStorage;
  kv: KvStore;
  config: Config;
  address: string;
  locale: Locale;
  fields: Record<string, string>;
  files: ImageFiles;
}): Promise<{ id: number; username: string; personId: number }> {
  const { db, storage, kv } = options;
  await assertRegistrationNotThrottled(kv, options.address);
  const input = parseOrThrow(registrationFields, options.fields);
  assertPasswordAllowed(input.password, input.username);
  await countRegistration(kv, options.address);
  await checkProofOfWork({ config: options.config, kv, payload: input.altcha });
  if (!(await checkCaptcha({ kv, id: input.captcha_id, answer: input.captcha })))
    throw new AppError(400, 'account.captchaWrong', {}, [{ field: 'captcha' }]);
  await checkReferences(db, input);
  if (await findPersonByEmail(db, input.username))
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
        ...companyColumns(input),
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
      // The one who registers the company is its first owner.
      const owner = await insertPerson(tx, {
        companyId: user.id,
        email: input.username,
        passwordHash,
        name: input.linkman,
        role: 'owner',
        language: options.locale,
      });
      return { id: user.id, username: user.username, personId: owner.id };
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
