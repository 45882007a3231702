import type { z } from 'zod';
import type { myAccountBody, MyPasswordBody } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import type { RequestContext } from '../auth/context.js';
import { endAllSessions } from '../auth/sessions.js';
import { findPerson, updatePerson } from '../users/people-repo.js';
import { checkCurrentPassword, mailPasswordChanged } from '../users/profile.js';
import { assertPasswordAllowed, changePassword } from '../users/service.js';

/** The signed-in person's own name and language (any role: it is their own sign-in). */
export async function updateMe(options: {
  db: Db;
  context: Pick<RequestContext, 'personId'>;
  body: z.output<typeof myAccountBody>;
}): Promise<void> {
  const { body } = options;
  const patch = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.language === undefined ? {} : { language: body.language }),
  };
  if (Object.keys(patch).length === 0) return;
  await options.db.transaction(async (tx) => {
    await updatePerson(tx, options.context.personId, patch);
  });
}

/**
 * A new password for the signed-in person, with the current one (a wrong one counts toward the
 * login throttle); the password rules apply. Every other session ends and the person is mailed.
 */
export async function changeMyPassword(options: {
  db: Db;
  kv: KvStore;
  context: Pick<RequestContext, 'personId' | 'log'>;
  sessionId: number | undefined;
  address: string;
  body: MyPasswordBody;
}): Promise<void> {
  const { db, body, context } = options;
  const person = await findPerson(db, context.personId);
  if (!person) throw new AppError(401, 'errors.unauthorized');
  assertPasswordAllowed(body.password, person.email);
  await checkCurrentPassword({ ...options, log: context.log, person, input: body });
  await db.transaction(async (tx) => {
    await changePassword({ db: tx, personId: person.id, password: body.password });
    await endAllSessions({ db: tx, personId: person.id, exceptSessionId: options.sessionId });
    await mailPasswordChanged({ db: tx, person });
  });
}
