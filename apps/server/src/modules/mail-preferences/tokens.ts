import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_SCOPES, UNSUBSCRIBE_TTL_DAYS, type UnsubscribeScope } from '@freight/contract';

/**
 * One-click unsubscribe tokens: `<payload>.<signature>`, both base64url. The payload names the
 * person, what they stop (one event or "all") and when the link expires; the signature is an
 * HMAC-SHA256 of the payload with UNSUBSCRIBE_HMAC_KEY. Nothing is stored: a link works without a
 * login, and only for what it names.
 */
export type UnsubscribeClaim = { personId: number; scope: UnsubscribeScope; expiresAt: number };

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signUnsubscribe(
  key: string,
  claim: { personId: number; scope: UnsubscribeScope },
  now = Date.now(),
): string {
  const expiresAt = Math.floor(now / 1000) + UNSUBSCRIBE_TTL_DAYS * 86_400;
  const payload = Buffer.from(JSON.stringify({ p: claim.personId, s: claim.scope, e: expiresAt })).toString(
    'base64url',
  );
  return `${payload}.${sign(key, payload)}`;
}

/** The claim of a genuine, unexpired token; null for anything else. */
export function verifyUnsubscribe(key: string, token: string, now = Date.now()): UnsubscribeClaim | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { p, s, e } = parsed as Record<string, unknown>;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1) return null;
  if (typeof s !== 'string' || !(UNSUBSCRIBE_SCOPES as readonly string[]).includes(s)) return null;
  if (typeof e !== 'number' || e * 1000 < now) return null;
  return { personId: p, scope: s as UnsubscribeScope, expiresAt: e };
}
