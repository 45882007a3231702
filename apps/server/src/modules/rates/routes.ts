import {
  errorEnvelope,
  estimateInput,
  estimateResult,
  idParams,
  listOf,
  okEnvelope,
  quote,
  quoteQuery,
  rate,
  rateInput,
  RATE_IMPORT_LIMITS,
  rateQuery,
  rfqInput,
  rfqQuery,
  rfqRecord,
} from '@freight/contract';
import type { ListData, Quote } from '@freight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchDeleteRoute, importRoute, templateRoute } from '../../platform/owned-routes.js';
import { reportIncident } from '../../platform/incidents.js';
import { ok } from '../../platform/reply.js';
import { authenticated, currentUser } from '../auth/hook.js';
import { boardCache } from './board-cache.js';
import { importRates, rateTemplate } from './import.js';
import { estimate, getQuote, getRfq, listQuotes, listRfqs, sendRfq } from './quotes.js';
import { changeRate, createRate, getRate, listRates, removeRates } from './service.js';

const failures = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** Rate management (role rate: forwarders, own rates only), the quote board (role quote) and RFQs (quote_rfq). */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, kv } = app.deps;
  const board = boardCache<ListData<Quote>>({
    kv,
    onReadError: (error) =>
      reportIncident(
        app.log,
        'quote_board_version',
        error,
        'could not read the quote board version: pages are computed afresh',
      ),
    onRefreshError: (error) =>
      reportIncident(app.log, 'quote_board_refresh', error, 'the quote board pages could not be refreshed'),
  });
  // After any successful rate write (create, change, delete, import) and before its reply leaves,
  // the quote board's pages become stale on every instance.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (request.method !== 'GET' && reply.statusCode < 400 && /^\/api\/rate(\/|$)/.test(url)) {
      try {
        await board.changed();
      } catch (error) {
        reportIncident(
          request.log,
          'quote_board_version',
          error,
          'could not publish the quote board version',
        );
      }
    }
    return payload;
  });
  const forwarder = authenticated({ all: ['rate'] });
  const viewer = authenticated({ all: ['quote'] });
  const tags = ['rates'];

  app.get(
    '/rate',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'The forwarder’s own rates',
        querystring: rateQuery,
        response: { 200: okEnvelope(listOf(rate)), ...failures },
      },
    },
    async (request) =>
      ok(
        await listRates({
          db,
          ownerId: currentUser(request).id,
          query: request.query,
          locale: request.locale,
        }),
      ),
  );
  templateRoute(app, {
    path: '/rate/template',
    tags,
    summary: 'The rate import template (.xlsx) in the requested language (Lang header or ?lang=)',
    fileName: (locale) => (locale === 'zh-CN' ? 'rates-template-zh.xlsx' : 'rates-template-en.xlsx'),
    build: (locale) => rateTemplate({ db, locale }),
  });
  app.get(
    '/rate/:id',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'One of the forwarder’s rates',
        params: idParams,
        response: { 200: okEnvelope(rate), ...failures },
      },
    },
    async (request) =>
      ok(
        await getRate({
          db,
          ownerId: currentUser(request).id,
          id: request.params.id,
          locale: request.locale,
        }),
      ),
  );
  app.post(
    '/rate',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Create a rate',
        body: rateInput,
        response: { 200: okEnvelope(rate), ...failures },
      },
    },
    async (request) =>
      ok(
        await createRate({
          db,
          ownerId: currentUser(request).id,
          input: request.body,
          locale: request.locale,
        }),
      ),
  );
  app.put(
    '/rate/:id',
    {
      preValidation: forwarder,
      schema: {
        tags,
        summary: 'Change a rate (its space lines are replaced)',
        params: idParams,
        body: rateInput,
        response: { 200: okEnvelope(rate), ...failures },
      },
    },
    async (request) =>
      ok(
        await changeRate({
          db,
          ownerId: currentUser(request).id,
          id: request.params.id,
          input: request.body,
          locale: request.locale,
        }),
      ),
  );
  batchDeleteRoute(app, {
    path: '/rate',
    preValidation: forwarder,
    owner: (request) => currentUser(request).id,
    tags,
    noun: 'rates',
    run: ({ ownerId, ids }) => removeRates({ db, ownerId, ids }),
  });
  importRoute(app, {
    path: '/rate/import',
    preValidation: forwarder,
    owner: (request) => currentUser(request).id,
    tags,
    noun: 'rates',
    maxBytes: RATE_IMPORT_LIMITS.maxBytes,
    run: (input) => importRates({ db, ...input }),
  });

  app.get(
    '/quote',
    {
      preValidation: viewer,
      schema: {
        tags: ['quotes'],
        summary: 'Published rates valid on the day, filtered and sorted',
        querystring: quoteQuery,
        response: { 200: okEnvelope(listOf(quote)), ...failures },
      },
    },
    async (request) =>
      ok(
        await listQuotes({
          db,
          viewer: currentUser(request),
          query: request.query,
          locale: request.locale,
          cache: board,
        }),
      ),
  );
  app.get(
    '/quote/:id',
    {
      preValidation: viewer,
      schema: {
        tags: ['quotes'],
        summary: 'One quote',
        params: idParams,
        response: { 200: okEnvelope(quote), ...failures },
      },
    },
    async (request) =>
      ok(await getQuote({ db, viewer: currentUser(request), id: request.params.id, locale: request.locale })),
  );
  app.post(
    '/quote/estimate',
    {
      preValidation: viewer,
      schema: {
        tags: ['quotes'],
        summary: 'Price container quantities on a quote',
        body: estimateInput,
        response: { 200: okEnvelope(estimateResult), ...failures },
      },
    },
    async (request) =>
      ok(await estimate({ db, viewer: currentUser(request), input: request.body, locale: request.locale })),
  );
  app.post(
    '/system/send_rfq',
    {
      preValidation: authenticated({ all: ['quote', 'quote_rfq'] }),
      schema: {
        tags: ['quotes'],
        summary: 'Send a request for quotation about a quote; mailed to its forwarder',
        body: rfqInput,
        response: { 200: okEnvelope(z.object({ id: z.number() })), ...failures },
      },
    },
    async (request) =>
      ok(
        await sendRfq({
          db,
          mailer,
          viewer: currentUser(request),
          input: request.body,
          locale: request.locale,
        }),
      ),
  );
  const rfqReader = authenticated({ some: ['quote_rfq', 'rate'] });
  app.get(
    '/rfq',
    {
      preValidation: rfqReader,
      schema: {
        tags: ['quotes'],
        summary: 'The RFQs the member sent, and those sent to the member’s rates, newest first',
        querystring: rfqQuery,
        response: { 200: okEnvelope(listOf(rfqRecord)), ...failures },
      },
    },
    async (request) => ok(await listRfqs({ db, viewer: currentUser(request), query: request.query })),
  );
  app.get(
    '/rfq/:id',
    {
      preValidation: rfqReader,
      schema: {
        tags: ['quotes'],
        summary: 'One RFQ the member sent or received (404 for anyone else’s)',
        params: idParams,
        response: { 200: okEnvelope(rfqRecord), ...failures },
      },
    },
    async (request) => ok(await getRfq({ db, viewer: currentUser(request), id: request.params.id })),
  );
};
