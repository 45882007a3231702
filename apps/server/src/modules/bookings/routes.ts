import { mailLinks } from '../mail-preferences/service.js';
import {
  bookingDraftInput,
  cancelManyInput,
  idParams,
  okEnvelope,
  reasonInput,
  shipmentInput,
  submitQuery,
} from '@freight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { authenticated } from '../auth/hook.js';
import { documentRoutes } from './document-routes.js';
import { forwarderBookingRoutes } from './forwarder-routes.js';
import { bookingReadingRoutes } from './reading-routes.js';
import { askerOf, bookerOf, detailReplies as detail, bookingFailures } from './route-common.js';
import {
  cancelBooking,
  cancelBookings,
  changeBooking,
  copyBooking,
  createBooking,
  deleteBooking,
  submitBooking,
  submitShipment,
} from './service.js';

/**
 * Bookings: the member's side (authority order, own bookings only), the forwarder's side
 * (authority rate, bookings addressed to them only) and booking documents (either side). Anyone
 * else's booking answers 404. This file holds the member's writes; reading-routes.ts the reads of
 * either side, forwarder-routes.ts the forwarder's actions, document-routes.ts the files.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const links = mailLinks(config);
  const member = authenticated({ all: ['order'] });
  const tags = ['bookings'];

  await app.register(bookingReadingRoutes);

  /* ---------- member ---------- */

  app.post(
    '/order/booking',
    {
      preValidation: member,
      schema: {
        tags,
        summary:
          'Save a new FCL or LCL booking as a draft (status 0, mails nobody); ?submit=true also submits it to the forwarder (status 1)',
        querystring: submitQuery,
        body: bookingDraftInput,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await createBooking({
          db,
          links,
          log: request.log,
          ...bookerOf(request),
          input: request.body,
          submit: request.query.submit,
        }),
      ),
  );
  app.put(
    '/order/booking/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Change a draft (status 0; 409 otherwise); ?submit=true also submits it to the forwarder',
        params: idParams,
        querystring: submitQuery,
        body: bookingDraftInput,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await changeBooking({
          db,
          links,
          log: request.log,
          ...bookerOf(request),
          id: request.params.id,
          input: request.body,
          submit: request.query.submit,
        }),
      ),
  );
  app.post(
    '/order/:id/submit',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Submit a draft to its forwarder (0 → 1); the forwarder is mailed',
        params: idParams,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await submitBooking({
          db,
          links,
          log: request.log,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.post(
    '/order/:id/copy',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Copy a booking into a new one (status 0, new order number)',
        params: idParams,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await copyBooking({
          db,
          links,
          log: request.log,
          ...bookerOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.put(
    '/order/cancel',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Cancel several bookings with one reason; all or nothing',
        body: cancelManyInput,
        response: { 200: okEnvelope(z.object({ cancelled: z.number() })), ...bookingFailures },
      },
    },
    async (request) =>
      ok(
        await cancelBookings({
          db,
          links,
          log: request.log,
          ...askerOf(request),
          ids: request.body.ids,
          reason: request.body.reason,
        }),
      ),
  );
  app.put(
    '/order/shipment/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Submit shipping instructions; only at status 2, moves the booking to 3',
        params: idParams,
        body: shipmentInput,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await submitShipment({
          db,
          links,
          log: request.log,
          ...askerOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
  );
  app.post(
    '/order/:id/cancel',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Cancel a booking with a reason, while not yet shipped',
        params: idParams,
        body: reasonInput,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await cancelBooking({
          db,
          links,
          log: request.log,
          ...askerOf(request),
          id: request.params.id,
          reason: request.body.reason,
        }),
      ),
  );
  app.delete(
    '/order/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Delete a booking; only at status 0 (409 otherwise)',
        params: idParams,
        response: { 200: okEnvelope(z.object({ deleted: z.number() })), ...bookingFailures },
      },
    },
    async (request) =>
      ok(
        await deleteBooking({
          db,
          storage,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );

  await app.register(forwarderBookingRoutes);
  await app.register(documentRoutes);
};
