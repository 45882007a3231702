import {
  acceptInvitationBody,
  errorEnvelope,
  idParams,
  INVITATION,
  invitationInfo,
  invitationRow,
  inviteBody,
  loginReply,
  myAccountBody,
  myPasswordBody,
  okEnvelope,
  roleBody,
  TEAM_AUTHORITY,
  teamMember,
  teamReply,
  transferBody,
} from '@freight/contract';
import {
  conflictFailure,
  memberFailures,
  ownedFailures,
  publicFailures,
  signedInFailures,
  throttleFailure,
} from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { acceptInvitation, invitationInfo as readInvitation, invite, resend, revoke } from './invitations.js';
import { changeMyPassword, updateMe } from './me.js';
import { changeRole, getTeam, removeMember, transferOwnership } from './service.js';

const tokenParams = z.object({ token: z.string().max(100) });

/**
 * The team of a company: its people, roles and invitations, for owners and admins
 * (authority `team`, managing roles); the public invitation page; the signed-in person's own
 * name, language and password.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, kv } = app.deps;
  const tags = ['team'];
  const manager = authenticated({ all: [TEAM_AUTHORITY], manage: true });
  app.get(
    '/team',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'The people of the company, its pending invitations and the roles the caller may give',
        response: { 200: okEnvelope(teamReply), ...memberFailures },
      },
    },
    async (request) => ok(await getTeam({ db, context: contextOf(request) })),
  );

  app.post(
    '/team/invitations',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: `Invite an e-mail address with a role (mailed in \`language\`, else the request's; at most ${INVITATION.perHour} an hour per company)`,
        body: inviteBody,
        response: {
          200: okEnvelope(invitationRow),
          ...memberFailures,
          ...conflictFailure,
          ...throttleFailure,
        },
      },
    },
    async (request) => {
      const { row } = await invite({ db, config, kv, context: contextOf(request), ...request.body });
      return ok(row);
    },
  );

  app.post(
    '/team/invitations/:id/resend',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Send a pending invitation again, with a new link valid a week (the old link stops working)',
        params: idParams,
        response: { 200: okEnvelope(invitationRow), ...ownedFailures, ...throttleFailure },
      },
    },
    async (request) => {
      const { row } = await resend({ db, config, kv, context: contextOf(request), id: request.params.id });
      return ok(row);
    },
  );

  app.delete(
    '/team/invitations/:id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params: idParams,
        response: { 200: okEnvelope(z.null()), ...ownedFailures },
      },
    },
    async (request) => {
      await revoke({ db, context: contextOf(request), id: request.params.id });
      return ok(null);
    },
  );

  app.put(
    '/team/members/:id/role',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: "Change a person's role (their sessions end); the last owner keeps the role",
        params: idParams,
        body: roleBody,
        response: { 200: okEnvelope(teamMember), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await changeRole({
          db,
          context: contextOf(request),
          personId: request.params.id,
          role: request.body.role,
        }),
      ),
  );

  app.delete(
    '/team/members/:id',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Remove a person from the company (their login and sessions end); not the last owner',
        params: idParams,
        response: { 200: okEnvelope(z.null()), ...ownedFailures },
      },
    },
    async (request) => {
      await removeMember({ db, context: contextOf(request), personId: request.params.id });
      return ok(null);
    },
  );

  app.post(
    '/team/transfer',
    {
      preValidation: manager,
      schema: {
        tags,
        summary: 'Owners: make another person of the company owner; the caller becomes an admin',
        body: transferBody,
        response: { 200: okEnvelope(z.null()), ...ownedFailures },
      },
    },
    async (request) => {
      await transferOwnership({
        db,
        context: contextOf(request),
        sessionId: request.sessionId ?? undefined,
        personId: request.body.person_id,
      });
      return ok(null);
    },
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'Public: what an invitation link offers (company, address, role, inviter, expiry)',
        params: tokenParams,
        response: {
          200: okEnvelope(invitationInfo),
          ...publicFailures,
          404: errorEnvelope,
          ...throttleFailure,
        },
      },
    },
    async (request) =>
      ok(
        await readInvitation({
          db,
          config,
          kv,
          token: request.params.token,
          address: request.ip,
          locale: request.locale,
        }),
      ),
  );

  app.post(
    '/invitations/accept',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary:
          'Public: join with the invitation, as a new login (name, password) or with the existing login of the invited address (its password); signs in',
        body: acceptInvitationBody,
        response: {
          200: okEnvelope(loginReply),
          ...publicFailures,
          403: errorEnvelope,
          404: errorEnvelope,
          ...conflictFailure,
          ...throttleFailure,
        },
      },
    },
    async (request) =>
      ok(
        await acceptInvitation({
          db,
          config,
          kv,
          body: request.body,
          address: request.ip,
          locale: request.locale,
          log: request.log,
        }),
      ),
  );

  app.put(
    '/me',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags,
        summary: 'The signed-in person: change their own name or language',
        body: myAccountBody,
        response: { 200: okEnvelope(z.null()), ...signedInFailures },
      },
    },
    async (request) => {
      await updateMe({ db, context: contextOf(request), body: request.body });
      return ok(null);
    },
  );

  app.put(
    '/me/password',
    {
      preValidation: authenticated({ personal: true }),
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary:
          "The signed-in person's new password, with the current one; their other sessions end and they are mailed",
        body: myPasswordBody,
        response: { 200: okEnvelope(z.null()), ...signedInFailures, ...throttleFailure },
      },
    },
    async (request) => {
      await changeMyPassword({
        db,
        kv,
        context: contextOf(request),
        sessionId: request.sessionId ?? undefined,
        address: request.ip,
        body: request.body,
      });
      return ok(null);
    },
  );
};
