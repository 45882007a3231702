import {
  listOf,
  locationItem,
  locationQuery,
  okEnvelope,
  REFERENCE_LISTS,
  referenceItem,
  referenceQuery,
} from '@freight/contract';
import { memberFailures, publicFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.js';
import { authenticated } from '../auth/hook.js';
import { searchLocations } from './locations.js';
import { listReference } from './service.js';

/**
 * GET /api/<list> for every reference list. They are public (the register page needs
 * them) except the forwarder list: forwarder identities are for members holding quote_forwarder.
 * GET /api/location searches the ports and the inland points together (locations.ts).
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const list of REFERENCE_LISTS) {
    app.get(
      `/${list}`,
      {
        ...(list === 'forwarder' ? { preValidation: authenticated({ all: ['quote_forwarder'] }) } : {}),
        schema: {
          tags: ['reference'],
          summary: `Reference list: ${list}`,
          querystring: referenceQuery,
          response: {
            200: okEnvelope(listOf(referenceItem)),
            ...(list === 'forwarder' ? memberFailures : publicFailures),
          },
        },
      },
      async (request) =>
        ok(await listReference({ db: app.deps.db, list, query: request.query, locale: request.locale })),
    );
  }

  // Public like the port list: the places a booking's place of receipt or delivery is picked from.
  app.get(
    '/location',
    {
      schema: {
        tags: ['reference'],
        summary: 'Ports and inland points by UN/LOCODE or name',
        querystring: locationQuery,
        response: { 200: okEnvelope(listOf(locationItem)), ...publicFailures },
      },
    },
    async (request) =>
      ok(await searchLocations({ db: app.deps.db, query: request.query, locale: request.locale })),
  );
};
