import {
  attachment,
  attachmentParams,
  attachmentQuery,
  bookingDocument,
  DOCUMENT_MAX_BYTES,
  idParams,
  listOf,
  okEnvelope,
} from '@freight/contract';
import type { FastifyReply } from 'fastify';
import { ownedFailures, uploadFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../platform/multipart.js';
import { ok } from '../../platform/reply.js';
import { authenticated } from '../auth/hook.js';
import {
  downloadAttachment,
  getAttachment,
  listAttachments,
  removeAttachment,
  uploadAttachment,
} from './attachments.js';
import {
  attachmentDisposition,
  downloadDocument,
  getDocument,
  removeDocument,
  uploadDocument,
} from './documents.js';
import { askerOf, bookingFailures } from './route-common.js';

/** A stored file as a download: never shown inline, never sniffed, never cached. */
function sendFile(reply: FastifyReply, file: { data: Buffer; contentType: string; fileName: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/**
 * Booking documents (the booking's member or its forwarder) and attachments (files of their
 * uploader alone, not tied to a booking). Both sides hold
 * authority `order` or `rate`.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const party = authenticated({ some: ['order', 'rate'] });
  const tags = ['bookings'];

  app.post(
    '/attachment',
    {
      preValidation: party,
      schema: {
        tags,
        summary:
          'Upload a booking document (multipart: file, order_id, document_type, description) or, with only a file, an attachment; pdf, jpg, png, xlsx, xls, docx, doc by content, at most 20 MB',
        consumes: ['multipart/form-data'],
        response: {
          200: okEnvelope(z.object({ file: z.union([bookingDocument, attachment]) })),
          ...bookingFailures,
          ...uploadFailures,
        },
      },
    },
    async (request) => {
      const form = await readMultipart(request, {
        fileFields: ['file'],
        maxFileBytes: DOCUMENT_MAX_BYTES,
        tooLargeKey: 'booking.documentTooLarge',
      });
      const common = { db, storage, ...askerOf(request), form };
      // A form naming a booking or a document type is a document; a bare file is an attachment.
      const isDocument = 'order_id' in form.fields || 'document_type' in form.fields;
      return ok({ file: isDocument ? await uploadDocument(common) : await uploadAttachment(common) });
    },
  );

  /* ---------- attachments ---------- */

  app.get(
    '/attachment',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'The viewer’s own attachments (files not tied to a booking), newest first',
        querystring: attachmentQuery,
        response: { 200: okEnvelope(listOf(attachment)), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await listAttachments({
          db,
          ...askerOf(request),
          page: request.query.page,
          size: request.query.size,
        }),
      ),
  );
  app.get(
    '/attachment/download/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'Download one of the viewer’s attachments (as an attachment)',
        params: attachmentParams,
        response: ownedFailures,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await downloadAttachment({
          db,
          storage,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.get(
    '/attachment/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'One of the viewer’s attachments (404 for anyone else’s)',
        params: attachmentParams,
        response: { 200: okEnvelope(attachment), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getAttachment({
          db,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.delete(
    '/attachment/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'Delete one of the viewer’s attachments (404 for anyone else’s)',
        params: attachmentParams,
        response: { 200: okEnvelope(z.object({ deleted: z.number() })), ...bookingFailures },
      },
    },
    async (request) =>
      ok(
        await removeAttachment({
          db,
          storage,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );

  /* ---------- booking documents ---------- */

  app.get(
    '/document/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'One booking document',
        params: idParams,
        response: { 200: okEnvelope(bookingDocument), ...bookingFailures },
      },
    },
    async (request) =>
      ok(
        await getDocument({
          db,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.get(
    '/document/download/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'Download a booking document (as an attachment)',
        params: idParams,
        response: ownedFailures,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await downloadDocument({
          db,
          storage,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.delete(
    '/document/:id',
    {
      preValidation: party,
      schema: {
        tags,
        summary: 'Delete a booking document; only its uploader',
        params: idParams,
        response: { 200: okEnvelope(z.object({ deleted: z.number() })), ...bookingFailures },
      },
    },
    async (request) =>
      ok(
        await removeDocument({
          db,
          storage,
          ...askerOf(request),
          id: request.params.id,
        }),
      ),
  );
};
