import {
  mailPreferences,
  mailPreferencesBody,
  okEnvelope,
  resubscribeBody,
  unsubscribeInfo,
  unsubscribeQuery,
} from '@freight/contract';
import { publicFailures, signedInFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { describeUnsubscribe, getPreferences, resubscribe, setPreferences, unsubscribe } from './service.js';

/**
 * E-mail preferences: the signed-in person's own, for every role (`personal`,
 * like their name and password), and the public one-click unsubscribe of the links in mails.
 */
export const mailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tags = ['mail preferences'];
  const key = config.unsubscribeHmacKey;

  app.get(
    '/me/mail-preferences',
    {
      preValidation: authenticated(),
      schema: {
        tags,
        summary: 'Which events also e-mail the signed-in person: off, immediate or in a daily digest',
        response: { 200: okEnvelope(mailPreferences), ...signedInFailures },
      },
    },
    async (request) => ok(await getPreferences({ db, context: contextOf(request) })),
  );
  app.put(
    '/me/mail-preferences',
    {
      preValidation: authenticated({ personal: true }),
      schema: {
        tags,
        summary: "Changes the given events of the person's own e-mail preferences",
        body: mailPreferencesBody,
        response: { 200: okEnvelope(mailPreferences), ...signedInFailures },
      },
    },
    async (request) => ok(await setPreferences({ db, context: contextOf(request), body: request.body })),
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, null),
  );
  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What a signed unsubscribe link stops (changes nothing)',
        querystring: unsubscribeQuery,
        response: { 200: okEnvelope(unsubscribeInfo), ...publicFailures },
      },
    },
    async (request) => ok(await describeUnsubscribe({ db, key, token: request.query.token })),
  );
  app.post(
    '/unsubscribe',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058) with a signed link, without a login',
        querystring: unsubscribeQuery,
        response: { 200: okEnvelope(unsubscribeInfo), ...publicFailures },
      },
    },
    async (request) => ok(await unsubscribe({ db, key, token: request.query.token })),
  );
  app.post(
    '/unsubscribe/undo',
    {
      bodyLimit: 4096,
      schema: {
        tags,
        summary: 'Undo an unsubscribe with the same signed link: its events come back as they were',
        querystring: unsubscribeQuery,
        body: resubscribeBody,
        response: { 200: okEnvelope(unsubscribeInfo), ...publicFailures },
      },
    },
    async (request) => ok(await resubscribe({ db, key, token: request.query.token, body: request.body })),
  );
};
