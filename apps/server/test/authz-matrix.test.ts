import { createHash, randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import {
  ALL_AUTHORITIES,
  type Authority,
  DEFAULT_LOCALE,
  isValidContainerNo,
  type MessageKey,
  type Role,
  TEAM_AUTHORITY,
  translate,
} from '@freight/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { invitations, people as peopleTable } from '../src/db/schema.js';
import { signUnsubscribe } from '../src/modules/mail-preferences/tokens.js';
import { insertForCompany } from '../src/modules/notifications/repo.js';
import { insertEndpoint } from '../src/modules/webhooks/repo.js';
import { insertPerson } from '../src/modules/users/people-repo.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import type { Db } from '../src/platform/db.js';
import { hashPassword } from '../src/platform/password.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import {
  captcha,
  type Envelope,
  image,
  login,
  multipart,
  register,
  registrationForm,
  TEST_CAPTCHA,
  uniqueEmail,
} from './fixtures.js';
import { readXlsx, xlsx } from './sheets.js';

/**
 * The authorization matrix: every route of the real app, under /api, has one row here
 * saying who may call it. Each row is tried as
 *   - anonymous (401 unless public),
 *   - a member lacking the authority the route needs (403; one member per missing authority),
 *   - another member who owns other data (refused on the owner's rows: 404 unless said otherwise),
 *   - the forwarder that bookings and RFQs are addressed to (allowed only where the row says so),
 *   - the owner (200, with a valid request, so the row proves the owner gets through),
 * and every reply is searched for the private markers (contact, rate remark, booking reference,
 * RFQ, document description, attachment name, credit code) of the members the actor may not see. Writes by anyone
 * but the owner (or the allowed forwarder) must leave the owner's row exactly as it was.
 *
 * Roles: the owner's member is a company, and "owner" is the person who registered it
 * (role owner). Three more people of the same company, an admin, an operator and a viewer, try every
 * row too. They share the company's data: where the row's `roles` rule lets a role through, the
 * person gets the owner's answer and sees the owner's markers (an operator sees the bookings the
 * owner made); writes they are allowed run on a fresh resource of their own (the row's `make` is
 * called again), so the owner's own call still finds its row as it was. Where the rule refuses the
 * role, the reply is 403 with the rule's message (in the body, in the request's language) and the
 * owner's row stays as it was. The other member (another company) is refused the owner's rows
 * (404, or the row's `other`) whatever the route, as before.
 *
 * A new route is one row. Its `roles` rule says what each role of the company may do:
 * - omitted: 'read' for GET (every role), 'write' for any other method (owner, admin and operator;
 *   the viewer 403 company.readOnlyRole) — what `authenticated()` does without `manage`/`personal`;
 * - 'manage' for routes with `authenticated({ manage: true })` (owner and admin; operator 403
 *   company.managersOnly, viewer 403 company.readOnlyRole on writes);
 * - 'team' for routes that need the team authority, which only owners and admins hold (operator and
 *   viewer 403 errors.forbidden); such a route's authority cannot be missing from a company, so no
 *   "lacking" member is tried for it;
 * - 'personal' for `authenticated({ personal: true })` (the person's own sign-in: every role);
 * - or a map of role → outcome for a route that differs (e.g. owner only).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Access = 'public' | 'authenticated' | { all: Authority[] } | { some: Authority[] };
const WHO = ['owner', 'other', 'forwarder'] as const;
type Who = (typeof WHO)[number];
/** People of the owner's company besides its owner, one per other role. */
const PEOPLE = ['admin', 'operator', 'viewer'] as const;
type Person = (typeof PEOPLE)[number];
type Actor = 'anonymous' | 'lacking' | Who;
/** 'ok': the company owner's answer; otherwise 403 with this message. */
type RoleOutcome = 'ok' | MessageKey;
type RoleRule = 'read' | 'write' | 'manage' | 'team' | 'personal';
const ROLE_RULES: Record<RoleRule, Record<Role, RoleOutcome>> = {
  read: { owner: 'ok', admin: 'ok', operator: 'ok', viewer: 'ok' },
  personal: { owner: 'ok', admin: 'ok', operator: 'ok', viewer: 'ok' },
  write: { owner: 'ok', admin: 'ok', operator: 'ok', viewer: 'company.readOnlyRole' },
  manage: {
    owner: 'ok',
    admin: 'ok',
    operator: 'company.managersOnly',
    viewer: 'company.readOnlyRole',
  },
  team: { owner: 'ok', admin: 'ok', operator: 'errors.forbidden', viewer: 'errors.forbidden' },
};
/** The kinds of private data each member holds, each with a unique marker string in it. */
const KINDS = ['contact', 'rate', 'booking', 'rfq', 'document', 'attachment', 'profile'] as const;
type Kind = (typeof KINDS)[number];
type Body = { json: Record<string, unknown> | unknown[] } | { form: ReturnType<typeof multipart> };
type Req = { url: string; body?: Body };
/** A row's request (URL and body) per actor, and where the owner reads back the row it touches. */
type Case = { request: (actor: Actor) => Req; readBack?: string };
type Row = {
  method: Method;
  /** The route as Fastify has it, e.g. /api/rate/:id. */
  url: string;
  access: Access;
  /** Builds the request (and any fresh resource of the owner it needs); default: GET the url. */
  make?: (w: World) => Promise<Case> | Case;
  /** The request addresses the owner's data: other members are refused. */
  owned?: boolean;
  anonymous?: number;
  other?: number;
  /** The addressed forwarder may read or act ('ok'), or gets this refusal (default 404 on owned rows). */
  forwarder?: 'ok' | number;
  /** The owner's refusal on a route that is not theirs to use (the forwarder's side of a booking). */
  owner?: number;
  /** Whose reply must contain the owner's marker of this kind (proves the read returns data). */
  shows?: Partial<Record<'owner' | 'forwarder', Kind>>;
  /** Each member calls with a session of its own made for this row (logout ends it). */
  freshSession?: boolean;
  /** What each role of the owner's company may do (see the top); default 'read' for GET, else 'write'. */
  roles?: RoleRule | Record<Role, RoleOutcome>;
};

type Account = { id: number; token: string; username: string; password: string };
type World = {
  user: Record<Who, Account>;
  /** The owner's company's other people, signed in through the API. */
  people: Record<Person, Account>;
  ref: Record<'maersk' | 'sha' | 'rtm' | 'gp20' | 'gp40' | 'hq40' | 'ct', number>;
  mark: (who: Who, kind: Kind) => string;
  /** The owner's resources that reads address (the booking is at status 2, with a document). */
  base: {
    booking: number;
    document: number;
    attachment: string;
    rfq: number;
    rate: number;
    contact: number;
    license: string;
  };
  quote: number;
  contactBody: (marker?: string) => Record<string, unknown>;
  rateBody: (remark?: string) => Record<string, unknown>;
  bookingBody: () => Record<string, unknown>;
  rfqBody: () => Record<string, unknown>;
  profileBody: (who: Who) => Record<string, unknown>;
  release: () => Record<string, unknown>;
  si: () => Record<string, unknown>;
  contactSheet: () => Body;
  rateSheet: () => Body;
  document: (bookingId: number, description: string) => Body;
  newContact: () => Promise<number>;
  newRate: () => Promise<number>;
  newDocument: () => Promise<number>;
  newAttachment: () => Promise<string>;
  /** A notification for each person of the owner's company: its id by the person's login. */
  newNotifications: () => Promise<Record<string, number>>;
  /** A new webhook endpoint of the owner's company. */
  newWebhook: () => Promise<number>;
  /** A new person of the owner's company with this role (for the team's changes). */
  newPerson: (role: Role) => Promise<number>;
  /** The owner person's signed unsubscribe link of one event, as their mails carry it. */
  unsubscribeLink: () => Promise<string>;
  /** A new pending invitation of the owner's company, with the token its mail would carry. */
  newInvitation: () => Promise<{ id: number; token: string }>;
  bookingAt: (status: 0 | 1 | 2 | 3) => Promise<number>;
  loginBody: () => Promise<Record<string, unknown>>;
  /** A fresh captcha and its answer (CAPTCHA_FIXED), as login and registration send them. */
  captchaFields: () => Promise<Record<string, string>>;
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const json = (value: Record<string, unknown> | unknown[]): Body => ({ json: value });
/** A receiver address the matrix's endpoints use (its app sends no deliveries). */
const HOOK_URL = 'http://127.0.0.1:9/hook';
const at = (url: string, body?: Body): Case => ({ request: () => ({ url, ...(body ? { body } : {}) }) });
const publicList = (list: string): Row => ({ method: 'GET', url: `/api/${list}`, access: 'public' });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A valid ISO 6346 number: owner code + U + 6 digits + the check digit that fits. */
function containerNumber(owner: string, serial: number): string {
  const head = `${owner}U${String(serial).padStart(6, '0')}`;
  for (let check = 0; check < 10; check++)
    if (isValidContainerNo(`${head}${check}`)) return `${head}${check}`;
  return containerNumber(owner, serial + 1);
}

/** THE MATRIX: one row per route under /api. */
const MATRIX: Row[] = [
  /* ---------- documentation (hidden from the docs themselves) ---------- */
  { method: 'GET', url: '/api/openapi.json', access: 'public' },
  { method: 'GET', url: '/api/docs', access: 'public' },
  { method: 'GET', url: '/api/docs/static/index.html', access: 'public', anonymous: 302 },
  { method: 'GET', url: '/api/docs/static/swagger-initializer.js', access: 'public' },
  {
    method: 'GET',
    url: '/api/docs/static/*',
    access: 'public',
    make: () => at('/api/docs/static/swagger-ui.css'),
  },
  { method: 'GET', url: '/api/docs/json', access: 'public' },
  { method: 'GET', url: '/api/docs/yaml', access: 'public' },

  /* ---------- system, sign-in and registration ---------- */
  { method: 'GET', url: '/api/system/config', access: 'public' },
  {
    method: 'GET',
    url: '/api/system/dictionary',
    access: 'public',
    make: () => at('/api/system/dictionary?field=order_status'),
  },
  { method: 'GET', url: '/api/health', access: 'public' },
  { method: 'GET', url: '/api/ready', access: 'public' },
  { method: 'GET', url: '/api/system/captcha', access: 'public' },
  { method: 'GET', url: '/api/system/altcha', access: 'public' },
  {
    method: 'POST',
    url: '/api/system/login',
    access: 'public',
    make: async (w) => at('/api/system/login', json(await w.loginBody())),
  },
  {
    method: 'GET',
    url: '/api/system/forget',
    access: 'public',
    // A new address on every call: a second code for the same address within a minute is 429.
    make: () => ({
      request: () => ({ url: `/api/system/forget?username=${encodeURIComponent(uniqueEmail('nobody'))}` }),
    }),
  },
  {
    // Open to visitors: with no code ever sent to the address, the reset is refused as a bad code.
    method: 'POST',
    url: '/api/system/password',
    access: 'public',
    anonymous: 400,
    make: () =>
      at(
        '/api/system/password',
        json({ username: uniqueEmail('nobody'), vcode: '000000', password: 'quay-lantern-43' }),
      ),
  },
  {
    method: 'POST',
    url: '/api/userinfo',
    access: 'public',
    make: async (w) =>
      at('/api/userinfo', {
        form: multipart(formParts({ ...registrationForm(), ...(await w.captchaFields()) })),
      }),
  },
  {
    method: 'POST',
    url: '/api/system/logout',
    access: 'authenticated',
    roles: 'personal',
    freshSession: true,
    make: () => ({ ...at('/api/system/logout'), readBack: '/api/userinfo' }),
  },
  { method: 'GET', url: '/api/userinfo', access: 'authenticated', shows: { owner: 'profile' } },
  {
    // Everyone changes only their own profile: another member's PUT leaves the owner's as it was.
    method: 'PUT',
    url: '/api/userinfo',
    access: { all: ['user'] },
    roles: 'manage',
    shows: { owner: 'profile' },
    make: (w) => ({
      request: (actor) => ({
        url: '/api/userinfo',
        body: json(w.profileBody(actor === 'other' || actor === 'forwarder' ? actor : 'owner')),
      }),
      readBack: '/api/userinfo',
    }),
  },
  {
    // Logos are public; every other upload (here the owner's business license) is the owner's only.
    method: 'GET',
    url: '/api/file/:id',
    access: 'public',
    owned: true,
    anonymous: 404,
    make: (w) => at(w.base.license),
  },

  /* ---------- reference lists: public, except forwarder identities ---------- */
  ...[
    'country',
    'port',
    'carrier',
    'container',
    'unit',
    'currency',
    'charge',
    'industry',
    'business',
    'route',
    'location',
  ].map(publicList),
  { method: 'GET', url: '/api/forwarder', access: { all: ['quote_forwarder'] } },

  /* ---------- notification centre: each person's own ---------- */
  { method: 'GET', url: '/api/notifications', access: 'authenticated' },
  { method: 'GET', url: '/api/notifications/unread', access: 'authenticated' },
  {
    // Each person marks their own: the owner's row, then (made again) the admin's, the operator's
    // and the viewer's, in the order the people are tried. Another company's is refused 404.
    method: 'PUT',
    url: '/api/notifications/:id/read',
    access: 'authenticated',
    owned: true,
    roles: 'personal',
    make: (() => {
      let calls = 0;
      return async (w: World) => {
        const ids = await w.newNotifications();
        const next = (['owner', ...PEOPLE] as const)[calls++ % 4] ?? 'owner';
        const account = next === 'owner' ? w.user.owner : w.people[next];
        return at(`/api/notifications/${ids[account.username.toLowerCase()]}/read`);
      };
    })(),
  },
  {
    // Marked unread again the same way: each person their own, another company's refused 404.
    method: 'PUT',
    url: '/api/notifications/:id/unread',
    access: 'authenticated',
    owned: true,
    roles: 'personal',
    make: (() => {
      let calls = 0;
      return async (w: World) => {
        const ids = await w.newNotifications();
        const next = (['owner', ...PEOPLE] as const)[calls++ % 4] ?? 'owner';
        const account = next === 'owner' ? w.user.owner : w.people[next];
        return at(`/api/notifications/${ids[account.username.toLowerCase()]}/unread`);
      };
    })(),
  },
  { method: 'PUT', url: '/api/notifications/read', access: 'authenticated', roles: 'personal' },
  { method: 'POST', url: '/api/notifications/ticket', access: 'authenticated', roles: 'personal' },
  {
    // Opened with a ticket, not a token (EventSource sends no header): an unknown one is refused.
    method: 'GET',
    url: '/api/notifications/stream',
    access: 'public',
    anonymous: 401,
    make: () => at('/api/notifications/stream?ticket=not-a-ticket'),
  },

  /* ---------- webhooks (owners and admins, like the team) ---------- */
  { method: 'GET', url: '/api/webhooks', access: { all: ['team'] }, roles: 'team' },
  {
    method: 'POST',
    url: '/api/webhooks',
    access: { all: ['team'] },
    roles: 'team',
    make: () => at('/api/webhooks', { json: { url: HOOK_URL, events: ['booking.submit'] } }),
  },
  ...(
    [
      ['PUT', '/api/webhooks/:id', { json: { url: HOOK_URL, events: ['booking.accept'], enabled: false } }],
      ['POST', '/api/webhooks/:id/secret', undefined],
      ['POST', '/api/webhooks/:id/test', undefined],
      ['GET', '/api/webhooks/:id/deliveries', undefined],
      ['DELETE', '/api/webhooks/:id', undefined],
    ] as const
  ).map(([method, url, body]): Row => ({
    method,
    url,
    access: { all: ['team'] },
    roles: 'team',
    owned: true,
    make: async (w) => at(url.replace(':id', String(await w.newWebhook())), body),
  })),
  /* ---------- e-mail preferences: each person's own; unsubscribe by signed link ---------- */
  { method: 'GET', url: '/api/me/mail-preferences', access: 'authenticated' },
  {
    method: 'PUT',
    url: '/api/me/mail-preferences',
    access: 'authenticated',
    roles: 'personal',
    make: () => at('/api/me/mail-preferences', json({ ship: 'digest' })),
  },
  {
    // The link is the proof (signed, no login): anyone holding it gets the same answer.
    method: 'GET',
    url: '/api/unsubscribe',
    access: 'public',
    make: async (w) => at(await w.unsubscribeLink()),
  },
  {
    method: 'POST',
    url: '/api/unsubscribe',
    access: 'public',
    roles: 'personal',
    make: async (w) => at(await w.unsubscribeLink()),
  },
  {
    method: 'POST',
    url: '/api/unsubscribe/undo',
    access: 'public',
    roles: 'personal',
    make: async (w) => at((await w.unsubscribeLink()).replace('/api/unsubscribe?', '/api/unsubscribe/undo?')),
  },

  /* ---------- company activity trail (owners and admins) ---------- */
  { method: 'GET', url: '/api/activity', access: { all: ['team'] }, roles: 'team' },
  { method: 'GET', url: '/api/activity/export', access: { all: ['team'] }, roles: 'team' },

  /* ---------- the team (owners and admins, the person's own account for everyone) ---------- */
  { method: 'GET', url: '/api/team', access: { all: ['team'] }, roles: 'team' },
  {
    method: 'POST',
    url: '/api/team/invitations',
    access: { all: ['team'] },
    roles: 'team',
    make: () => at('/api/team/invitations', json({ email: uniqueEmail('invitee'), role: 'viewer' })),
  },
  {
    method: 'POST',
    url: '/api/team/invitations/:id/resend',
    access: { all: ['team'] },
    roles: 'team',
    owned: true,
    make: async (w) => at(`/api/team/invitations/${(await w.newInvitation()).id}/resend`),
  },
  {
    method: 'DELETE',
    url: '/api/team/invitations/:id',
    access: { all: ['team'] },
    roles: 'team',
    owned: true,
    make: async (w) => at(`/api/team/invitations/${(await w.newInvitation()).id}`),
  },
  {
    method: 'PUT',
    url: '/api/team/members/:id/role',
    access: { all: ['team'] },
    roles: 'team',
    owned: true,
    make: async (w) =>
      at(`/api/team/members/${await w.newPerson('operator')}/role`, json({ role: 'viewer' })),
  },
  {
    method: 'DELETE',
    url: '/api/team/members/:id',
    access: { all: ['team'] },
    roles: 'team',
    owned: true,
    make: async (w) => at(`/api/team/members/${await w.newPerson('viewer')}`),
  },
  {
    method: 'PUT',
    url: '/api/me',
    access: 'authenticated',
    roles: 'personal',
    make: () => at('/api/me', json({ name: 'SOMEONE' })),
  },
  {
    method: 'PUT',
    url: '/api/me/password',
    access: 'authenticated',
    roles: 'personal',
    // the current password is wrong on purpose: every role reaches the check (400), none changes it
    owner: 400,
    other: 400,
    forwarder: 400,
    make: () => at('/api/me/password', json({ current_password: 'not-it', password: 'another secret 123' })),
  },
  {
    method: 'GET',
    url: '/api/invitations/:token',
    access: 'public',
    make: async (w) => at(`/api/invitations/${(await w.newInvitation()).token}`),
  },
  {
    method: 'POST',
    url: '/api/invitations/accept',
    access: 'public',
    make: async (w) =>
      at(
        '/api/invitations/accept',
        json({
          mode: 'new',
          token: (await w.newInvitation()).token,
          name: 'JOINER',
          password: 'joiner secret 123',
        }),
      ),
  },

  /* ---------- contacts (own rows only) ---------- */
  { method: 'GET', url: '/api/customer/contact', access: { all: ['contact'] }, shows: { owner: 'contact' } },
  // The import template is the same blank sheet for everyone (headers, an example, the countries).
  { method: 'GET', url: '/api/customer/contact/template', access: 'public' },
  {
    method: 'GET',
    url: '/api/customer/contact/:id',
    access: { all: ['contact'] },
    owned: true,
    shows: { owner: 'contact' },
    make: (w) => at(`/api/customer/contact/${w.base.contact}`),
  },
  {
    method: 'POST',
    url: '/api/customer/contact',
    access: { all: ['contact'] },
    make: (w) => at('/api/customer/contact', json(w.contactBody())),
  },
  {
    method: 'PUT',
    url: '/api/customer/contact/:id',
    access: { all: ['contact'] },
    owned: true,
    shows: { owner: 'contact' },
    make: async (w) => {
      const id = await w.newContact();
      return {
        ...at(`/api/customer/contact/${id}`, json(w.contactBody(w.mark('owner', 'contact')))),
        readBack: `/api/customer/contact/${id}`,
      };
    },
  },
  {
    method: 'DELETE',
    url: '/api/customer/contact',
    access: { all: ['contact'] },
    owned: true,
    make: async (w) => {
      const id = await w.newContact();
      return { ...at('/api/customer/contact', json([id])), readBack: `/api/customer/contact/${id}` };
    },
  },
  {
    method: 'POST',
    url: '/api/customer/contact/import',
    access: { all: ['contact'] },
    make: (w) => at('/api/customer/contact/import', w.contactSheet()),
  },

  /* ---------- the shipper alliance directory ---------- */
  { method: 'GET', url: '/api/shipper', access: { all: ['shipper'] } },
  { method: 'GET', url: '/api/customer', access: { all: ['shipper'] } },
  {
    method: 'GET',
    url: '/api/shipper/:id',
    access: { all: ['shipper'] },
    make: (w) => at(`/api/shipper/${w.user.forwarder.id}`),
  },
  {
    method: 'GET',
    url: '/api/customer/:id',
    access: { all: ['shipper'] },
    make: (w) => at(`/api/customer/${w.user.forwarder.id}`),
  },

  /* ---------- rates (the forwarder's own), quotes and RFQs ---------- */
  { method: 'GET', url: '/api/rate', access: { all: ['rate'] }, shows: { owner: 'rate' } },
  { method: 'GET', url: '/api/rate/template', access: 'public' },
  {
    method: 'GET',
    url: '/api/rate/:id',
    access: { all: ['rate'] },
    owned: true,
    shows: { owner: 'rate' },
    make: (w) => at(`/api/rate/${w.base.rate}`),
  },
  {
    method: 'POST',
    url: '/api/rate',
    access: { all: ['rate'] },
    make: (w) => at('/api/rate', json(w.rateBody())),
  },
  {
    method: 'PUT',
    url: '/api/rate/:id',
    access: { all: ['rate'] },
    owned: true,
    shows: { owner: 'rate' },
    make: async (w) => {
      const id = await w.newRate();
      return {
        ...at(`/api/rate/${id}`, json(w.rateBody(w.mark('owner', 'rate')))),
        readBack: `/api/rate/${id}`,
      };
    },
  },
  {
    method: 'DELETE',
    url: '/api/rate',
    access: { all: ['rate'] },
    owned: true,
    make: async (w) => {
      const id = await w.newRate();
      return { ...at('/api/rate', json([id])), readBack: `/api/rate/${id}` };
    },
  },
  {
    method: 'POST',
    url: '/api/rate/import',
    access: { all: ['rate'] },
    make: (w) => at('/api/rate/import', w.rateSheet()),
  },
  { method: 'GET', url: '/api/quote', access: { all: ['quote'] } },
  {
    method: 'GET',
    url: '/api/quote/:id',
    access: { all: ['quote'] },
    make: (w) => at(`/api/quote/${w.quote}`),
  },
  {
    method: 'POST',
    url: '/api/quote/estimate',
    access: { all: ['quote'] },
    // it computes and stores nothing: a viewer may ask too (authenticated({ computes: true }))
    roles: 'read',
    make: (w) =>
      at(
        '/api/quote/estimate',
        json({ quote_id: w.quote, items: [{ container_id: w.ref.gp20, quantity: 2 }] }),
      ),
  },
  {
    method: 'POST',
    url: '/api/system/send_rfq',
    access: { all: ['quote', 'quote_rfq'] },
    make: (w) => at('/api/system/send_rfq', json(w.rfqBody())),
  },
  {
    method: 'GET',
    url: '/api/rfq',
    access: { some: ['quote_rfq', 'rate'] },
    shows: { owner: 'rfq', forwarder: 'rfq' },
  },
  {
    method: 'GET',
    url: '/api/rfq/:id',
    access: { some: ['quote_rfq', 'rate'] },
    owned: true,
    forwarder: 'ok',
    shows: { owner: 'rfq', forwarder: 'rfq' },
    make: (w) => at(`/api/rfq/${w.base.rfq}`),
  },
  /* RFQs on the addressed forwarder's side ("Received RFQs"): the RFQ's member is refused. */
  { method: 'GET', url: '/api/forwarder/rfq', access: { all: ['rate'] }, shows: { forwarder: 'rfq' } },
  {
    method: 'GET',
    url: '/api/forwarder/rfq/:id',
    access: { all: ['rate'] },
    owned: true,
    owner: 404,
    forwarder: 'ok',
    shows: { forwarder: 'rfq' },
    make: (w) => at(`/api/forwarder/rfq/${w.base.rfq}`),
  },
  {
    method: 'PUT',
    url: '/api/forwarder/rfq/:id/status',
    access: { all: ['rate'] },
    owned: true,
    owner: 404,
    forwarder: 'ok',
    shows: { forwarder: 'rfq' },
    make: (w) => ({
      ...at(`/api/forwarder/rfq/${w.base.rfq}/status`, json({ status: 'quoted' })),
      readBack: `/api/rfq/${w.base.rfq}`,
    }),
  },
  {
    method: 'PUT',
    url: '/api/forwarder/rfq/:id/answer',
    access: { all: ['rate'] },
    owned: true,
    owner: 404,
    forwarder: 'ok',
    shows: { forwarder: 'rfq' },
    make: (w) => ({
      ...at(
        `/api/forwarder/rfq/${w.base.rfq}/answer`,
        json({ prices: [{ container_id: w.ref.gp20, price: '1150' }], valid_until: day(20), remarks: '' }),
      ),
      readBack: `/api/rfq/${w.base.rfq}`,
    }),
  },

  /* ---------- bookings, the member's side ---------- */
  { method: 'GET', url: '/api/order', access: { all: ['order'] }, shows: { owner: 'booking' } },
  { method: 'GET', url: '/api/order/export', access: { all: ['order'] }, shows: { owner: 'booking' } },
  {
    method: 'GET',
    url: '/api/order/:id',
    access: { all: ['order'] },
    owned: true,
    shows: { owner: 'booking' },
    make: (w) => at(`/api/order/${w.base.booking}`),
  },
  {
    // The body names the owner's contacts: nobody else may book with them (a field error).
    method: 'POST',
    url: '/api/order/booking',
    access: { all: ['order'] },
    owned: true,
    other: 400,
    forwarder: 400,
    shows: { owner: 'booking' },
    make: (w) => at('/api/order/booking', json(w.bookingBody())),
  },
  {
    method: 'GET',
    url: '/api/order/booking/:id',
    access: { all: ['order'] },
    owned: true,
    shows: { owner: 'booking' },
    make: (w) => at(`/api/order/booking/${w.base.booking}`),
  },
  {
    method: 'PUT',
    url: '/api/order/booking/:id',
    access: { all: ['order'] },
    owned: true,
    make: async (w) => {
      const id = await w.bookingAt(0);
      return { ...at(`/api/order/booking/${id}`, json(w.bookingBody())), readBack: `/api/order/${id}` };
    },
  },
  {
    method: 'POST',
    url: '/api/order/:id/copy',
    access: { all: ['order'] },
    owned: true,
    shows: { owner: 'booking' },
    make: (w) => ({ ...at(`/api/order/${w.base.booking}/copy`), readBack: `/api/order/${w.base.booking}` }),
  },
  {
    method: 'PUT',
    url: '/api/order/cancel',
    access: { all: ['order'] },
    owned: true,
    make: async (w) => {
      const id = await w.bookingAt(1);
      return {
        ...at('/api/order/cancel', json({ ids: [id], reason: 'NO LONGER NEEDED' })),
        readBack: `/api/order/${id}`,
      };
    },
  },
  {
    method: 'GET',
    url: '/api/order/docking/:id',
    access: { all: ['order'] },
    owned: true,
    make: (w) => at(`/api/order/docking/${w.base.booking}`),
  },
  {
    method: 'GET',
    url: '/api/order/document/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    forwarder: 'ok',
    shows: { owner: 'document', forwarder: 'document' },
    make: (w) => at(`/api/order/document/${w.base.booking}`),
  },
  {
    // The booking's PDFs: either side of it; the base booking is released, so its confirmation exists.
    method: 'GET',
    url: '/api/order/:id/pdf/:kind',
    access: { some: ['order', 'rate'] },
    owned: true,
    forwarder: 'ok',
    make: (w) => at(`/api/order/${w.base.booking}/pdf/confirmation`),
  },
  {
    method: 'GET',
    url: '/api/order/shipment/:id',
    access: { all: ['order'] },
    owned: true,
    make: (w) => at(`/api/order/shipment/${w.base.booking}`),
  },
  {
    method: 'PUT',
    url: '/api/order/shipment/:id',
    access: { all: ['order'] },
    owned: true,
    make: async (w) => {
      const id = await w.bookingAt(2);
      return { ...at(`/api/order/shipment/${id}`, json(w.si())), readBack: `/api/order/${id}` };
    },
  },
  {
    method: 'POST',
    url: '/api/order/:id/cancel',
    access: { all: ['order'] },
    owned: true,
    make: async (w) => {
      const id = await w.bookingAt(1);
      return {
        ...at(`/api/order/${id}/cancel`, json({ reason: 'NO LONGER NEEDED' })),
        readBack: `/api/order/${id}`,
      };
    },
  },
  {
    method: 'POST',
    url: '/api/order/:id/submit',
    access: { all: ['order'] },
    owned: true,
    make: async (w) => {
      const id = await w.bookingAt(0);
      return { ...at(`/api/order/${id}/submit`), readBack: `/api/order/${id}` };
    },
  },
  {
    method: 'DELETE',
    url: '/api/order/:id',
    access: { all: ['order'] },
    owned: true,
    make: async (w) => {
      const id = await w.bookingAt(0);
      return { ...at(`/api/order/${id}`), readBack: `/api/order/${id}` };
    },
  },

  /* ---------- bookings, the addressed forwarder's side (the booking's member is refused) ---------- */
  { method: 'GET', url: '/api/forwarder/order', access: { all: ['rate'] }, shows: { forwarder: 'booking' } },
  {
    method: 'GET',
    url: '/api/forwarder/order/export',
    access: { all: ['rate'] },
    shows: { forwarder: 'booking' },
  },
  {
    method: 'GET',
    url: '/api/forwarder/order/:id',
    access: { all: ['rate'] },
    owned: true,
    owner: 404,
    forwarder: 'ok',
    shows: { forwarder: 'booking' },
    make: (w) => at(`/api/forwarder/order/${w.base.booking}`),
  },
  ...(
    [
      ['accept', 1, () => undefined],
      ['release', 1, (w) => json(w.release())],
      ['confirm-si', 2, () => json({ reason: 'SI BY EMAIL' })],
      ['ship', 3, () => json({ bl_no: 'MAEU123456789' })],
      ['void', 1, () => json({ reason: 'NO SPACE' })],
    ] as const satisfies readonly [string, 0 | 1 | 2 | 3, (w: World) => Body | undefined][]
  ).map(([action, status, body]): Row => ({
    method: 'POST',
    url: `/api/forwarder/order/:id/${action}`,
    access: { all: ['rate'] },
    owned: true,
    owner: 404,
    forwarder: 'ok',
    make: async (w) => {
      const id = await w.bookingAt(status);
      return { ...at(`/api/forwarder/order/${id}/${action}`, body(w)), readBack: `/api/order/${id}` };
    },
  })),

  /* ---------- booking documents: the booking's member and its forwarder ---------- */
  {
    method: 'POST',
    url: '/api/attachment',
    access: { some: ['order', 'rate'] },
    owned: true,
    forwarder: 'ok',
    make: (w) => ({
      ...at('/api/attachment', w.document(w.base.booking, 'PACKING LIST')),
      readBack: `/api/order/document/${w.base.booking}`,
    }),
  },
  {
    method: 'GET',
    url: '/api/document/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    forwarder: 'ok',
    shows: { owner: 'document', forwarder: 'document' },
    make: (w) => at(`/api/document/${w.base.document}`),
  },
  {
    method: 'GET',
    url: '/api/document/download/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    forwarder: 'ok',
    make: (w) => at(`/api/document/download/${w.base.document}`),
  },
  {
    // Only the uploader deletes: the booking's other side is told no (403), strangers learn nothing (404).
    method: 'DELETE',
    url: '/api/document/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    forwarder: 403,
    make: async (w) => {
      const id = await w.newDocument();
      return { ...at(`/api/document/${id}`), readBack: `/api/document/${id}` };
    },
  },

  /* ---------- attachments: files of their uploader alone ---------- */
  {
    method: 'GET',
    url: '/api/attachment',
    access: { some: ['order', 'rate'] },
    shows: { owner: 'attachment' },
  },
  {
    method: 'GET',
    url: '/api/attachment/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    shows: { owner: 'attachment' },
    make: (w) => at(`/api/attachment/${w.base.attachment}`),
  },
  {
    method: 'GET',
    url: '/api/attachment/download/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    make: (w) => at(`/api/attachment/download/${w.base.attachment}`),
  },
  {
    method: 'DELETE',
    url: '/api/attachment/:id',
    access: { some: ['order', 'rate'] },
    owned: true,
    make: async (w) => {
      const id = await w.newAttachment();
      return { ...at(`/api/attachment/${id}`), readBack: `/api/attachment/${id}` };
    },
  },
  // Last: the owner hands ownership to a new person and becomes an admin, which every row above
  // would notice. Only owners may; an admin's refusal names it, operator and viewer lack the team.
  {
    method: 'POST',
    url: '/api/team/transfer',
    access: { all: ['team'] },
    roles: {
      owner: 'ok',
      admin: 'company.cannotTransfer',
      operator: 'errors.forbidden',
      viewer: 'errors.forbidden',
    },
    owned: true,
    make: async (w) => at('/api/team/transfer', json({ person_id: await w.newPerson('operator') })),
  },
];

function formParts(fields: Record<string, string>) {
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/**
 * Every route of the app as Fastify adds it (its onRoute hook): the real buildApp on the test's
 * own configuration and database, so no route can be missed or misread.
 */
async function routeList(t: TestApp): Promise<{ method: string; url: string }[]> {
  const routes: { method: string; url: string }[] = [];
  const app = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  await app.close();
  return routes;
}

/** The reply as text; spreadsheets as the text of their cells. */
function replyText(response: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) return response.body;
  const book = XLSX.read(response.rawPayload, { type: 'buffer' });
  return book.SheetNames.map((name) => XLSX.utils.sheet_to_csv(book.Sheets[name] as XLSX.WorkSheet)).join(
    '\n',
  );
}

/** Who may see a member's private data: the member; bookings, their documents and RFQs also the forwarder addressed. */
function mayView(viewer: Actor, owner: Who, kind: Kind): boolean {
  if (viewer === owner) return true;
  return viewer === 'forwarder' && owner !== 'forwarder' && ['booking', 'rfq', 'document'].includes(kind);
}

const isOk = (status: number) => status >= 200 && status < 300;

async function buildWorld(app: FastifyInstance, db: Db): Promise<World> {
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const markers = new Map<string, string>();
  for (const who of WHO)
    for (const kind of KINDS)
      markers.set(
        `${who}:${kind}`,
        kind === 'profile'
          ? `ZQ${who.slice(0, 2).toUpperCase()}${randomBytes(7).toString('hex').toUpperCase()}`
          : `ZQ${kind.toUpperCase()}${who.toUpperCase()}${suffix}`,
      );
  const mark = (who: Who, kind: Kind) => markers.get(`${who}:${kind}`) ?? '';

  const refId = async (list: string, code: string) => {
    const reply = await call<Envelope<{ lists: { id: number; code: string }[] }>>(app, {
      method: 'GET',
      url: `/api/${list}?keyword=${code}`,
    });
    const id = reply.body.data.lists.find((item) => item.code === code)?.id;
    if (!id) throw new Error(`No ${list} ${code}`);
    return id;
  };
  const ref = {
    maersk: await refId('carrier', 'MAEU'),
    sha: await refId('port', 'CNSHA'),
    rtm: await refId('port', 'NLRTM'),
    gp20: await refId('container', '20GP'),
    gp40: await refId('container', '40GP'),
    hq40: await refId('container', '40HQ'),
    ct: await refId('unit', 'CT'),
  };

  const accounts: Partial<Record<Who, Account>> = {};
  for (const who of WHO) {
    const username = uniqueEmail(who).toLowerCase();
    const files =
      who === 'owner'
        ? [{ name: 'license', filename: 'license.png', contentType: 'image/png', data: await image('png') }]
        : [];
    const reply = await register(
      app,
      registrationForm({
        username,
        company1: `${who.toUpperCase()} CO`,
        company2: `${who}公司`,
        credit_no: mark(who, 'profile'),
      }),
      files,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await changeAuthorities({ db, userId: reply.body.data.id, grant: ALL_AUTHORITIES });
    accounts[who] = {
      id: reply.body.data.id,
      token: reply.body.data.token,
      username,
      password: 'quay-lantern-42',
    };
  }
  const user = accounts as Record<Who, Account>;

  // The owner's company's other people, each signing in through the API.
  const passwordHash = await hashPassword('quay-lantern-42');
  const staff: Partial<Record<Person, Account>> = {};
  for (const role of PEOPLE) {
    const username = uniqueEmail(role).toLowerCase();
    await insertPerson(db, {
      companyId: user.owner.id,
      email: username,
      passwordHash,
      name: `${role.toUpperCase()} OF OWNER CO`,
      role,
    });
    const session = await login(app, username, 'quay-lantern-42');
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    staff[role] = {
      id: user.owner.id,
      token: session.body.data.token,
      username,
      password: 'quay-lantern-42',
    };
  }
  const people = staff as Record<Person, Account>;

  async function api<T>(who: Who, method: Method, url: string, body?: Body): Promise<T> {
    const reply = await send(app, method, { url, ...(body ? { body } : {}) }, user[who].token);
    expect(reply.status, `${who} ${method} ${url}: ${reply.text.slice(0, 400)}`).toBe(200);
    return (JSON.parse(reply.text) as Envelope<T>).data;
  }

  let contacts = 0;
  // (type, company, contact person) is unique in a contact book: every body names a new company.
  const contactBody = (marker?: string) => ({
    type: 'both',
    company1: `${marker ?? 'PLAIN'} TRADING ${(contacts += 1)}`,
    linkman: 'WANG FANG',
    address1: 'NO. 1 HARBOUR ROAD',
    city: 'NINGBO',
    country_id: 1,
    phone: '+8657487000001',
    email: marker ? `${marker.toLowerCase()}@example.com` : 'plain@example.com',
  });
  const newContactOf = async (who: Who, marker?: string) =>
    (await api<{ id: number }>(who, 'POST', '/api/customer/contact', json(contactBody(marker)))).id;
  const rateBody = (remark = '') => ({
    carrier_id: ref.maersk,
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    sdate: day(-1),
    edate: day(30),
    transit_days: 28,
    remark,
    spaces: [
      { container_id: ref.gp20, price: '1200' },
      { container_id: ref.hq40, price: '2200.50' },
    ],
  });
  const newRateOf = async (who: Who) =>
    (await api<{ id: number }>(who, 'POST', '/api/rate', json(rateBody(mark(who, 'rate'))))).id;

  // Each member's own data, with its markers.
  const parties: Partial<Record<Who, { shipper: number; consignee: number }>> = {};
  const secretContact: Partial<Record<Who, number>> = {};
  for (const who of WHO) {
    if (who !== 'forwarder')
      parties[who] = { shipper: await newContactOf(who), consignee: await newContactOf(who) };
    secretContact[who] = await newContactOf(who, mark(who, 'contact'));
  }
  const rateOf: Partial<Record<Who, number>> = {};
  for (const who of WHO) rateOf[who] = await newRateOf(who);
  const quote = rateOf.forwarder ?? 0;

  const bookingBodyOf = (who: Who) => ({
    container_mode: 1,
    forwarder_id: user.forwarder.id,
    shipper_id: parties[who]?.shipper,
    consignee_id: parties[who]?.consignee,
    cust_ref_no: mark(who, 'booking'),
    ready_date: day(3),
    incoterm: 'FOB',
    place_of_receipt: 'NINGBO FACTORY',
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    carrier_id: ref.maersk,
    remark: mark(who, 'booking'),
    containers: [
      {
        container_id: ref.gp40,
        hs_code: '8471.30',
        description: 'LAPTOP COMPUTERS',
        packages: 100,
        unit_id: ref.ct,
        weight: '1200.5',
        volume: 30,
        quantity: 1,
      },
    ],
  });
  const rfqBodyOf = (description: string) => ({
    quote_id: quote,
    rate: '20GP US$1200 | 40HQ US$2200.50',
    ready_date: day(3),
    description,
    booking_space: '40HQ x 2',
    target_rate: 'US$2000',
    potential_vol: '10 x 40HQ / month',
    sales: 'MS WANG',
  });
  const release = () => ({
    so_no: 'SO123456',
    vessel: 'MAERSK EINDHOVEN',
    voyage: '612W',
    etd: day(10),
    eta: day(40),
    si_cutoff: `${day(8)} 12:00`,
    cy_cutoff: `${day(9)} 17:30`,
  });
  let serial = 100;
  const si = () => ({
    notify_party: 'SAME AS CONSIGNEE',
    marks: 'N/M',
    description: 'LAPTOP COMPUTERS',
    bl_type: 'telex',
    freight_term: 'prepaid',
    containers: [
      {
        container_id: ref.gp40,
        container_no: containerNumber('MSK', (serial += 1)),
        seal_no: 'ML1',
        packages: 10,
        weight: '1000',
        vgm: '4800',
      },
    ],
  });
  const document = (bookingId: number, description: string): Body => ({
    form: multipart([
      { name: 'order_id', value: String(bookingId) },
      // "other" is a type both sides of a booking may upload.
      { name: 'document_type', value: 'other' },
      { name: 'description', value: description },
      { name: 'file', filename: `${description}.pdf`, contentType: 'application/pdf', data: PDF },
    ]),
  });
  const bookingOf = async (who: Who, status: 0 | 1 | 2 | 3) => {
    const { id } = await api<{ id: number }>(who, 'POST', '/api/order/booking', json(bookingBodyOf(who)));
    // 1: submitted (not yet accepted); a draft (0) is the member's alone.
    if (status >= 1) await api(who, 'POST', `/api/order/${id}/submit`);
    if (status >= 2) await api('forwarder', 'POST', `/api/forwarder/order/${id}/release`, json(release()));
    if (status >= 3) await api(who, 'PUT', `/api/order/shipment/${id}`, json(si()));
    return id;
  };
  const documentOf = async (who: Who, bookingId: number) =>
    (
      await api<{ file: { id: number } }>(
        who,
        'POST',
        '/api/attachment',
        document(bookingId, mark(who, 'document')),
      )
    ).file.id;

  const attachmentOf = async (who: Who) =>
    (
      await api<{ file: { id: string } }>(who, 'POST', '/api/attachment', {
        form: multipart([
          {
            name: 'file',
            filename: `${mark(who, 'attachment')}.pdf`,
            contentType: 'application/pdf',
            data: PDF,
          },
        ]),
      })
    ).file.id;

  const baseBooking = await bookingOf('owner', 2);
  const baseDocument = await documentOf('owner', baseBooking);
  const baseAttachment = await attachmentOf('owner');
  await attachmentOf('other');
  const baseRfq = (
    await api<{ id: number }>('owner', 'POST', '/api/system/send_rfq', json(rfqBodyOf(mark('owner', 'rfq'))))
  ).id;
  // The other member's own booking, document and RFQ, all addressed to the same forwarder.
  await documentOf('other', await bookingOf('other', 1));
  await api('other', 'POST', '/api/system/send_rfq', json(rfqBodyOf(mark('other', 'rfq'))));
  const license = (await api<{ license: string | null }>('owner', 'GET', '/api/userinfo')).license ?? '';

  const contactHeaders = readXlsx(
    (await app.inject({ method: 'GET', url: '/api/customer/contact/template?lang=en' })).rawPayload,
  );
  const rateTemplate = readXlsx(
    (await app.inject({ method: 'GET', url: '/api/rate/template?lang=en' })).rawPayload,
  );
  const sheet = (rows: unknown[][]): Body => ({
    form: multipart([
      { name: 'file', filename: 'sheet.xlsx', contentType: 'application/octet-stream', data: xlsx(rows) },
    ]),
  });

  return {
    user,
    people,
    ref,
    mark,
    base: {
      booking: baseBooking,
      document: baseDocument,
      attachment: baseAttachment,
      rfq: baseRfq,
      rate: rateOf.owner ?? 0,
      contact: secretContact.owner ?? 0,
      license,
    },
    quote,
    contactBody,
    rateBody,
    bookingBody: () => bookingBodyOf('owner'),
    rfqBody: () => rfqBodyOf('FURNITURE'),
    profileBody: (who) => ({
      linkman: 'Wang Fang',
      phone: '+8613800000000',
      company1: `${who.toUpperCase()} CO`,
      company2: `${who}公司`,
      address1: '1 Harbour Road',
      city: 'Shanghai',
      country_id: 1,
      credit_no: mark(who, 'profile'),
    }),
    release,
    si,
    contactSheet: () =>
      sheet([
        contactHeaders.rows(contactHeaders.sheets[0] ?? '')[0] ?? [],
        [
          'shipper',
          `IMPORT ${(contacts += 1)} LTD`,
          '',
          'WANG FANG',
          'NO. 2 ROAD',
          '',
          'NINGBO',
          '',
          'CN',
          '',
          '+86 574 1',
          '',
        ],
      ]),
    rateSheet: () =>
      sheet([
        rateTemplate.rows('Rates')[0] ?? [],
        ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', day(0), day(20), 30, '', '', '', 1000, 1800, 1900],
      ]),
    document,
    newContact: () => newContactOf('owner', mark('owner', 'contact')),
    newRate: () => newRateOf('owner'),
    newDocument: () => documentOf('owner', baseBooking),
    newAttachment: () => attachmentOf('owner'),
    newNotifications: async () => {
      const rows = await insertForCompany(db, {
        companyId: user.owner.id,
        party: 'member',
        kind: 'booking',
        action: 'accept',
        objectId: null,
        label: 'MATRIX',
        exceptPersonId: null,
      });
      const logins = await db
        .select({ id: peopleTable.id, email: peopleTable.email })
        .from(peopleTable)
        .where(eq(peopleTable.companyId, user.owner.id));
      const emailOf = new Map(logins.map((person) => [person.id, person.email]));
      return Object.fromEntries(rows.map((row) => [emailOf.get(row.personId) ?? '', row.id]));
    },
    // Straight into the table: the rows make more endpoints than one company may register.
    newWebhook: async () =>
      (
        await insertEndpoint(db, {
          companyId: user.owner.id,
          url: HOOK_URL,
          events: ['booking.submit'],
          secretEnc: 'v1.not-a-real-secret',
        })
      ).id,
    unsubscribeLink: async () => {
      const [person] = await db
        .select({ id: peopleTable.id })
        .from(peopleTable)
        .where(and(eq(peopleTable.companyId, user.owner.id), eq(peopleTable.role, 'owner')));
      const token = signUnsubscribe(app.deps.config.unsubscribeHmacKey, {
        personId: person?.id ?? 0,
        scope: 'ship',
      });
      return `/api/unsubscribe?token=${encodeURIComponent(token)}`;
    },
    newPerson: async (role) =>
      (
        await insertPerson(db, {
          companyId: user.owner.id,
          email: uniqueEmail(`team-${role}`).toLowerCase(),
          passwordHash,
          name: `NEW ${role.toUpperCase()}`,
          role,
        })
      ).id,
    newInvitation: async () => {
      const token = randomBytes(32).toString('base64url');
      // Sent by the owner, who may still send it (an invitation of nobody is refused).
      const [owner] = await db
        .select({ id: peopleTable.id })
        .from(peopleTable)
        .where(eq(peopleTable.email, user.owner.username.toLowerCase()));
      const [row] = await db
        .insert(invitations)
        .values({
          companyId: user.owner.id,
          email: uniqueEmail('invited').toLowerCase(),
          role: 'operator',
          tokenHash: createHash('sha256').update(token).digest('hex'),
          invitedBy: owner?.id ?? null,
          invitedByName: 'OWNER',
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: invitations.id });
      if (!row) throw new Error('no invitation');
      return { id: row.id, token };
    },
    bookingAt: (status) => bookingOf('owner', status),
    loginBody: async () => ({
      username: user.owner.username,
      password: user.owner.password,
      captcha_id: await captcha(app),
      captcha: TEST_CAPTCHA,
    }),
    captchaFields: async () => ({ captcha_id: await captcha(app), captcha: TEST_CAPTCHA }),
  };
}

async function send(app: FastifyInstance, method: Method | 'HEAD', req: Req, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: Buffer | Record<string, unknown> | unknown[] | undefined;
  if (req.body && 'form' in req.body) {
    Object.assign(headers, req.body.form.headers);
    payload = req.body.form.payload;
  } else if (req.body) {
    payload = req.body.json;
  }
  const response = await app.inject({
    method,
    url: req.url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Buffer | Record<string, unknown> }),
  });
  return { status: response.statusCode, text: replyText(response) };
}

describeEachDatabase('authorization matrix', (kind) => {
  let t: TestApp;
  let w: World;
  const lacking = new Map<string, Account>();

  beforeAll(async () => {
    // The per-address request limit is not what this suite is about: several hundred calls a minute.
    t = await createTestApp(kind, {
      env: { RATE_LIMIT_PER_MINUTE: '0', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_WORKER: 'false' },
    });
    w = await buildWorld(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Members each missing what the route needs: one per authority of an "all", one without any of a "some". */
  async function lackingMembers(access: Access): Promise<{ label: string; account: Account }[]> {
    if (typeof access === 'string') return [];
    // The team authority comes with the role, not the company: no company lacks it (rule 'team').
    const sets = ('all' in access ? access.all.map((a) => [a]) : [access.some]).filter(
      (set) => !set.includes(TEAM_AUTHORITY),
    );
    const out: { label: string; account: Account }[] = [];
    for (const missing of sets) {
      const key = [...missing].sort().join('+');
      let account = lacking.get(key);
      if (!account) {
        const username = uniqueEmail('lacking').toLowerCase();
        const reply = await register(t.app, registrationForm({ username }));
        expect(reply.status).toBe(200);
        await changeAuthorities({
          db: t.database.db,
          userId: reply.body.data.id,
          grant: ALL_AUTHORITIES.filter((a) => !missing.includes(a)),
          revoke: missing,
        });
        account = {
          id: reply.body.data.id,
          token: reply.body.data.token,
          username,
          password: 'quay-lantern-42',
        };
        lacking.set(key, account);
      }
      out.push({ label: `lacking ${key}`, account });
    }
    return out;
  }

  it('has one row for every /api route of the app, and no row for a route it does not have', async () => {
    const routes = await routeList(t);
    const api = routes.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(60);
    const rows = new Set<string>();
    for (const row of MATRIX) {
      const key = `${row.method} ${row.url}`;
      expect(rows.has(key), `${key} has two rows`).toBe(false);
      rows.add(key);
    }
    const gets = new Set(api.filter((r) => r.method === 'GET').map((r) => r.url));
    const missing = api
      // HEAD answers with the GET route's hooks; its row is the GET row (each run checks HEAD too).
      // A prefix's own GET route also answers with a trailing slash, and Fastify tells only its HEAD.
      .filter((r) => !(r.method === 'HEAD' && (gets.has(r.url) || gets.has(r.url.replace(/\/$/, '')))))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !rows.has(key))
      .map((key) => `route ${key} has no row in the matrix`);
    expect(missing).toEqual([]);
    const known = new Set(api.map((r) => `${r.method} ${r.url}`));
    expect([...rows].filter((key) => !known.has(key)).map((key) => `row ${key} names no route`)).toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.url}`, async () => {
      const c = await (row.make ?? (() => at(row.url)))(w);
      const where = (actor: string) => `${actor} ${row.method} ${c.request('owner').url}`;
      const readBack = async () => {
        if (!c.readBack) return undefined;
        const reply = await send(t.app, 'GET', { url: c.readBack }, w.user.owner.token);
        expect(reply.status, `read back ${c.readBack}: ${reply.text.slice(0, 300)}`).toBe(200);
        return JSON.parse(reply.text) as unknown;
      };
      const before = await readBack();
      const unchanged = async (actor: string) => {
        if (before === undefined) return;
        expect(await readBack(), `${where(actor)} changed the owner's row`).toEqual(before);
      };
      const noLeak = (actor: Actor, label: string, text: string) => {
        for (const owner of WHO)
          for (const kind of KINDS)
            if (!mayView(actor, owner, kind))
              expect(text.includes(w.mark(owner, kind)), `${where(label)} shows ${owner}'s ${kind}`).toBe(
                false,
              );
      };

      // Anonymous (and HEAD on a GET route answers like the GET).
      const anonymousStatus = row.anonymous ?? (row.access === 'public' ? 200 : 401);
      const anonymous = await send(t.app, row.method, c.request('anonymous'));
      expect(anonymous.status, `${where('anonymous')}: ${anonymous.text.slice(0, 300)}`).toBe(
        anonymousStatus,
      );
      noLeak('anonymous', 'anonymous', anonymous.text);
      await unchanged('anonymous');
      if (row.method === 'GET') {
        const head = await send(t.app, 'HEAD', c.request('anonymous'));
        expect(head.status, where('anonymous HEAD')).toBe(anonymousStatus);
      }
      if (row.access === 'public' && !row.owned) return;

      // Members without the authority the route needs.
      for (const { label, account } of await lackingMembers(row.access)) {
        const reply = await send(t.app, row.method, c.request('lacking'), account.token);
        expect(reply.status, `${where(label)}: ${reply.text.slice(0, 300)}`).toBe(403);
        noLeak('lacking', label, reply.text);
        await unchanged(label);
      }

      // The other member, the forwarder and the owner: refusals first, the owner's own call last.
      const expected: Record<Who, number> = {
        other: row.other ?? (row.owned ? 404 : 200),
        forwarder: row.forwarder === 'ok' ? 200 : (row.forwarder ?? (row.owned ? 404 : 200)),
        owner: row.owner ?? 200,
      };

      const mayChange: Record<Who, boolean> = {
        other: false,
        forwarder: row.forwarder === 'ok',
        owner: row.owner === undefined,
      };
      const tokenOf = async (account: Account) => {
        if (!row.freshSession) return account.token;
        const session = await login(t.app, account.username, account.password);
        expect(session.status).toBe(200);
        return session.body.data.token;
      };
      const callAs = async (who: Who) => {
        const reply = await send(t.app, row.method, c.request(who), await tokenOf(w.user[who]));
        expect(reply.status, `${where(who)}: ${reply.text.slice(0, 300)}`).toBe(expected[who]);
        noLeak(who, who, reply.text);
        const shown = who === 'other' ? undefined : row.shows?.[who];
        if (shown)
          expect(
            reply.text.includes(w.mark('owner', shown)),
            `${where(who)} shows the owner's ${shown}`,
          ).toBe(true);
        if (!mayChange[who]) await unchanged(who);
      };

      // The owner's company's admin, operator and viewer: the owner's answer where their role may,
      // else 403 with the rule's message. They read the owner's data as the owner does.
      const rule = row.roles ?? (row.method === 'GET' ? 'read' : 'write');
      const outcomes = typeof rule === 'string' ? ROLE_RULES[rule] : rule;
      expect(outcomes.owner, `${row.method} ${row.url}: the owner's role rule`).toBe('ok');
      const roleStatus = (role: Person) => (outcomes[role] === 'ok' ? expected.owner : 403);
      const callAsPerson = async (role: Person) => {
        const outcome = outcomes[role];
        const label = `${role} of the owner's company`;
        // An allowed write gets a resource of its own (the row's make again): the owner's stays as it was.
        const own = row.method !== 'GET' && isOk(roleStatus(role)) ? await (row.make ?? (() => c))(w) : c;
        const reply = await send(t.app, row.method, own.request('owner'), await tokenOf(w.people[role]));
        expect(reply.status, `${where(label)}: ${reply.text.slice(0, 300)}`).toBe(roleStatus(role));
        noLeak('owner', label, reply.text);
        if (outcome !== 'ok')
          expect(
            (JSON.parse(reply.text) as { msg: string }).msg,
            `${where(label)}: the refusal's message`,
          ).toBe(translate(DEFAULT_LOCALE, outcome));
        const shown = row.shows?.owner;
        if (shown && isOk(reply.status))
          expect(
            reply.text.includes(w.mark('owner', shown)),
            `${where(label)} shows the owner's ${shown}`,
          ).toBe(true);
        if (own === c) await unchanged(label);
      };

      // Refusals first, then the allowed calls, the owner's own last.
      const order: Who[] = ['other', 'forwarder', 'owner'];
      for (const role of PEOPLE.filter((r) => !isOk(roleStatus(r)))) await callAsPerson(role);
      for (const who of order.filter((a) => !isOk(expected[a]))) await callAs(who);
      for (const role of PEOPLE.filter((r) => isOk(roleStatus(r)))) await callAsPerson(role);
      for (const who of order.filter((a) => isOk(expected[a]))) await callAs(who);
    });
  }
});
