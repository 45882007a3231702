import {
  errorEnvelope,
  idParams,
  listOf,
  okEnvelope,
  receivedRfq,
  receivedRfqQuery,
  rfqAnswerInput,
  rfqInput,
  rfqQuery,
  rfqRecord,
  rfqStatusInput,
} from '@freight/contract';
import { conflictFailure, memberFailures, ownedFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { mailLinks } from '../mail-preferences/service.js';
import { mailRfq, mailRfqAnswer } from './mail.js';
import { answerReceivedRfq, markReceivedRfq, type RfqAnswerMail } from './answers.js';
import { getReceivedRfq, getRfq, listReceivedRfqs, listRfqs, sendRfq } from './service.js';
import type { Db } from '../../platform/db.js';

/**
 * Requests for quotation: sent by members holding quote_rfq about a quote, mailed to the quote's
 * forwarder, and read and answered by that forwarder (role rate) on "Received RFQs". Another
 * forwarder's RFQ answers 404.
 */
export const rfqRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tags = ['quotes'];
  const forwarder = authenticated({ all: ['rate'] });
  const links = mailLinks(config);
  // The mails are queued in the change's transaction; the mail worker sends them.
  const queueAnswerMail = (tx: Db, mail: RfqAnswerMail) => mailRfqAnswer({ db: tx, links, mail });

  app.post(
    '/system/send_rfq',
    {
      preValidation: authenticated({ all: ['quote', 'quote_rfq'] }),
      schema: {
        tags,
        summary: 'Send a request for quotation about a quote; mailed to its forwarder',
        body: rfqInput,
        response: { 200: okEnvelope(z.object({ id: z.number() })), ...memberFailures, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await sendRfq({
        db,
        context: contextOf(request),
        input: request.body,
        queueMail: (tx, rfq) =>
          mailRfq({ db: tx, publicUrl: config.publicUrl, rfq, senderLocale: request.locale }),
      });
      return ok({ id });
    },
  );
  const rfqReader = authenticated({ some: ['quote_rfq', 'rate'] });
  app.get(
    '/rfq',
    {
      preValidation: rfqReader,
      schema: {
        tags,
        summary:
          'The RFQs the member sent, and those sent to the member’s rates, newest first (`direction`: only sent or received)',
        querystring: rfqQuery,
        response: { 200: okEnvelope(listOf(rfqRecord)), ...memberFailures },
      },
    },
    async (request) => ok(await listRfqs({ db, context: contextOf(request), query: request.query })),
  );
  app.get(
    '/rfq/:id',
    {
      preValidation: rfqReader,
      schema: {
        tags,
        summary: 'One RFQ the member sent or received (404 for anyone else’s)',
        params: idParams,
        response: { 200: okEnvelope(rfqRecord), ...ownedFailures },
      },
    },
    async (request) => ok(await getRfq({ db, context: contextOf(request), id: request.params.id })),
  );

  app.get(
    '/forwarder/rfq',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'The RFQs sent to the forwarder, newest first, of one status if asked',
        querystring: receivedRfqQuery,
        response: { 200: okEnvelope(listOf(receivedRfq)), ...memberFailures },
      },
    },
    async (request) =>
      ok(
        await listReceivedRfqs({
          db,
          context: contextOf(request),
          query: request.query,
        }),
      ),
  );
  app.get(
    '/forwarder/rfq/:id',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'One RFQ sent to the forwarder, with the requester’s contact (404 for any other)',
        params: idParams,
        response: { 200: okEnvelope(receivedRfq), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getReceivedRfq({
          db,
          context: contextOf(request),
          id: request.params.id,
        }),
      ),
  );
  app.put(
    '/forwarder/rfq/:id/status',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Mark an RFQ sent to the forwarder quoted or closed',
        params: idParams,
        body: rfqStatusInput,
        response: { 200: okEnvelope(receivedRfq), ...ownedFailures },
      },
    },
    async (request) => {
      const rfq = await markReceivedRfq({
        db,
        context: contextOf(request),
        id: request.params.id,
        input: request.body,
        queueMail: queueAnswerMail,
      });
      return ok(rfq);
    },
  );
  app.put(
    '/forwarder/rfq/:id/answer',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary:
          'Answer an RFQ sent to the forwarder in the portal (prices per container type, validity, remarks); the requester is told',
        params: idParams,
        body: rfqAnswerInput,
        response: { 200: okEnvelope(receivedRfq), ...ownedFailures, ...conflictFailure },
      },
    },
    async (request) => {
      const rfq = await answerReceivedRfq({
        db,
        context: contextOf(request),
        id: request.params.id,
        input: request.body,
        queueMail: queueAnswerMail,
      });
      return ok(rfq);
    },
  );
};
