import { createHash, randomBytes } from 'node:crypto';
import { parseRole, type Role, roleAuthorities, type SignOutReason } from '@freight/contract';
import type { Config } from '../../config.js';
import { emitAfterCommit } from '../../platform/commit-events.js';
import type { Db } from '../../platform/db.js';
import type { LiveMessage } from '../notifications/live-messages.js';
import {
  findLiveSession,
  insertSession,
  liveSessionsAmong,
  renewSession,
  revokeSessionByHash,
  revokePersonSessions,
  type SessionRow,
  touchSession,
} from './repo.js';

/**
 * The signed-in person. `id` is their company's: every row a member owns is the company's, so every
 * module scopes its reads and writes by it. `authorities` are the company's narrowed by the role.
 */
export type SessionUser = {
  /** the company the person signs in to: every row they reach belongs to it */
  companyId: number;
  personId: number;
  username: string;
  name: string;
  role: Role;
  authorities: string[];
  language: string;
};

function sessionUser(row: SessionRow): SessionUser {
  // A role the contract does not know (a hand-edited row) gets the least: read only.
  const role = parseRole(row.role) ?? 'viewer';
  return {
    companyId: row.companyId,
    personId: row.personId,
    username: row.email,
    name: row.name,
    role,
    authorities: roleAuthorities(role, row.companyAuthorities),
    language: row.language,
  };
}

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

export async function startSession(options: { db: Db; config: Config; personId: number }): Promise<string> {
  const token = newToken();
  await insertSession(options.db, {
    personId: options.personId,
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
  /** false: never renew (a page render's request: the browser would not learn the new token). */
  renew?: boolean;
}): Promise<{ sessionId: number; user: SessionUser; renewedToken?: string } | undefined> {
  if (!TOKEN_SHAPE.test(options.token)) return undefined;
  const { db, config } = options;
  const tokenHash = hashToken(options.token);
  const session = await findLiveSession(db, tokenHash, config.session.idleMs);
  if (!session) return undefined;
  const result: { sessionId: number; user: SessionUser; renewedToken?: string } = {
    sessionId: session.id,
    user: sessionUser(session.user),
  };
  const now = Date.now();
  if (
    options.renew !== false &&
    session.tokenHash === tokenHash &&
    now - session.renewedAt.getTime() >= config.session.renewAfterMs
  ) {
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
  if (!TOKEN_SHAPE.test(options.token)) return;
  announceEnded(options.db, await revokeSessionByHash(options.db, hashToken(options.token)));
}

/**
 * Open event streams of ended sessions close, on every instance, once the revocation commits; told
 * `reason` first when there is one.
 */
function announceEnded(db: Db, sessionIds: number[], reason?: SignOutReason): void {
  if (sessionIds.length === 0) return;
  const message: LiveMessage = {
    type: 'sessions-ended',
    sessions: sessionIds,
    ...(reason ? { reason } : {}),
  };
  emitAfterCommit(db, message);
}

/** Of `ids`, the sessions still live, with their person's company now (event streams check theirs). */
export function liveSessions(options: { db: Db; config: Config; ids: number[] }) {
  return liveSessionsAmong(options.db, options.ids, options.config.session.idleMs);
}

/**
 * Ends every session of a person, or every one but `exceptSessionId` (a password change keeps the
 * current one). A role change or removal ends them all: the next request meets 401.
 */
export async function endAllSessions(options: {
  db: Db;
  personId: number;
  exceptSessionId?: number | undefined;
  /** why, when someone else ends them: their open pages are told */
  reason?: SignOutReason | undefined;
}): Promise<void> {
  announceEnded(
    options.db,
    await revokePersonSessions(options.db, options.personId, options.exceptSessionId),
    options.reason,
  );
}
