import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AcceptInvitationBody,
  assignableRoles,
  INVITATION,
  INVITATION_TOKEN,
  LOGIN_THROTTLE,
  type InvitationInfo,
  type InvitationRow,
  inertMailText,
  type Locale,
  parseRole,
  type Role,
  translate,
} from '@freight/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import type { RequestContext } from '../auth/context.js';
import { endAllSessions, hashToken, startSession } from '../auth/sessions.js';
import { assertNotThrottled, countFailure, failKeys } from '../auth/throttle.js';
import { actorOf, recordActivity } from '../activity/service.js';
import { raiseEvent } from '../events/service.js';
import { queueMails } from '../mail-outbox/repo.js';
import { getSiteConfig } from '../system/service.js';
import {
  findPersonByEmail,
  insertPerson,
  lockOwners,
  touchSignIn,
  updatePerson,
} from '../users/people-repo.js';
import { assertPasswordAllowed } from '../users/service.js';
import {
  claimInvitation,
  companyNames,
  findPendingInvitation,
  findValidInvitationByHash,
  hasValidInvitation,
  insertInvitation,
  type InvitationRecord,
  lockInviter,
  lockPeople,
  renewInvitation,
  revokeInvitation,
  revokeInvitationsBeyond,
} from './repo.js';
import { presentInvitation } from './service.js';

/**
 * Invitations. A token is 32 random bytes (base64url); only its SHA-256 is kept.
 * It works once (accepted_at is set in the transaction that makes or moves the person), until it
 * expires (INVITATION.ttlMs) or is revoked. A company sends at most INVITATION.perHour a rolling
 * hour; the public pages count bad tokens and wrong passwords per client address as the login
 * throttle does. Inviting says the same whatever the address: only who holds the token learns
 * whether the address already has a login.
 */

type Deps = { db: Db; config: Config; kv: KvStore };
/** Who invites: their company, role and login, the trail's actor, and the language they ask in. */
type Inviter = Pick<RequestContext, 'companyId' | 'personId' | 'role' | 'username' | 'actor' | 'locale'>;
/** What the mail of an invitation is made from (mailInvitation). */
type InvitationMail = {
  to: string;
  token: string;
  role: Role;
  inviter: string;
  inviterEmail: string;
  companyId: number;
  locale: Locale;
};

const newToken = () => randomBytes(32).toString('base64url');
const HOUR_MS = 3_600_000;
const companyKey = (companyId: number) => `invite:company:${companyId}`;
const failAddressKey = (address: string) => `invite:fail:ip:${address}`;
const minutes = (ms: number) => Math.ceil(ms / 60_000);

/** Counts one invitation mail of the company; beyond the hour's budget it is refused. */
async function countInvitation(kv: KvStore, companyId: number): Promise<void> {
  const { count, ttlMs } = await kv.incr(companyKey(companyId), HOUR_MS);
  if (count > INVITATION.perHour)
    throw new AppError(429, 'company.invitationThrottled', { count: minutes(ttlMs) }, [], {
      'retry-after': String(Math.ceil(ttlMs / 1000)),
    });
}

function assertCanGive(context: Inviter, role: Role) {
  if (!assignableRoles(context.role).includes(role)) throw new AppError(403, 'company.cannotChangeMember');
}

const mailOf = (row: InvitationRecord, token: string, context: Inviter, locale: Locale): InvitationMail => ({
  to: row.email,
  token,
  role: parseRole(row.role) ?? 'viewer',
  inviter: context.actor.name,
  inviterEmail: context.username,
  companyId: row.companyId,
  locale,
});

/**
 * Invites an address to the company with a role the inviter may give; the mail goes in `language`
 * when given, else in the request's (the language the inviter picked on screen, not the one stored
 * for them).
 */
export async function invite(
  options: Deps & { context: Inviter; email: string; role: Role; language?: Locale | undefined },
): Promise<{ row: InvitationRow }> {
  const { db, kv, context, email, role } = options;
  const locale = options.language ?? context.locale;
  assertCanGive(context, role);
  const assertNew = async (tx: Db) => {
    const existing = await findPersonByEmail(tx, email);
    if (existing?.person.companyId === context.companyId)
      throw new AppError(409, 'company.alreadyMember', {}, [{ field: 'email' }]);
    if (await hasValidInvitation(tx, context.companyId, email))
      throw new AppError(409, 'company.alreadyInvited', {}, [{ field: 'email' }]);
  };
  // Checked before counting (a refused address spends nothing), and again under the lock below.
  await assertNew(db);
  // The shared store is not part of the transaction (the embedded database has one connection).
  await countInvitation(kv, context.companyId);
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    // The owners' lock queues the company's team changes: two invitations of one address cannot both pass.
    await lockOwners(tx, context.companyId);
    await assertNew(tx);
    const created = await insertInvitation(tx, {
      companyId: context.companyId,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: context.personId,
      invitedByName: context.actor.name,
      expiresAt: new Date(Date.now() + INVITATION.ttlMs),
    });
    await recordActivity(tx, context.actor, {
      kind: 'user',
      action: 'invite',
      objectId: created.id,
      label: email,
      roleTo: role,
    });
    await mailInvitation(tx, options.config.publicUrl, mailOf(created, token, context, locale));
    return created;
  });
  return { row: presentInvitation(row) };
}

/** A new token and a new week for a pending invitation; the old link stops working. */
export async function resend(
  options: Deps & { context: Inviter; id: number },
): Promise<{ row: InvitationRow }> {
  const { db, kv, context, id } = options;
  const current = await findPendingInvitation(db, context.companyId, id);
  if (!current) throw new AppError(404, 'errors.notFound');
  assertCanGive(context, parseRole(current.role) ?? 'viewer');
  await countInvitation(kv, context.companyId);
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    const renewed = await renewInvitation(
      tx,
      context.companyId,
      id,
      hashToken(token),
      new Date(Date.now() + INVITATION.ttlMs),
    );
    if (!renewed) throw new AppError(404, 'errors.notFound');
    await recordActivity(tx, context.actor, {
      kind: 'user',
      action: 'invite',
      objectId: renewed.id,
      label: renewed.email,
      roleTo: parseRole(renewed.role),
    });
    await mailInvitation(tx, options.config.publicUrl, mailOf(renewed, token, context, context.locale));
    return renewed;
  });
  return { row: presentInvitation(row) };
}

export async function revoke(options: { db: Db; context: Inviter; id: number }): Promise<void> {
  await options.db.transaction(async (tx) => {
    const email = await revokeInvitation(tx, options.context.companyId, options.id);
    if (email === undefined) throw new AppError(404, 'errors.notFound');
    await recordActivity(tx, options.context.actor, {
      kind: 'user',
      action: 'delete',
      objectId: options.id,
      label: email,
    });
  });
}

/**
 * Queues the invitation's mail with `db`, the invitation's transaction, in the language the inviter
 * chose, with the link to the join page, as plain text. It goes from the portal's address to an address the inviter typed, so it names the sender
 * plainly (name, e-mail, company), and the names people typed are made inert (inertMailText): no
 * link in it but the portal's own.
 */
async function mailInvitation(db: Db, publicUrl: string, mail: InvitationMail): Promise<void> {
  const locale = mail.locale;
  // One after another: inside a transaction the embedded database answers one query at a time.
  const site = await getSiteConfig({ db });
  const names = await companyNames(db, mail.companyId);
  const params = {
    app: site.app_title || translate(locale, 'config.defaultTitle'),
    inviter: inertMailText(mail.inviter),
    inviter_email: mail.inviterEmail,
    company: inertMailText((locale === 'zh-CN' && names?.company2) || names?.company1 || ''),
    role: translate(locale, `company.role.${mail.role}`),
    days: INVITATION.ttlMs / 86_400_000,
    link: `${publicUrl}/join?${new URLSearchParams({ token: mail.token }).toString()}`,
  };
  await queueMails(db, [
    {
      companyId: mail.companyId,
      kind: 'invitation',
      to: mail.to,
      locale,
      subject: translate(locale, 'company.inviteSubject', params),
      text: translate(locale, 'company.inviteBody', params),
    },
  ]);
}

/* ---------- the public side: the person holding the token ---------- */

/** Bad tokens and wrong passwords per client address: the login throttle's window and count. */
async function assertAddressNotThrottled(kv: KvStore, address: string): Promise<void> {
  const entry = await kv.get(failAddressKey(address));
  if (entry && Number(entry.value) >= LOGIN_THROTTLE.perAddress)
    throw new AppError(429, 'company.invitationTriesThrottled', { count: minutes(entry.ttlMs) }, [], {
      'retry-after': String(Math.ceil(entry.ttlMs / 1000)),
    });
}

async function validInvitation(kv: KvStore, db: Db, token: string, address: string) {
  await assertAddressNotThrottled(kv, address);
  const row = INVITATION_TOKEN.test(token)
    ? await findValidInvitationByHash(db, hashToken(token))
    : undefined;
  if (!row) {
    await kv.incr(failAddressKey(address), LOGIN_THROTTLE.windowMs);
    throw new AppError(404, 'company.invitationInvalid');
  }
  return row;
}

/**
 * Refuses (403 company.invitationInviterLost) an invitation whose sender could not send it now: they
 * left the company (or were removed: the link no longer names anyone) or hold a role that cannot
 * give the invited one. Leaving and demotion revoke such invitations already; this check covers any
 * that escaped (a row written before that rule, a change made outside the team module). In a
 * transaction the sender's row is shared-locked, so a concurrent change of theirs is ordered.
 */
async function assertInviterMaySend(db: Db, invitation: InvitationRecord): Promise<void> {
  const inviter = invitation.invitedBy === null ? undefined : await lockInviter(db, invitation.invitedBy);
  const role = parseRole(invitation.role) ?? 'viewer';
  const inviterRole = parseRole(inviter?.role);
  if (
    !inviter ||
    !inviterRole ||
    inviter.companyId !== invitation.companyId ||
    !assignableRoles(inviterRole).includes(role)
  )
    throw new AppError(403, 'company.invitationInviterLost');
}

/** What the join page shows: the invitation's own data, nothing about any account. */
export async function invitationInfo(
  options: Deps & { token: string; address: string; locale: Locale },
): Promise<InvitationInfo> {
  const { invitation, company1, company2 } = await validInvitation(
    options.kv,
    options.db,
    options.token,
    options.address,
  );
  await assertInviterMaySend(options.db, invitation);
  return {
    company: (options.locale === 'zh-CN' && company2) || company1,
    email: invitation.email,
    role: parseRole(invitation.role) ?? 'viewer',
    invited_by: invitation.invitedByName,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/**
 * Joins the inviting company: as a new person (name and password), or by moving the existing login
 * of the invited address (its password proves it; its old sessions end; the only owner of a company
 * cannot leave it). Either way a new session opens.
 */
export async function acceptInvitation(
  options: Deps & { body: AcceptInvitationBody; address: string; locale: Locale; log: FastifyBaseLogger },
): Promise<{ token: string }> {
  const { db, kv, body, address } = options;
  const { invitation } = await validInvitation(kv, db, body.token, address);
  const tokenHash = hashToken(body.token);
  const role = parseRole(invitation.role) ?? 'viewer';
  const existing = await findPersonByEmail(db, invitation.email);
  let personId: number;
  if (body.mode === 'new') {
    if (existing) throw new AppError(400, 'company.invitationEmailTaken', {}, [{ field: 'password' }]);
    assertPasswordAllowed(body.password, invitation.email);
    const passwordHash = await hashPassword(body.password);
    personId = await db
      .transaction(async (tx) => {
        await assertInviterMaySend(tx, invitation);
        if (!(await claimInvitation(tx, tokenHash))) throw new AppError(404, 'company.invitationInvalid');
        const person = await insertPerson(tx, {
          companyId: invitation.companyId,
          email: invitation.email,
          passwordHash,
          name: body.name,
          role,
          language: options.locale,
        });
        await touchSignIn(tx, person.id);
        await recordActivity(tx, actorOf({ ...person, companyId: person.companyId, personId: person.id }), {
          kind: 'user',
          action: 'join',
          objectId: person.id,
          label: `${person.name} <${person.email}>`,
          roleTo: role,
        });
        await raiseEvent(
          tx,
          { personId: person.id },
          { kind: 'team', person: { id: person.id, companyId: person.companyId, label: person.name } },
        );
        return person.id;
      })
      .catch((error: unknown) => {
        // A login for the address made a moment ago, by another accept or a registration.
        if (isUniqueViolation(error))
          throw new AppError(400, 'company.invitationEmailTaken', {}, [{ field: 'password' }]);
        throw error;
      });
  } else {
    const keys = failKeys(invitation.email, address);
    await assertNotThrottled(kv, keys);
    if (!(await verifyPassword(options.log, existing?.person.passwordHash, body.password)) || !existing) {
      await Promise.all([countFailure(kv, keys), kv.incr(failAddressKey(address), LOGIN_THROTTLE.windowMs)]);
      throw new AppError(400, 'company.invitationWrongPassword', {}, [{ field: 'password' }]);
    }
    await kv.del(keys.user);
    const person = existing.person;
    if (person.companyId === invitation.companyId)
      throw new AppError(409, 'company.alreadyMember', {}, [{ field: 'password' }]);
    await db.transaction(async (tx) => {
      const owners = await lockOwners(tx, person.companyId);
      // The login as it is now, locked: moved or removed a moment ago, it is not moved again.
      const [current] = await lockPeople(tx, person.companyId, [person.id]);
      if (!current) throw new AppError(409, 'errors.conflict');
      if (owners.length === 1 && owners[0] === person.id)
        throw new AppError(400, 'company.invitationOwnerLeaving', {}, [{ field: 'password' }]);
      await assertInviterMaySend(tx, invitation);
      if (!(await claimInvitation(tx, tokenHash))) throw new AppError(404, 'company.invitationInvalid');
      await updatePerson(tx, person.id, { companyId: invitation.companyId, role });
      // What they sent for the company they leave goes with their authority there.
      await revokeInvitationsBeyond(tx, person.companyId, person.id, []);
      await endAllSessions({ db: tx, personId: person.id });
      await touchSignIn(tx, person.id);
      // Both companies' trails: one lost the person, the other gained them.
      const label = `${person.name} <${person.email}>`;
      await recordActivity(
        tx,
        { companyId: person.companyId, personId: null, name: person.name },
        {
          kind: 'user',
          action: 'remove',
          objectId: person.id,
          label,
        },
      );
      await recordActivity(tx, actorOf({ ...person, companyId: invitation.companyId, personId: person.id }), {
        kind: 'user',
        action: 'join',
        objectId: person.id,
        label,
        roleTo: role,
      });
      await raiseEvent(
        tx,
        { personId: person.id },
        { kind: 'team', person: { id: person.id, companyId: invitation.companyId, label: person.name } },
      );
    });
    personId = person.id;
  }
  return { token: await startSession({ db, config: options.config, personId }) };
}
