import {
  MAIL_EVENTS,
  type MailPreferences,
  type MailPreferencesBody,
  mailPreferencesOf,
  parseLocale,
  type UnsubscribeInfo,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findPersonById, storedPreferences, upsertPreferences } from './repo.js';
import { verifyUnsubscribe } from './tokens.js';

/** The person's e-mail preferences: their choices over the defaults. */
export async function getPreferences(options: { db: Db; personId: number }): Promise<MailPreferences> {
  return mailPreferencesOf(await storedPreferences(options.db, options.personId));
}

/** Changes the given events of the person's own preferences; the others stay. */
export async function setPreferences(options: {
  db: Db;
  personId: number;
  body: MailPreferencesBody;
}): Promise<MailPreferences> {
  const rows = MAIL_EVENTS.flatMap((event) => {
    const mode = options.body[event];
    return mode === undefined ? [] : [{ event, mode }];
  });
  await upsertPreferences(options.db, options.personId, rows);
  return getPreferences(options);
}

/** What a token stops, for whom; a forged, expired or orphaned one answers 400. */
async function claimOf(options: { db: Db; key: string; token: string }) {
  const claim = verifyUnsubscribe(options.key, options.token);
  const person = claim ? await findPersonById(options.db, claim.personId) : undefined;
  if (!claim || !person) throw new AppError(400, 'mailPrefs.unsubscribeInvalid');
  const info: UnsubscribeInfo = {
    email: person.email,
    scope: claim.scope,
    language: parseLocale(person.language) ?? 'zh-CN',
  };
  return { claim, info };
}

/** GET: what the link would stop (changes nothing, so that link scanners unsubscribe nobody). */
export async function describeUnsubscribe(options: { db: Db; key: string; token: string }) {
  return (await claimOf(options)).info;
}

/** POST (RFC 8058 one-click, or the confirm page): the event, or every event, goes off. */
export async function unsubscribe(options: { db: Db; key: string; token: string }) {
  const { claim, info } = await claimOf(options);
  const events = claim.scope === 'all' ? MAIL_EVENTS : [claim.scope];
  await upsertPreferences(
    options.db,
    claim.personId,
    events.map((event) => ({ event, mode: 'off' })),
  );
  return info;
}
