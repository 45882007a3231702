import {
  dictionaryItem,
  errorEnvelope,
  dictionaryQuery,
  listOf,
  okEnvelope,
  siteConfig,
} from '@freight/contract';
import { publicFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { getDictionary, getSiteConfig } from './service.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Site configuration, typed, keyed by entry name',
        response: { 200: okEnvelope(siteConfig) },
      },
    },
    async (request) => ok(await getSiteConfig({ db: app.deps.db, log: request.log })),
  );

  app.get(
    '/system/dictionary',
    {
      schema: {
        tags: ['system'],
        summary:
          'Entries of one dictionary (booking statuses, container modes, contact types, Incoterms, app modes)',
        querystring: dictionaryQuery,
        response: { 200: okEnvelope(listOf(dictionaryItem)), ...publicFailures },
      },
    },
    async (request) =>
      ok(await getDictionary({ db: app.deps.db, field: request.query.field, locale: request.locale })),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: okEnvelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers (503 when it does not, or while the instance drains)',
        response: {
          200: okEnvelope(z.object({ status: z.literal('ready'), database: z.string() })),
          503: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      if (app.lifecycle.draining || !(await app.deps.database.ping())) {
        return reply.status(503).send({ code: 1, msg: request.t('errors.serviceUnavailable') });
      }
      return ok({ status: 'ready' as const, database: app.deps.database.kind });
    },
  );
};
