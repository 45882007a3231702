import { z } from 'zod';
import { email, password } from './account.js';
import { type Authority, ROLES, type Role } from './auth.js';
import {
  type Abilities,
  ROW_ACTIONS,
  type RowAction,
  WEBHOOK_ACTIONS,
  type WebhookAction,
} from './abilities.js';
import type { BookingAction } from './booking-state.js';
import { idNumber, optionalIdQuery } from './common.js';
import { isoDate } from './validation.js';

/**
 * Company accounts. The member account of the spec is a company; people sign in to it,
 * each with a role. The company's authorities say which pages the company has; the
 * person's role says what they may do there. One table, read by the server's guards and the web's
 * menu alike.
 */
export const role = z.enum(ROLES, { error: 'validation.selectRequired' });

/**
 * - owner: everything, and the only one who can make or change an owner (transfer ownership);
 * - admin: the team (users, invitations, roles below owner) and the company profile;
 * - operator: the work (bookings, contacts, RFQs; for forwarders rates and received bookings);
 * - viewer: reads what an operator reads, changes nothing but their own sign-in.
 */
const ROLE_RULES: Record<Role, { write: boolean; manage: boolean; own: boolean }> = {
  owner: { write: true, manage: true, own: true },
  admin: { write: true, manage: true, own: false },
  operator: { write: true, manage: false, own: false },
  viewer: { write: false, manage: false, own: false },
};

export function parseRole(value: unknown): Role | undefined {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : undefined;
}

/** May the role change the company's data (anything but the person's own sign-in)? */
export const roleCanWrite = (r: Role): boolean => ROLE_RULES[r].write;
/** May the role manage the team and edit the company profile? */
export const roleCanManage = (r: Role): boolean => ROLE_RULES[r].manage;

/** The abilities (abilities.ts) of a person with role `r` in a company holding `held` (roleAuthorities). */
export function abilitiesOf(r: Role, held: readonly string[]): Abilities {
  const write = roleCanWrite(r);
  const draft = write && held.includes('order');
  return {
    write,
    manage: roleCanManage(r),
    book: draft && held.includes('quote_booking'),
    rfq: write && held.includes('quote_rfq'),
    draft,
  };
}

/** What a person with role `r` may do with a row of the company's rates or contacts. */
export function rowActionsOf(r: Role): RowAction[] {
  return roleCanWrite(r) ? [...ROW_ACTIONS] : [];
}

/** What a person with role `r` may do with a webhook endpoint: the managing roles do all of it. */
export function webhookActionsOf(r: Role): WebhookAction[] {
  return roleCanManage(r) ? [...WEBHOOK_ACTIONS] : [];
}

/** The abilities of nobody signed in (or of a session whose user info is not loaded yet). */
export const NO_ABILITIES: Abilities = { write: false, manage: false, book: false, rfq: false, draft: false };

/** The authority of the team and activity pages, which only managing roles hold. */
export const TEAM_AUTHORITY = 'team' satisfies Authority;

/**
 * What a person holds: the company's authorities, plus `team` for the roles that manage it. A
 * viewer holds the same pages as an operator (reading them); writes are refused by `roleCanWrite`.
 */
export function roleAuthorities(r: Role, companyAuthorities: readonly string[]): string[] {
  const held = companyAuthorities.filter((a) => a !== TEAM_AUTHORITY);
  return roleCanManage(r) ? [...held, TEAM_AUTHORITY] : held;
}

/** The roles `actor` may give to someone (an admin cannot make owners; only owners can). */
export function assignableRoles(actor: Role): readonly Role[] {
  if (ROLE_RULES[actor].own) return ROLES;
  if (ROLE_RULES[actor].manage) return ROLES.filter((r) => r !== 'owner');
  return [];
}

/**
 * May `actor` change the role of, or remove, a person who now has `target`, giving them `next`
 * (undefined for removal)? Nobody changes their own role or removes themselves here, and only
 * owners touch owners. That the last owner stays is the server's check, in one transaction.
 */
export function canChangeMember(options: {
  actor: Role;
  target: Role;
  next?: Role | undefined;
  self: boolean;
}): boolean {
  if (options.self) return false;
  const allowed = assignableRoles(options.actor);
  if (!allowed.includes(options.target)) return false;
  return options.next === undefined || allowed.includes(options.next);
}

/**
 * May `actor` hand their ownership to a person of the company (`self`: to themselves)? Any owner may,
 * to anyone else of any role, a co-owner included: the giver then steps down to admin.
 */
export function canTransferOwnership(options: { actor: Role; self: boolean }): boolean {
  return ROLE_RULES[options.actor].own && !options.self;
}

/** What the reader may do with a person of the team: give another role, remove, make owner. */
export const MEMBER_ACTIONS = ['role', 'remove', 'transfer'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/** The actions a person with role `actor` has on a team member with role `target` (the server's own checks). */
export function memberActions(options: { actor: Role; target: Role; self: boolean }): MemberAction[] {
  const change = canChangeMember(options);
  return MEMBER_ACTIONS.filter((action) => (action === 'transfer' ? canTransferOwnership(options) : change));
}

/** What the reader may do with a pending invitation. */
export const INVITATION_ACTIONS = ['resend', 'revoke'] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

/**
 * A new mail goes out only for a role the actor may give; withdrawing an invitation is open to every
 * managing role, whatever its role (it gives nobody anything).
 */
export function invitationActions(actor: Role, invited: Role): InvitationAction[] {
  return INVITATION_ACTIONS.filter((action) =>
    action === 'resend' ? assignableRoles(actor).includes(invited) : roleCanManage(actor),
  );
}

/**
 * Text people typed (a name, a company name) made inert for a plain-text mail sent from the portal's
 * own address to anyone: line breaks and control characters become spaces (no forged paragraphs),
 * and what a mail program would turn into a link no longer looks like one: "://" becomes "[:]//",
 * and a dot between letters or digits ("www.evil.example", "evil.com") becomes "[.]". The text stays
 * readable; it just cannot be clicked.
 */
export function inertMailText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]')
    .trim();
}

/** Invitations: valid a week, single use; a company sends at most `perHour` of them an hour. */
export const INVITATION = {
  ttlMs: 7 * 24 * 3_600_000,
  perHour: 20,
  tokenLength: 43,
} as const;
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const personName = z.string().trim().min(1).max(100);

/**
 * An invitation: the address, the role, and the language of its mail (the one the inviter picks on
 * screen; the screen's language when left out). There is no free text: the mail says only who sent
 * it, for which company and role.
 */
export const inviteBody = z.strictObject({ email, role, language: z.enum(['zh-CN', 'en-US']).optional() });
export type InviteBody = z.input<typeof inviteBody>;

export const roleBody = z.strictObject({ role });

export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role,
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  is_me: z.boolean(),
  /** what the reader may do with this person (memberActions) */
  actions: z.array(z.enum(MEMBER_ACTIONS)),
});
export type TeamMember = z.infer<typeof teamMember>;

export const invitationRow = z.object({
  id: z.number().int(),
  email: z.string(),
  role,
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type InvitationRow = z.infer<typeof invitationRow>;

/** An invitation as the team page lists it, with what the reader may do with it (invitationActions). */
export const invitationListRow = invitationRow.extend({ actions: z.array(z.enum(INVITATION_ACTIONS)) });
export type InvitationListRow = z.infer<typeof invitationListRow>;

export const teamReply = z.object({
  members: z.array(teamMember),
  invitations: z.array(invitationListRow),
  /** the roles the signed-in person may give */
  assignable: z.array(role),
});
export type TeamReply = z.infer<typeof teamReply>;

/** What the invitation page shows before joining (no account is revealed: only the invite's own data). */
export const invitationInfo = z.object({
  company: z.string(),
  email: z.string(),
  role,
  invited_by: z.string(),
  expires_at: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

/**
 * Joining: a new login (name and password) for the invited address, or an existing login of that
 * same address (its password), which then moves to the inviting company.
 */
export const acceptInvitationBody = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('new'), token: z.string(), name: personName, password }),
  z.strictObject({ mode: z.literal('existing'), token: z.string(), password: z.string().min(1).max(200) }),
]);
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

/** The signed-in person's own sign-in details. */
export const myAccountBody = z.strictObject({
  name: personName.optional(),
  language: z.enum(['zh-CN', 'en-US']).optional(),
});

/** A new password for the signed-in person: the current one proves it is them. */
export const myPasswordBody = z.strictObject({
  current_password: z.string().min(1, { error: 'account.currentPasswordRequired' }).max(200),
  password,
});
export type MyPasswordBody = z.input<typeof myPasswordBody>;

/** Ownership goes to another person of the company; the owner giving it becomes an admin. */
export const transferBody = z.strictObject({ person_id: idNumber });

/* ---------- activity trail ---------- */

export const ACTIVITY_KINDS = ['booking', 'document', 'contact', 'rate', 'company', 'user', 'role'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/**
 * What was done. Bookings map their own actions onto these: edit → update, copy → copy,
 * submit_si (the member's shipping instructions, 补料) → request, confirm_si → confirm.
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'copy',
  'update',
  'delete',
  'import',
  'submit',
  'accept',
  'release',
  'request',
  'confirm',
  'ship',
  'cancel',
  'void',
  'invite',
  'join',
  'remove',
  'transfer',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The trail's action for each booking action. */
export const BOOKING_ACTIVITY: Record<BookingAction, ActivityAction> = {
  create: 'create',
  copy: 'copy',
  edit: 'update',
  delete: 'delete',
  submit: 'submit',
  accept: 'accept',
  release: 'release',
  submit_si: 'request',
  confirm_si: 'confirm',
  ship: 'ship',
  cancel: 'cancel',
  void: 'void',
};

export const activityQuery = z.object({
  person_id: optionalIdQuery,
  kind: z.enum(ACTIVITY_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** inclusive days of the portal's time zone */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** The trail's export holds at most this many rows (newest first), like the other exports. */
export const ACTIVITY_EXPORT_MAX_ROWS = 10_000;

export const activityRow = z.object({
  id: z.number().int(),
  at: z.string(),
  person_id: z.number().int().nullable(),
  person: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  action: z.enum(ACTIVITY_ACTIONS),
  object_id: z.number().int().nullable(),
  label: z.string(),
  fields: z.array(z.string()),
  /** For people's rows: the role before (a change, a removal) and after (a change, an invitation, a join). */
  role_from: z.enum(ROLES).nullable(),
  role_to: z.enum(ROLES).nullable(),
  /**
   * For booking and document rows: the company's side of the booking, whose detail page the row
   * links to ('member': /bookings/:id, 'forwarder': /received-bookings/:id); null once it is gone.
   */
  booking_party: z.enum(['member', 'forwarder']).nullable(),
});
export type ActivityRow = z.infer<typeof activityRow>;

/** A person who appears in the company's trail (the person filter's options), by their latest name. */
export const activityPerson = z.object({ id: z.number().int(), name: z.string() });
export type ActivityPerson = z.infer<typeof activityPerson>;

/** GET /api/activity: one page of the trail, newest first, and everyone who appears in it. */
export const activityReply = z.object({
  list: z.array(activityRow),
  total: z.number().int(),
  people: z.array(activityPerson),
});
export type ActivityReply = z.infer<typeof activityReply>;
export type ActivityQuery = z.input<typeof activityQuery>;
