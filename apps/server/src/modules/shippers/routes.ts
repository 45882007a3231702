import { idParams, listOf, okEnvelope, shipper, shipperQuery } from '@freight/contract';
import { memberFailures, ownedFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.js';
import { authenticated } from '../auth/hook.js';
import { getShipper, listShippers } from './service.js';

/** The shipper alliance directory (role shipper), at /shipper and, as the spec also lists, /customer. */
export const shipperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const member = authenticated({ all: ['shipper'] });
  for (const base of ['/shipper', '/customer']) {
    app.get(
      base,
      {
        preValidation: member,
        schema: {
          tags: ['directory'],
          summary: 'Listed forwarders, by company name, business, port and route',
          querystring: shipperQuery,
          response: { 200: okEnvelope(listOf(shipper)), ...memberFailures },
        },
      },
      async (request) => ok(await listShippers({ db, query: request.query, locale: request.locale })),
    );
    app.get(
      `${base}/:id`,
      {
        preValidation: member,
        schema: {
          tags: ['directory'],
          summary: 'One listed forwarder',
          params: idParams,
          response: { 200: okEnvelope(shipper), ...ownedFailures },
        },
      },
      async (request) => ok(await getShipper({ db, id: request.params.id, locale: request.locale })),
    );
  }
};
