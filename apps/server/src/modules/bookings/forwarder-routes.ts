import { mailLinks } from '../mail-preferences/service.js';
import { confirmSiInput, idParams, reasonInput, releaseInput, shipInput } from '@freight/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.js';
import { authenticated } from '../auth/hook.js';
import { askerOf, detailReplies as detail } from './route-common.js';
import { acceptBooking, confirmShipment, markShipped, releaseSpace, voidBooking } from './service.js';

/** The forwarder's actions on bookings addressed to it (authority rate); each answers the detail. */
export const forwarderBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const links = mailLinks(config);
  const forwarder = authenticated({ all: ['rate'] });
  const tags = ['bookings'];

  const common = (request: FastifyRequest, id: number) => ({
    db,
    links,
    log: request.log,
    ...askerOf(request),
    id,
  });
  app.post(
    '/forwarder/order/:id/accept',
    {
      preValidation: forwarder,
      schema: { tags, summary: 'Accept a booking (0 → 1)', params: idParams, response: detail },
    },
    async (request) => ok(await acceptBooking(common(request, request.params.id))),
  );
  app.post(
    '/forwarder/order/:id/release',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Release space with SO number, vessel, voyage, ETD/ETA and cut-offs (1 → 2)',
        params: idParams,
        body: releaseInput,
        response: detail,
      },
    },
    async (request) => ok(await releaseSpace({ ...common(request, request.params.id), input: request.body })),
  );
  app.post(
    '/forwarder/order/:id/confirm-si',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Confirm shipping instructions received outside the portal (2 → 3)',
        params: idParams,
        body: confirmSiInput.nullish(),
        response: detail,
      },
    },
    async (request) =>
      ok(
        await confirmShipment({ ...common(request, request.params.id), reason: request.body?.reason ?? '' }),
      ),
  );
  app.post(
    '/forwarder/order/:id/ship',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Mark shipped with the B/L number (3 → 5)',
        params: idParams,
        body: shipInput,
        response: detail,
      },
    },
    async (request) =>
      ok(await markShipped({ ...common(request, request.params.id), blNo: request.body.bl_no })),
  );
  app.post(
    '/forwarder/order/:id/void',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Void a booking with a reason (→ 40)',
        params: idParams,
        body: reasonInput,
        response: detail,
      },
    },
    async (request) =>
      ok(await voidBooking({ ...common(request, request.params.id), reason: request.body.reason })),
  );
};
