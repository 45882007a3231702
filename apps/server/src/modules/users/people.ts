import { assignableRoles, INT4_MAX, parseRole, type Role } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { recordActivity } from '../activity/service.js';
import { endAllSessions } from '../auth/sessions.js';
import { revokeInvitationsBeyond } from '../team/repo.js';
import { hashPassword } from '../../platform/password.js';
import {
  findCompany,
  findPerson,
  insertPerson,
  listCompanies,
  listCompanyPeople,
  lockOwners,
  type PersonRow,
  updatePerson,
} from './people-repo.js';

/**
 * The people of companies: moving a person to another company and changing their role,
 * with the one rule that a company never loses its last owner. The admin CLI and the team module
 * both change people through here.
 */

export { listCompanies, listCompanyPeople };

/**
 * Who the trail names for a change made here by the portal's operators (the admin CLI), who are
 * nobody's people: no person id, this name.
 */
export const OPERATOR_NAME = 'admin CLI';
const operator = (companyId: number) => ({ companyId, personId: null, name: OPERATOR_NAME });

/** Adds a person with a new login to a company (the demo seed; the team module's invitations too). */
export async function addPerson(options: {
  db: Db;
  companyId: number;
  email: string;
  password: string;
  name: string;
  role: Role;
  language?: string;
}): Promise<PersonRow> {
  return insertPerson(options.db, {
    companyId: options.companyId,
    email: options.email.trim().toLowerCase(),
    passwordHash: await hashPassword(options.password),
    name: options.name,
    role: options.role,
    language: options.language ?? 'zh-CN',
  });
}

/**
 * Refuses (409 company.lastOwner) a change that takes `person` out of their company's owners
 * (demotion, removal, moving away) when they are its only owner. Call it inside the transaction of
 * the change: it locks the company's owners (FOR UPDATE, in id order, so concurrent callers queue
 * rather than deadlock) and then reads the person again, so two concurrent demotions of the last
 * two owners cannot both pass. Returns the person as they are now (undefined if gone meanwhile).
 */
async function assertOwnerRemains(options: { db: Db; person: PersonRow }): Promise<PersonRow | undefined> {
  const { db, person } = options;
  if (person.role !== 'owner') return findPerson(db, person.id);
  const owners = await lockOwners(db, person.companyId);
  const now = await findPerson(db, person.id);
  if (now && now.companyId === person.companyId) assertNotLastOwner(now, owners);
  return now;
}

/**
 * The rule itself, for a caller that holds the company's owner locks already (`owners`, from
 * lockOwners in its transaction): an owner who is the only one left may not stop being one.
 */
export function assertNotLastOwner(person: PersonRow, owners: readonly number[]): void {
  if (person.role === 'owner' && owners.every((id) => id === person.id))
    throw new AppError(409, 'company.lastOwner');
}

/** A company by its id (all digits) or by the e-mail it registered with. */
export async function resolveCompany(options: { db: Db; key: string }) {
  const key = options.key.trim();
  if (/^\d+$/.test(key))
    return Number(key) > INT4_MAX ? undefined : findCompany(options.db, { id: Number(key) });
  return findCompany(options.db, { email: key.toLowerCase() });
}

/**
 * Gives a person another role. Demoting a company's last owner is refused (409 company.lastOwner).
 * A change ends all the person's sessions, so the new role holds from their next request; giving
 * the role they have already changes nothing.
 */
export async function changePersonRole(options: {
  db: Db;
  personId: number;
  role: Role;
}): Promise<{ person: PersonRow; changed: boolean }> {
  return options.db.transaction(async (tx) => {
    const read = await findPerson(tx, options.personId);
    if (!read) throw new AppError(404, 'errors.notFound');
    const person = options.role === 'owner' ? read : await assertOwnerRemains({ db: tx, person: read });
    if (!person) throw new AppError(404, 'errors.notFound');
    if (person.role === options.role) return { person, changed: false };
    await updatePerson(tx, person.id, { role: options.role });
    await revokeInvitationsBeyond(tx, person.companyId, person.id, assignableRoles(options.role));
    await endAllSessions({
      db: tx,
      personId: person.id,
      reason: { kind: 'role', role: options.role, by: OPERATOR_NAME },
    });
    await recordActivity(tx, operator(person.companyId), {
      kind: 'role',
      action: 'update',
      objectId: person.id,
      label: `${person.name} <${person.email}>`,
      fields: ['role'],
      roleFrom: parseRole(person.role),
      roleTo: options.role,
    });
    return { person: { ...person, role: options.role }, changed: true };
  });
}

/**
 * Moves a person to another company with `role`. The last owner of their company cannot leave it
 * (409 company.lastOwner); a person of the company already is refused (409 company.alreadyMember).
 * Their sessions end: the next request signs them in to the new company.
 */
export async function movePerson(options: {
  db: Db;
  personId: number;
  companyId: number;
  role: Role;
}): Promise<PersonRow> {
  return options.db.transaction(async (tx) => {
    const read = await findPerson(tx, options.personId);
    if (!read) throw new AppError(404, 'errors.notFound');
    if (read.companyId === options.companyId) throw new AppError(409, 'company.alreadyMember');
    if (!(await findCompany(tx, { id: options.companyId }))) throw new AppError(404, 'errors.notFound');
    const person = await assertOwnerRemains({ db: tx, person: read });
    if (!person || person.companyId !== read.companyId) throw new AppError(404, 'errors.notFound');
    await updatePerson(tx, person.id, { companyId: options.companyId, role: options.role });
    await revokeInvitationsBeyond(tx, person.companyId, person.id, []);
    await endAllSessions({ db: tx, personId: person.id });
    // Both companies' trails: one lost the person, the other gained them.
    const label = `${person.name} <${person.email}>`;
    await recordActivity(tx, operator(person.companyId), {
      kind: 'user',
      action: 'remove',
      objectId: person.id,
      label,
    });
    await recordActivity(tx, operator(options.companyId), {
      kind: 'user',
      action: 'join',
      objectId: person.id,
      label,
      roleTo: options.role,
    });
    return { ...person, companyId: options.companyId, role: options.role };
  });
}
