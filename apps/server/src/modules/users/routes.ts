import { IMAGE_MAX_BYTES, loginReply, okEnvelope, userInfo } from '@freight/contract';
import {
  conflictFailure,
  memberFailures,
  publicFailures,
  signedInFailures,
  throttleFailure,
  uploadFailures,
} from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../platform/multipart.js';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { startSession } from '../auth/sessions.js';
import { updateProfile } from './profile.js';
import { register } from './registration.js';
import { getUserInfo } from './service.js';

const IMAGE_FIELDS = ['license', 'logo'] as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage, kv } = app.deps;

  app.post(
    '/userinfo',
    {
      schema: {
        tags: ['users'],
        summary:
          'Register a member company (multipart: the registration fields with captcha_id, captcha and the solved proof of work altcha, plus optional license and logo images); 10 attempts an hour per client address',
        consumes: ['multipart/form-data'],
        response: {
          200: okEnvelope(loginReply.extend({ id: z.number(), username: z.string() })),
          ...publicFailures,
          ...conflictFailure,
          ...uploadFailures,
          ...throttleFailure,
        },
      },
    },
    async (request) => {
      const form = await readMultipart(request, {
        fileFields: IMAGE_FIELDS,
        maxFileBytes: IMAGE_MAX_BYTES,
        tooLargeKey: 'account.imageSize',
      });
      const user = await register({
        db,
        storage,
        kv,
        config,
        address: request.ip,
        locale: request.locale,
        fields: form.fields,
        files: form.files,
      });
      // The new member is signed in at once: the success dialog's OK goes to the portal.
      const token = await startSession({ db, config, personId: user.personId });
      return ok({ id: user.id, username: user.username, token });
    },
  );

  app.get(
    '/userinfo',
    {
      preValidation: authenticated(),
      schema: {
        tags: ['users'],
        summary: 'The signed-in member: profile and authorities',
        response: { 200: okEnvelope(userInfo), ...signedInFailures },
      },
    },
    async (request) => ok(await getUserInfo({ db, context: contextOf(request) })),
  );

  app.put(
    '/userinfo',
    {
      preValidation: authenticated({ all: ['user'], manage: true }),
      schema: {
        tags: ['users'],
        summary:
          "Update the company profile (JSON, or multipart with new license/logo images; owners and admins); a new password is the signed-in person's, needs current_password, ends their other sessions and mails them",
        response: { 200: okEnvelope(userInfo), ...memberFailures, ...conflictFailure, ...uploadFailures },
      },
    },
    async (request) => {
      const context = contextOf(request);
      // JSON, or a form with new images: the service reads either (profileUpdateOf).
      const sent = request.isMultipart()
        ? {
            form: await readMultipart(request, {
              fileFields: IMAGE_FIELDS,
              maxFileBytes: IMAGE_MAX_BYTES,
              tooLargeKey: 'account.imageSize',
            }),
          }
        : { json: request.body };
      await updateProfile({
        db,
        storage,
        kv,
        userId: context.companyId,
        personId: context.personId,
        sessionId: request.sessionId ?? undefined,
        address: request.ip,
        sent,
        log: context.log,
      });
      return ok(await getUserInfo({ db, context }));
    },
  );
};
