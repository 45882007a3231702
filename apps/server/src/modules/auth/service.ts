import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  LOGIN_THROTTLE,
  type LoginBody,
  type Locale,
  parseLocale,
  type PasswordResetBody,
  RESET_CODE,
  translate,
} from '@freight/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import type { Mailer } from '../../platform/mail.js';
import { verifyPassword } from '../../platform/password.js';
import { getSiteConfig } from '../system/service.js';
import { changePassword, findAccountByUsername } from '../users/service.js';
import { checkCaptcha } from './captcha.js';
import { endAllSessions, startSession } from './sessions.js';

type Deps = { db: Db; config: Config; kv: KvStore };

const failKeys = (username: string, address: string) => ({
  user: `login:fail:user:${username}`,
  address: `login:fail:ip:${address}`,
});

async function assertNotThrottled(kv: KvStore, keys: { user: string; address: string }) {
  const [user, address] = await Promise.all([kv.get(keys.user), kv.get(keys.address)]);
  const blocked = [
    user && Number(user.value) >= LOGIN_THROTTLE.perUsername ? user.ttlMs : 0,
    address && Number(address.value) >= LOGIN_THROTTLE.perAddress ? address.ttlMs : 0,
  ];
  const waitMs = Math.max(...blocked);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(429, 'account.loginThrottled', { minutes: Math.ceil(seconds / 60) }, [], {
      'retry-after': String(seconds),
    });
  }
}

async function countFailure(kv: KvStore, keys: { user: string; address: string }) {
  await Promise.all([
    kv.incr(keys.user, LOGIN_THROTTLE.windowMs),
    kv.incr(keys.address, LOGIN_THROTTLE.windowMs),
  ]);
}

/**
 * Checks captcha and password and opens a session. Failures never tell whether the account exists
 * and count towards the per-username and per-address throttles shared by every instance.
 */
export async function login(
  options: Deps & { body: LoginBody; address: string },
): Promise<{ token: string }> {
  const { db, config, kv, body } = options;
  const username = body.username.trim().toLowerCase();
  const keys = failKeys(username, options.address);
  await assertNotThrottled(kv, keys);
  if (!(await checkCaptcha({ kv, id: body.captcha_id, answer: body.captcha }))) {
    await kv.incr(keys.address, LOGIN_THROTTLE.windowMs);
    throw new AppError(400, 'account.captchaWrong', {}, [{ field: 'captcha' }]);
  }
  const account = await findAccountByUsername({ db, username });
  if (!(await verifyPassword(account?.passwordHash, body.password)) || !account) {
    await countFailure(kv, keys);
    throw new AppError(400, 'account.loginFailed');
  }
  await kv.del(keys.user);
  return { token: await startSession({ db, config, userId: account.id }) };
}

/* ---------- password reset by e-mail ---------- */

const codeKey = (username: string) => `reset:code:${username}`;
const sentKey = (username: string) => `reset:sent:${username}`;
type CodeState = { hash: string; tries: number; expiresAt: number };
const codeHash = (username: string, code: string) =>
  createHash('sha256').update(`${username}:${code}`).digest('hex');

/**
 * Sends a 6-digit code to the account's e-mail. The reply is the same whether or not the account
 * exists; a new code replaces the old one; at most one mail a minute per address.
 */
export async function sendResetCode(
  options: Deps & { mailer: Mailer; username: string; locale: Locale },
): Promise<void> {
  const { db, kv, username } = options;
  const recent = await kv.get(sentKey(username));
  if (recent) {
    throw new AppError(429, 'account.codeResendWait', { seconds: Math.ceil(recent.ttlMs / 1000) }, [], {
      'retry-after': String(Math.ceil(recent.ttlMs / 1000)),
    });
  }
  await kv.set(sentKey(username), '1', RESET_CODE.resendAfterMs);
  const account = await findAccountByUsername({ db, username });
  if (!account) return;
  const code = String(randomInt(0, 10 ** RESET_CODE.length)).padStart(RESET_CODE.length, '0');
  const state: CodeState = {
    hash: codeHash(username, code),
    tries: 0,
    expiresAt: Date.now() + RESET_CODE.ttlMs,
  };
  await kv.set(codeKey(username), JSON.stringify(state), RESET_CODE.ttlMs);
  const locale = parseLocale(account.language) ?? options.locale;
  const site = await getSiteConfig({ db });
  const app = site.app_title || translate(locale, 'config.defaultTitle');
  await options.mailer.send({
    to: username,
    subject: translate(locale, 'account.mail.resetSubject', { app }),
    text: translate(locale, 'account.mail.resetBody', {
      app,
      email: username,
      code,
      minutes: RESET_CODE.ttlMs / 60_000,
    }),
  });
}

/** Sets a new password with a valid code (single use, 5 wrong tries) and ends every session. */
export async function resetPassword(options: Deps & { body: PasswordResetBody }): Promise<void> {
  const { db, kv } = options;
  const username = options.body.username;
  const wrong = () => new AppError(400, 'account.codeWrong', {}, [{ field: 'vcode' }]);
  const entry = await kv.take(codeKey(username));
  if (!entry) throw wrong();
  const state = JSON.parse(entry) as CodeState;
  const given = Buffer.from(codeHash(username, options.body.vcode), 'hex');
  if (!timingSafeEqual(given, Buffer.from(state.hash, 'hex'))) {
    const tries = state.tries + 1;
    if (tries >= RESET_CODE.maxTries)
      throw new AppError(400, 'account.codeTooManyTries', {}, [{ field: 'vcode' }]);
    const ttlMs = state.expiresAt - Date.now();
    if (ttlMs > 0) await kv.set(codeKey(username), JSON.stringify({ ...state, tries }), ttlMs);
    throw wrong();
  }
  const account = await findAccountByUsername({ db, username });
  if (!account) throw wrong();
  await changePassword({ db, userId: account.id, password: options.body.password });
  await endAllSessions({ db, userId: account.id });
}
