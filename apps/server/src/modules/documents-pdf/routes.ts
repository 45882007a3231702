import { bookingPdfParams, bookingPdfQuery, parseLocale } from '@freight/contract';
import { conflictFailure, fileReply, ownedFailures, throttleFailure } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { renderBookingPdf } from './service.js';

/** A booking's PDF documents (booking note, confirmation, SI draft) for either side of it. */
export const documentsPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, documents } = app.deps;
  app.get(
    '/order/:id/pdf/:kind',
    {
      preValidation: authenticated({ some: ['order', 'rate'] }),
      schema: {
        tags: ['bookings'],
        summary:
          'A booking’s PDF (booking-note, confirmation once released, si once instructed) in ?lang= (default: Lang); its member or its forwarder',
        params: bookingPdfParams,
        querystring: bookingPdfQuery,
        response: {
          200: fileReply('application/pdf'),
          ...ownedFailures,
          ...conflictFailure,
          ...throttleFailure,
        },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { file, fileName, etag } = await renderBookingPdf({
        db,
        documents,
        maxPages: config.pdf.maxPages,
        webDist: config.webDist,
        viewerCompanyId: context.companyId,
        authorities: context.authorities,
        id: request.params.id,
        kind: request.params.kind,
        locale: parseLocale(request.query.lang) ?? context.locale,
        requestLocale: context.locale,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${request.query.disposition}; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('etag', etag)
        .send(file);
    },
  );
};
