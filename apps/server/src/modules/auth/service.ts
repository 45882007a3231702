import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  LOGIN_THROTTLE,
  type LoginBody,
  type Locale,
  parseLocale,
  type PasswordResetBody,
  RESET_CODE,
  RESET_LINK_TOKEN,
  translate,
} from '@freight/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import { verifyPassword } from '../../platform/password.js';
import { queueMails, sentAt } from '../mail-outbox/repo.js';
import { getSiteConfig } from '../system/service.js';
import {
  assertPasswordAllowed,
  changePassword,
  findAccountByUsername,
  recordSignIn,
} from '../users/service.js';
import { checkCaptcha } from './captcha.js';
import { checkProofOfWork } from './proof-of-work.js';
import { assertNotThrottled, countFailure, failKeys, proofLevel } from './throttle.js';
import { endAllSessions, startSession } from './sessions.js';

type Deps = { db: Db; config: Config; kv: KvStore };

/**
 * Checks the proof of work, the captcha and the password, and opens a session. Failures never tell
 * whether the account exists and count towards the per-username and per-address throttles shared
 * by every instance (a failed proof of work or captcha only towards the address's); those same counts
 * set the work the proof of work must show (proofLevel).
 */
export async function login(
  options: Deps & { body: LoginBody; address: string; log: FastifyBaseLogger },
): Promise<{ token: string }> {
  const { db, config, kv, body } = options;
  const username = body.username.trim().toLowerCase();
  const keys = failKeys(username, options.address);
  await assertNotThrottled(kv, keys);
  // Before the captcha: a refused proof of work leaves the captcha the member typed unspent.
  const level = await proofLevel(kv, options.address, username);
  await checkProofOfWork({ config, kv, payload: body.altcha, level }).catch(async (error: unknown) => {
    await kv.incr(keys.address, LOGIN_THROTTLE.windowMs);
    throw error;
  });
  if (!(await checkCaptcha({ kv, id: body.captcha_id, answer: body.captcha }))) {
    await kv.incr(keys.address, LOGIN_THROTTLE.windowMs);
    throw new AppError(400, 'account.captchaWrong', {}, [{ field: 'captcha' }]);
  }
  const account = await findAccountByUsername({ db, username });
  if (!(await verifyPassword(options.log, account?.passwordHash, body.password)) || !account) {
    await countFailure(kv, keys);
    throw new AppError(400, 'account.loginFailed');
  }
  await kv.del(keys.user);
  await recordSignIn({ db, personId: account.id });
  return { token: await startSession({ db, config, personId: account.id }) };
}

/* ---------- password reset by e-mail (the budget is explained at RESET_CODE) ---------- */

const codeKey = (username: string) => `reset:code:${username}`;
const linkKey = (username: string) => `reset:link:${username}`;
const sentKey = (username: string) => `reset:sent:${username}`;
const wrongTodayKey = (username: string) => `reset:wrong:${username}`;
const wrongAddressKey = (address: string) => `reset:fail:ip:${address}`;
/** `mailId`: the outbox mail that carries the code and link; their lifetimes count from its sending. */
type CodeState = { hash: string; tries: number; expiresAt: number; mailId?: number };
type LinkState = { hash: string; mailId: number };
/**
 * How long a code and a link are kept for the mail that carries them: long enough for the outbox's
 * retries and an admin's resend of a dead letter. Whether one is still valid is decided by when its
 * mail went (sentWithin), not by when it was made.
 */
const WAIT_FOR_MAIL_MS = 24 * 3_600_000;
const codeHash = (username: string, code: string) =>
  createHash('sha256').update(`${username}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * Asks for a reset mail. Only the proof of work and the resend throttle run before the reply: the
 * account lookup and the mail run afterwards (the returned function), so that the reply takes the
 * same time whether or not the account exists, and never tells which.
 */
export async function requestResetCode(
  options: Deps & { username: string; altcha: string | undefined; locale: Locale },
): Promise<() => Promise<void>> {
  const { kv, username } = options;
  await checkProofOfWork({ config: options.config, kv, payload: options.altcha });
  const recent = await kv.get(sentKey(username));
  if (recent) {
    throw new AppError(429, 'account.codeResendWait', { count: Math.ceil(recent.ttlMs / 1000) }, [], {
      'retry-after': String(Math.ceil(recent.ttlMs / 1000)),
    });
  }
  await kv.set(sentKey(username), '1', RESET_CODE.resendAfterMs);
  return () => deliverResetCode(options);
}

/**
 * Makes a code and a link for an existing account and queues the mail with both in the account's
 * language; the code and the link are stored with the mail's id (a crash in between leaves a mail
 * whose code is refused, and the person asks again).
 */
async function deliverResetCode(options: Deps & { username: string; locale: Locale }): Promise<void> {
  const { db, kv, config, username } = options;
  const account = await findAccountByUsername({ db, username });
  if (!account) return;
  const code = String(randomInt(0, 10 ** RESET_CODE.length)).padStart(RESET_CODE.length, '0');
  const token = randomBytes(32).toString('base64url');
  const locale = parseLocale(account.language) ?? options.locale;
  const site = await getSiteConfig({ db });
  const app = site.app_title || translate(locale, 'config.defaultTitle');
  const link = `${config.publicUrl}/forget-password?${new URLSearchParams({ email: username, token }).toString()}`;
  const [mailId] = await queueMails(db, [
    {
      companyId: account.companyId,
      kind: 'reset',
      to: username,
      locale,
      subject: translate(locale, 'account.mail.resetSubject', { app }),
      text: translate(locale, 'account.mail.resetBody', {
        app,
        email: username,
        code,
        minutes: RESET_CODE.ttlMs / 60_000,
        link,
        link_minutes: RESET_CODE.linkTtlMs / 60_000,
      }),
    },
  ]);
  if (mailId === undefined) return;
  const keep = RESET_CODE.ttlMs + WAIT_FOR_MAIL_MS;
  const state: CodeState = { hash: codeHash(username, code), tries: 0, expiresAt: Date.now() + keep, mailId };
  const linkState: LinkState = { hash: codeHash(username, token), mailId };
  await Promise.all([
    kv.set(codeKey(username), JSON.stringify(state), keep),
    kv.set(linkKey(username), JSON.stringify(linkState), RESET_CODE.linkTtlMs + WAIT_FOR_MAIL_MS),
  ]);
}

/** Whether the mail went, and at most `ttlMs` ago: a code lives from the moment it was sent. */
async function sentWithin(db: Db, mailId: number | undefined, ttlMs: number): Promise<boolean> {
  if (mailId === undefined) return true;
  const sent = await sentAt(db, mailId);
  return sent !== null && Date.now() - sent.getTime() <= ttlMs;
}

/** Refuses a client address that sent too many wrong codes or links within the login window. */
async function assertResetNotThrottled(kv: KvStore, address: string) {
  const entry = await kv.get(wrongAddressKey(address));
  if (entry && Number(entry.value) >= LOGIN_THROTTLE.perAddress) {
    const seconds = Math.ceil(entry.ttlMs / 1000);
    throw new AppError(429, 'account.resetThrottled', { count: Math.ceil(seconds / 60) }, [], {
      'retry-after': String(seconds),
    });
  }
}

/** The link's token: single use, and a wrong one does not spend the right one. */
async function takeLink(db: Db, kv: KvStore, username: string, token: string): Promise<boolean> {
  const stored = await kv.get(linkKey(username));
  if (!stored) return false;
  // A link stored before links named their mail is the bare hash.
  const state: Partial<LinkState> = stored.value.startsWith('{')
    ? (JSON.parse(stored.value) as LinkState)
    : { hash: stored.value };
  if (!state.hash || !sameHash(codeHash(username, token), state.hash)) return false;
  if (!(await sentWithin(db, state.mailId, RESET_CODE.linkTtlMs))) return false;
  // Single use under concurrency: of two requests with the right token, one takes it.
  return (await kv.take(linkKey(username))) !== undefined;
}

/** The 6-digit code: 5 wrong tries per code, a daily budget of wrong tries per account. */
async function takeCode(db: Db, kv: KvStore, username: string, code: string): Promise<boolean> {
  const spent = await kv.get(wrongTodayKey(username));
  if (spent && Number(spent.value) >= RESET_CODE.dailyWrongTries)
    throw new AppError(429, 'account.resetBudgetSpent', {}, [{ field: 'vcode' }]);
  const entry = await kv.take(codeKey(username));
  if (!entry) return false;
  const state = JSON.parse(entry) as CodeState;
  if (sameHash(codeHash(username, code), state.hash)) return sentWithin(db, state.mailId, RESET_CODE.ttlMs);
  await kv.incr(wrongTodayKey(username), RESET_CODE.dayMs);
  const tries = state.tries + 1;
  if (tries >= RESET_CODE.maxTries)
    throw new AppError(400, 'account.codeTooManyTries', {}, [{ field: 'vcode' }]);
  const ttlMs = state.expiresAt - Date.now();
  if (ttlMs > 0) await kv.set(codeKey(username), JSON.stringify({ ...state, tries }), ttlMs);
  return false;
}

/** Sets a new password with a valid code or link token (single use) and ends every session. */
export async function resetPassword(
  options: Deps & { body: PasswordResetBody; address: string },
): Promise<void> {
  const { db, kv, address } = options;
  const username = options.body.username;
  const given = options.body.vcode.trim();
  const isLink = RESET_LINK_TOKEN.test(given);
  await assertResetNotThrottled(kv, address);
  // Before the code is spent: a refused password can be replaced and sent with the same code.
  assertPasswordAllowed(options.body.password, username);
  let valid = false;
  try {
    valid = isLink ? await takeLink(db, kv, username, given) : await takeCode(db, kv, username, given);
  } finally {
    if (!valid) await kv.incr(wrongAddressKey(address), LOGIN_THROTTLE.windowMs);
  }
  if (!valid)
    throw new AppError(400, isLink ? 'account.resetLinkUsed' : 'account.codeWrong', {}, [{ field: 'vcode' }]);
  const account = await findAccountByUsername({ db, username });
  if (!account) throw new AppError(400, 'account.codeWrong', {}, [{ field: 'vcode' }]);
  await changePassword({ db, personId: account.id, password: options.body.password });
  await Promise.all([
    endAllSessions({ db, personId: account.id }),
    kv.del(codeKey(username)),
    kv.del(linkKey(username)),
  ]);
}
