import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import {
  findLiveSession,
  insertSession,
  renewSession,
  revokeSessionByHash,
  revokeUserSessions,
  type SessionUser,
  touchSession,
} from './repo.js';

export type { SessionUser } from './repo.js';

/** Tokens are 256 random bits; the database keeps only their SHA-256. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

export async function startSession(options: { db: Db; config: Config; userId: number }): Promise<string> {
  const token = newToken();
  await insertSession(options.db, {
    userId: options.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + options.config.session.maxMs),
  });
  return token;
}

/**
 * The user behind a bearer token, and a renewed token when the current one has reached its
 * renewal age. A tampered, unknown, revoked or expired token resolves to undefined.
 */
export async function resolveSession(options: {
  db: Db;
  config: Config;
  token: string;
}): Promise<{ sessionId: number; user: SessionUser; renewedToken?: string } | undefined> {
  if (!TOKEN_SHAPE.test(options.token)) return undefined;
  const { db, config } = options;
  const tokenHash = hashToken(options.token);
  const session = await findLiveSession(db, tokenHash, config.session.idleMs);
  if (!session) return undefined;
  const result: { sessionId: number; user: SessionUser; renewedToken?: string } = {
    sessionId: session.id,
    user: session.user,
  };
  const now = Date.now();
  if (session.tokenHash === tokenHash && now - session.renewedAt.getTime() >= config.session.renewAfterMs) {
    const token = newToken();
    if (await renewSession(db, session.id, tokenHash, hashToken(token), config.session.graceMs)) {
      result.renewedToken = token;
    }
  } else if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await touchSession(db, session.id);
  }
  return result;
}

export async function endSession(options: { db: Db; token: string }): Promise<void> {
  if (TOKEN_SHAPE.test(options.token)) await revokeSessionByHash(options.db, hashToken(options.token));
}

/** Ends every session of a user, or every one but `exceptSessionId` (a password change keeps the current one). */
export async function endAllSessions(options: {
  db: Db;
  userId: number;
  exceptSessionId?: number;
}): Promise<void> {
  await revokeUserSessions(options.db, options.userId, options.exceptSessionId);
}
