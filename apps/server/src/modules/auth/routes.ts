import {
  captchaReply,
  forgetQuery,
  loginBody,
  loginReply,
  okEnvelope,
  passwordResetBody,
  proofOfWorkChallenge,
  proofOfWorkQuery,
} from '@freight/contract';
import { publicFailures, signedInFailures, throttleFailure } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { issueCaptcha } from './captcha.js';
import { authenticated } from './hook.js';
import { issueProofOfWork } from './proof-of-work.js';
import { login, requestResetCode, resetPassword } from './service.js';
import { proofLevel } from './throttle.js';
import { endSession } from './sessions.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, kv } = app.deps;

  app.get(
    '/system/captcha',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A new captcha (a distorted PNG as a data URI, 240 × 80 shown at 120 × 40); single use, 5 minutes',
        response: { 200: okEnvelope(captchaReply) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueCaptcha({ kv, fixed: config.captchaFixed }));
    },
  );

  app.get(
    '/system/altcha',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A proof-of-work challenge (ALTCHA, PBKDF2/SHA-256) for login, registration and the reset-code request; 10 minutes, single use. Its work (data.level) doubles with each recent failed login of the client address or of the username named, up to a cap',
        querystring: proofOfWorkQuery,
        response: { 200: okEnvelope(proofOfWorkChallenge), ...publicFailures },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const username = request.query.username?.toLowerCase() || undefined;
      const level = await proofLevel(kv, request.ip, username);
      return ok(await issueProofOfWork({ config, level }));
    },
  );

  app.post(
    '/system/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Log in with username (e-mail), password, captcha and the solved proof of work (altcha); answers a bearer token',
        body: loginBody,
        response: { 200: okEnvelope(loginReply), ...publicFailures, ...throttleFailure },
      },
    },
    async (request) =>
      ok(await login({ db, config, kv, body: request.body, address: request.ip, log: request.log })),
  );

  app.post(
    '/system/logout',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 200: okEnvelope(z.null()), ...signedInFailures },
      },
    },
    async (request) => {
      await endSession({ db, token: request.bearerToken ?? '' });
      return ok(null);
    },
  );

  app.get(
    '/system/forget',
    {
      schema: {
        tags: ['auth'],
        summary:
          'E-mail a 6-digit password reset code and a single-use link (same answer, in the same time, whether or not the account exists); needs the solved proof of work (altcha)',
        querystring: forgetQuery,
        response: { 200: okEnvelope(z.null()), ...publicFailures, ...throttleFailure },
      },
    },
    async (request) => {
      const deliver = await requestResetCode({
        db,
        config,
        kv,
        username: request.query.username,
        altcha: request.query.altcha,
        locale: request.locale,
      });
      // After the reply: a real account's lookup and mail must not make its reply slower than a
      // stranger's (account discovery by timing).
      setImmediate(() => {
        deliver().catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      });
      return ok(null);
    },
  );

  app.post(
    '/system/password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with the e-mailed code or the token of its link; ends every session of the account',
        body: passwordResetBody,
        response: { 200: okEnvelope(z.null()), ...publicFailures, ...throttleFailure },
      },
    },
    async (request) => {
      await resetPassword({ db, config, kv, body: request.body, address: request.ip });
      return ok(null);
    },
  );
};
