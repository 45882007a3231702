import { activityQuery, activityReply, okEnvelope } from '@freight/contract';
import { fileReply, memberFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { exportActivity, listActivity } from './service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The company's activity trail: its owners and admins (authority team) read it. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const team = authenticated({ all: ['team'] });
  const tags = ['activity'];

  app.get(
    '/activity',
    {
      preValidation: team,
      schema: {
        tags,
        summary:
          "A page of the company's activity trail, newest first, filtered by person, kind and UTC days",
        querystring: activityQuery,
        response: { 200: okEnvelope(activityReply), ...memberFailures },
      },
    },
    async (request) =>
      ok(await listActivity({ db, companyId: contextOf(request).companyId, query: request.query })),
  );
  app.get(
    '/activity/export',
    {
      preValidation: team,
      schema: {
        tags,
        summary: 'The filtered activity trail as .xlsx (headers in the Lang), at most 10,000 rows',
        querystring: activityQuery,
        response: { 200: fileReply(XLSX_TYPE), ...memberFailures },
      },
    },
    async (request, reply) => {
      const file = await exportActivity({
        db,
        companyId: contextOf(request).companyId,
        query: request.query,
        locale: request.locale,
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="activity.xlsx"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
