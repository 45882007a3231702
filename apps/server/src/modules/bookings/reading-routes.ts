import {
  bookingDocking,
  bookingDocument,
  bookingForm,
  bookingQuery,
  bookingRow,
  bookingShipment,
  idParams,
  listOf,
  okEnvelope,
} from '@freight/contract';
import { fileReply, memberFailures, ownedFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply.js';
import { authenticated } from '../auth/hook.js';
import { listDocuments } from './documents.js';
import { askerOf, detailReplies } from './route-common.js';
import {
  exportBookings,
  getBookingDetail,
  getBookingForm,
  getDocking,
  getShipment,
  listBookings,
} from './service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Reading bookings: either side's list, its .xlsx export and one booking; the member's form data,
 * liaison and SI data; a booking's documents (its member or its forwarder).
 */
export const bookingReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const member = authenticated({ all: ['order'] });
  const forwarder = authenticated({ all: ['rate'] });
  const party = authenticated({ some: ['order', 'rate'] });
  const tags = ['bookings'];

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
          response: { 200: okEnvelope(listOf(bookingRow)), ...memberFailures },
        },
      },
      async (request) =>
        ok(
          await listBookings({
            db,
            party: side.party,
            ...askerOf(request),
            query: request.query,
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
          response: { 200: fileReply(XLSX_TYPE), ...memberFailures },
        },
      },
      async (request, reply) => {
        const file = await exportBookings({
          db,
          party: side.party,
          ...askerOf(request),
          query: request.query,
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
          response: detailReplies,
        },
      },
      async (request) =>
        ok(
          await getBookingDetail({
            db,
            party: side.party,
            ...askerOf(request),
            id: request.params.id,
          }),
        ),
    );
  }

  /* ---------- the member's form, liaison and SI data; documents of either side ---------- */

  app.get(
    '/order/booking/:id',
    {
      preValidation: member,
      schema: {
        tags,
        summary: 'A booking as the form edits it (edit and copy)',
        params: idParams,
        response: { 200: okEnvelope(bookingForm), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getBookingForm({
          db,
          ...askerOf(request),
          id: request.params.id,
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
        response: { 200: okEnvelope(bookingDocking), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getDocking({
          db,
          ...askerOf(request),
          id: request.params.id,
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
        response: { 200: okEnvelope(listOf(bookingDocument)), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await listDocuments({
          db,
          ...askerOf(request),
          bookingId: request.params.id,
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
        response: { 200: okEnvelope(bookingShipment), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getShipment({
          db,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
};
