import { LOGIN_THROTTLE, proofOfWorkLevel, REGISTER_THROTTLE } from '@freight/contract';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';

/**
 * The login throttle (LOGIN_THROTTLE): failed password checks counted per username and per client
 * address in the shared store, so that every instance sees them. A login and a password change
 * that names a wrong current password both count.
 */
type ThrottleKeys = { user: string; address: string };

export const failKeys = (username: string, address: string): ThrottleKeys => ({
  user: `login:fail:user:${username}`,
  address: `login:fail:ip:${address}`,
});

/** 429 with Retry-After while either count is at its limit. */
export async function assertNotThrottled(kv: KvStore, keys: ThrottleKeys): Promise<void> {
  const [user, address] = await Promise.all([kv.get(keys.user), kv.get(keys.address)]);
  const blocked = [
    user && Number(user.value) >= LOGIN_THROTTLE.perUsername ? user.ttlMs : 0,
    address && Number(address.value) >= LOGIN_THROTTLE.perAddress ? address.ttlMs : 0,
  ];
  const waitMs = Math.max(...blocked);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(429, 'account.loginThrottled', { count: Math.ceil(seconds / 60) }, [], {
      'retry-after': String(seconds),
    });
  }
}

/**
 * The proof of work's level for a login from `address` naming `username` (when known): the recent
 * failures of the one with more, read from the same shared counters as the throttle, so that every
 * instance asks for the same work.
 */
export async function proofLevel(kv: KvStore, address: string, username?: string): Promise<number> {
  const keys = failKeys(username ?? '', address);
  const [user, ip] = await Promise.all([username ? kv.get(keys.user) : undefined, kv.get(keys.address)]);
  return proofOfWorkLevel(Math.max(Number(user?.value ?? 0), Number(ip?.value ?? 0)));
}

export async function countFailure(kv: KvStore, keys: ThrottleKeys): Promise<void> {
  await Promise.all([
    kv.incr(keys.user, LOGIN_THROTTLE.windowMs),
    kv.incr(keys.address, LOGIN_THROTTLE.windowMs),
  ]);
}

/* ---------- registration (REGISTER_THROTTLE): attempts per client address ---------- */

const registerKey = (address: string) => `register:ip:${address}`;

/** 429 with Retry-After while the address has used up its registrations of the window. */
export async function assertRegistrationNotThrottled(kv: KvStore, address: string): Promise<void> {
  const entry = await kv.get(registerKey(address));
  if (entry && Number(entry.value) >= REGISTER_THROTTLE.perAddress) {
    const seconds = Math.ceil(entry.ttlMs / 1000);
    throw new AppError(429, 'account.registerThrottled', { count: Math.ceil(seconds / 60) }, [], {
      'retry-after': String(seconds),
    });
  }
}

/** Counts one registration attempt of the address (made before its captcha is checked). */
export async function countRegistration(kv: KvStore, address: string): Promise<void> {
  await kv.incr(registerKey(address), REGISTER_THROTTLE.windowMs);
}
