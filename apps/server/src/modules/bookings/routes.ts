import {
  bookingDetail,
  bookingDocking,
  bookingDocument,
  bookingForm,
  bookingInput,
  bookingQuery,
  bookingRow,
  bookingShipment,
  cancelManyInput,
  confirmSiInput,
  errorEnvelope,
  idParams,
  submitQuery,
  listOf,
  okEnvelope,
  reasonInput,
  releaseInput,
  shipInput,
  shipmentInput,
} from '@freight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { authenticated, currentUser } from '../auth/hook.js';
import { documentRoutes } from './document-routes.js';
import { listDocuments } from './documents.js';
import {
  acceptBooking,
  cancelBooking,
  cancelBookings,
  changeBooking,
  confirmShipment,
  copyBooking,
  createBooking,
  submitBooking,
  deleteBooking,
  exportBookings,
  getBookingDetail,
  getBookingForm,
  getDocking,
  getShipment,
  listBookings,
  markShipped,
  releaseSpace,
  submitShipment,
  voidBooking,
} from './service.js';

const failures = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Bookings (issue 6): the member's side (authority order, own bookings only), the forwarder's side
 * (authority rate, bookings addressed to them only) and booking documents (either side). Anyone
 * else's booking answers 404.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, storage } = app.deps;
  const member = authenticated({ all: ['order'] });
  const forwarder = authenticated({ all: ['rate'] });
  const party = authenticated({ some: ['order', 'rate'] });
  const tags = ['bookings'];
  const detail = { 200: okEnvelope(bookingDetail), ...failures };

  /* ---------- reading, either side: the list, its .xlsx export and one booking ---------- */

  const sides = [
    {
      party: 'member',
      prefix: '/order',
      preValidation: member,
      who: 'The member’s bookings',
      file: 'bookings.xlsx',
    },
    {
      party: 'forwarder',
      prefix: '/forwarder/order',
      preValidation: forwarder,
      who: 'Bookings addressed to the forwarder',
      file: 'received-bookings.xlsx',
    },
  ] as const;
  for (const side of sides) {
    app.get(
      side.prefix,
      {
        preValidation: side.preValidation,
        schema: {
          tags,
          summary: `${side.who}, newest first, filtered`,
          querystring: bookingQuery,
          response: { 200: okEnvelope(listOf(bookingRow)), ...failures },
        },
      },
      async (request) =>
        ok(
          await listBookings({
            db,
            party: side.party,
            viewerId: currentUser(request).id,
            authorities: currentUser(request).authorities,
            query: request.query,
            locale: request.locale,
          }),
        ),
    );
    app.get(
      `${side.prefix}/export`,
      {
        preValidation: side.preValidation,
        schema: {
          tags,
          summary: `${side.who}, filtered, as .xlsx (headers in the Lang)`,
          querystring: bookingQuery,
        },
      },
      async (request, reply) => {
        const file = await exportBookings({
          db,
          party: side.party,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          query: request.query,
          locale: request.locale,
        });
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${side.file}"`)
          .header('cache-control', 'private, no-store')
          .send(file);
      },
    );
    app.get(
      `${side.prefix}/:id`,
      {
        preValidation: side.preValidation,
        schema: {
          tags,
          summary: 'A booking with its timeline, documents and totals',
          params: idParams,
          response: detail,
        },
      },
      async (request) =>
        ok(
          await getBookingDetail({
            db,
            party: side.party,
            viewerId: currentUser(request).id,
            authorities: currentUser(request).authorities,
            id: request.params.id,
            locale: request.locale,
          }),
        ),
    );
  }

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
        body: bookingInput,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await createBooking({
          db,
          mailer,
          log: request.log,
          viewer: currentUser(request),
          input: request.body,
          submit: request.query.submit,
          locale: request.locale,
        }),
      ),
  );
  app.get(
    '/order/booking/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'A booking as the form edits it (edit and copy)',
        params: idParams,
        response: { 200: okEnvelope(bookingForm), ...failures },
      },
    },
    async (request) =>
      ok(
        await getBookingForm({
          db,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          id: request.params.id,
          locale: request.locale,
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
        body: bookingInput,
        response: detail,
      },
    },
    async (request) =>
      ok(
        await changeBooking({
          db,
          mailer,
          log: request.log,
          viewer: currentUser(request),
          id: request.params.id,
          input: request.body,
          submit: request.query.submit,
          locale: request.locale,
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
          mailer,
          log: request.log,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          id: request.params.id,
          locale: request.locale,
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
          mailer,
          log: request.log,
          viewer: currentUser(request),
          id: request.params.id,
          locale: request.locale,
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
        response: { 200: okEnvelope(z.object({ cancelled: z.number() })), ...failures },
      },
    },
    async (request) =>
      ok(
        await cancelBookings({
          db,
          mailer,
          log: request.log,
          viewerId: currentUser(request).id,
          ids: request.body.ids,
          reason: request.body.reason,
          locale: request.locale,
        }),
      ),
  );
  app.get(
    '/order/docking/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Liaison: the forwarder’s contact and the vessel schedule',
        params: idParams,
        response: { 200: okEnvelope(bookingDocking), ...failures },
      },
    },
    async (request) =>
      ok(
        await getDocking({
          db,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          id: request.params.id,
          locale: request.locale,
        }),
      ),
  );
  app.get(
    '/order/document/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'The documents of booking {id} (its member or its forwarder)',
        params: idParams,
        response: { 200: okEnvelope(listOf(bookingDocument)), ...failures },
      },
    },
    async (request) =>
      ok(
        await listDocuments({
          db,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          bookingId: request.params.id,
          locale: request.locale,
        }),
      ),
  );
  app.get(
    '/order/shipment/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'Shipping instructions: what was booked and the instructions so far',
        params: idParams,
        response: { 200: okEnvelope(bookingShipment), ...failures },
      },
    },
    async (request) =>
      ok(
        await getShipment({
          db,
          viewerId: currentUser(request).id,
          id: request.params.id,
          locale: request.locale,
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
          mailer,
          log: request.log,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          id: request.params.id,
          input: request.body,
          locale: request.locale,
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
          mailer,
          log: request.log,
          viewerId: currentUser(request).id,
          authorities: currentUser(request).authorities,
          id: request.params.id,
          reason: request.body.reason,
          locale: request.locale,
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
        response: { 200: okEnvelope(z.object({ deleted: z.number() })), ...failures },
      },
    },
    async (request) =>
      ok(
        await deleteBooking({
          db,
          storage,
          viewerId: currentUser(request).id,
          id: request.params.id,
          locale: request.locale,
        }),
      ),
  );

  /* ---------- forwarder ---------- */

  const common = (request: Parameters<typeof currentUser>[0], id: number) => ({
    db,
    mailer,
    log: request.log,
    viewerId: currentUser(request).id,
    authorities: currentUser(request).authorities,
    id,
    locale: request.locale,
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

  /* ---------- documents and attachments ---------- */

  await app.register(documentRoutes);
};
