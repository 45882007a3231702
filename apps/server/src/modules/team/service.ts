import {
  assignableRoles,
  canChangeMember,
  canTransferOwnership,
  invitationActions,
  type InvitationRow,
  memberActions,
  parseRole,
  type Role,
  type TeamMember,
  type TeamReply,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { recordActivity } from '../activity/service.js';
import type { RequestContext } from '../auth/context.js';
import { endAllSessions } from '../auth/sessions.js';
import { assertNotLastOwner } from '../users/people.js';
import {
  deletePerson,
  listCompanyPeople,
  lockOwners,
  type PersonRow,
  updatePerson,
} from '../users/people-repo.js';
import {
  companyNames,
  type InvitationRecord,
  listPendingInvitations,
  lockPeople,
  revokeInvitationsBeyond,
} from './repo.js';

/**
 * The team: the people of the signed-in person's company and its pending
 * invitations. Every change runs in one transaction that first locks the company's owners
 * (people-repo lockOwners, FOR UPDATE): changes of one company's team queue there, so each sees
 * the one before it, and no pair of concurrent demotions or removals leaves the company without
 * an owner. The actor's and the target's rows are read again under that lock, so a role taken away
 * a moment ago no longer counts.
 */

/** Who changes the team: their company, themselves (by id, and as the trail's actor) and their role. */
type TeamContext = Pick<RequestContext, 'companyId' | 'personId' | 'role' | 'actor'>;
const who = (person: PersonRow) => `${person.name} <${person.email}>`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const roleOf = (person: PersonRow): Role => parseRole(person.role) ?? 'viewer';

function presentMember(person: PersonRow, context: TeamContext): TeamMember {
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    role: roleOf(person),
    last_sign_in_at: iso(person.lastSignInAt),
    created_at: person.createdAt.toISOString(),
    is_me: person.id === context.personId,
    actions: memberActions({
      actor: context.role,
      target: roleOf(person),
      self: person.id === context.personId,
    }),
  };
}

export function presentInvitation(row: InvitationRecord): InvitationRow {
  return {
    id: row.id,
    email: row.email,
    role: parseRole(row.role) ?? 'viewer',
    invited_by: row.invitedByName,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

export async function getTeam(options: { db: Db; context: TeamContext }): Promise<TeamReply> {
  const { db, context } = options;
  const [members, invitations] = await Promise.all([
    listCompanyPeople(db, context.companyId),
    listPendingInvitations(db, context.companyId),
  ]);
  return {
    members: members.map((person) => presentMember(person, context)),
    invitations: invitations.map((row) => {
      const invitation = presentInvitation(row);
      return { ...invitation, actions: invitationActions(context.role, invitation.role) };
    }),
    assignable: [...assignableRoles(context.role)],
  };
}

/**
 * Runs `change` in a transaction holding the company's owner locks, with the actor and the target
 * as they are under them. Another company's person (or a vanished one) is 404; an actor no longer
 * in the company is refused like any stranger.
 */
async function withTeamLock<T>(
  options: { db: Db; context: TeamContext; targetId: number },
  change: (ctx: { tx: Db; me: PersonRow; target: PersonRow; owners: number[] }) => Promise<T>,
): Promise<T> {
  const { db, context, targetId } = options;
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, context.companyId);
    const rows = await lockPeople(tx, context.companyId, [...new Set([context.personId, targetId])]);
    const me = rows.find((row) => row.id === context.personId);
    const target = rows.find((row) => row.id === targetId);
    if (!target) throw new AppError(404, 'errors.notFound');
    if (!me) throw new AppError(403, 'company.cannotChangeMember');
    return change({ tx, me, target, owners });
  });
}

/** Gives a person of the company another role; their sessions end at once. */
export async function changeRole(options: {
  db: Db;
  context: TeamContext;
  personId: number;
  role: Role;
}): Promise<TeamMember> {
  const { context, role } = options;
  return withTeamLock({ ...options, targetId: options.personId }, async ({ tx, me, target, owners }) => {
    const allowed = canChangeMember({
      actor: roleOf(me),
      target: roleOf(target),
      next: role,
      self: me.id === target.id,
    });
    if (!allowed) throw new AppError(403, 'company.cannotChangeMember');
    if (role !== 'owner') assertNotLastOwner(target, owners);
    await updatePerson(tx, target.id, { role });
    await revokeInvitationsBeyond(tx, context.companyId, target.id, assignableRoles(role));
    await endAllSessions({ db: tx, personId: target.id, reason: { kind: 'role', role, by: me.name } });
    if (target.role !== role)
      await recordActivity(tx, context.actor, {
        kind: 'role',
        action: 'update',
        objectId: target.id,
        label: who(target),
        fields: ['role'],
        roleFrom: roleOf(target),
        roleTo: role,
      });
    return presentMember({ ...target, role }, context);
  });
}

/** Removes a person from the company: their login goes, and with it every session. */
export async function removeMember(options: {
  db: Db;
  context: TeamContext;
  personId: number;
}): Promise<void> {
  const { context } = options;
  await withTeamLock({ ...options, targetId: options.personId }, async ({ tx, me, target, owners }) => {
    const allowed = canChangeMember({ actor: roleOf(me), target: roleOf(target), self: me.id === target.id });
    if (!allowed) throw new AppError(403, 'company.cannotChangeMember');
    assertNotLastOwner(target, owners);
    await revokeInvitationsBeyond(tx, context.companyId, target.id, []);
    const names = await companyNames(tx, context.companyId);
    await endAllSessions({
      db: tx,
      personId: target.id,
      reason: {
        kind: 'removed',
        company1: names?.company1 ?? '',
        company2: names?.company2 ?? '',
        by: me.name,
      },
    });
    await deletePerson(tx, target.id);
    await recordActivity(tx, context.actor, {
      kind: 'user',
      action: 'remove',
      objectId: target.id,
      label: who(target),
      roleFrom: roleOf(target),
    });
  });
}

/**
 * An owner hands ownership to another person of the company, who becomes an owner (their sessions
 * end, as with any role change); the owner becomes an admin and keeps only the current session.
 */
export async function transferOwnership(options: {
  db: Db;
  context: TeamContext;
  sessionId: number | undefined;
  personId: number;
}): Promise<void> {
  const { context } = options;
  await withTeamLock({ ...options, targetId: options.personId }, async ({ tx, me, target }) => {
    if (!canTransferOwnership({ actor: roleOf(me), self: me.id === target.id }))
      throw new AppError(403, 'company.cannotTransfer');
    await updatePerson(tx, target.id, { role: 'owner' });
    await updatePerson(tx, me.id, { role: 'admin' });
    await revokeInvitationsBeyond(tx, context.companyId, me.id, assignableRoles('admin'));
    await endAllSessions({
      db: tx,
      personId: target.id,
      reason: { kind: 'role', role: 'owner', by: me.name },
    });
    await endAllSessions({ db: tx, personId: context.personId, exceptSessionId: options.sessionId });
    await recordActivity(tx, context.actor, {
      kind: 'role',
      action: 'transfer',
      objectId: target.id,
      label: `${who(me)} → ${who(target)}`,
      fields: ['role'],
      roleTo: 'owner',
    });
  });
}
