import {
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
  rateRow,
} from '@freight/contract';
import type { ListData, Quote } from '@freight/contract';
import { memberFailures, ownedFailures } from '../../platform/failures.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchDeleteRoute, importRoute, templateRoute } from '../../platform/owned-routes.js';
import { reportIncident } from '../../platform/incidents.js';
import { ok } from '../../platform/reply.js';
import { contextOf } from '../auth/context.js';
import { authenticated } from '../auth/hook.js';
import { boardCache } from './board-cache.js';
import { importRates, rateTemplate } from './import.js';
import { estimate, getQuote, listQuotes } from './quotes.js';
import { changeRate, createRate, getRate, listRates, removeRates } from './service.js';

/** Rate management (role rate: forwarders, own rates only) and the quote board (role quote); RFQs are in modules/rfqs. */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kv } = app.deps;
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
  // The rate service tells the board after each committed write. A write that committed answers as
  // such even when the shared store cannot be written (other instances then recompute within a
  // minute); that is reported, not thrown.
  const changes = {
    changed: () =>
      board
        .changed()
        .catch((error: unknown) =>
          reportIncident(app.log, 'quote_board_version', error, 'could not publish the quote board version'),
        ),
  };
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
        response: { 200: okEnvelope(listOf(rateRow)), ...memberFailures },
      },
    },
    async (request) =>
      ok(
        await listRates({
          db,
          context: contextOf(request),
          query: request.query,
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
        response: { 200: okEnvelope(rate), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await getRate({
          db,
          context: contextOf(request),
          id: request.params.id,
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
        response: { 200: okEnvelope(rate), ...memberFailures },
      },
    },
    async (request) =>
      ok(
        await createRate({
          db,
          context: contextOf(request),
          input: request.body,
          board: changes,
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
        response: { 200: okEnvelope(rate), ...ownedFailures },
      },
    },
    async (request) =>
      ok(
        await changeRate({
          db,
          context: contextOf(request),
          id: request.params.id,
          input: request.body,
          board: changes,
        }),
      ),
  );
  batchDeleteRoute(app, {
    path: '/rate',
    preValidation: forwarder,
    context: contextOf,
    tags,
    noun: 'rates',
    run: ({ context, ids }) => removeRates({ db, context, ids, board: changes }),
  });
  importRoute(app, {
    path: '/rate/import',
    preValidation: forwarder,
    context: contextOf,
    tags,
    noun: 'rates',
    maxBytes: RATE_IMPORT_LIMITS.maxBytes,
    run: (input) => importRates({ db, ...input, board: changes }),
  });

  app.get(
    '/quote',
    {
      preValidation: viewer,
      schema: {
        tags: ['quotes'],
        summary: 'Published rates valid on the day, filtered and sorted',
        querystring: quoteQuery,
        response: { 200: okEnvelope(listOf(quote)), ...memberFailures },
      },
    },
    async (request) =>
      ok(
        await listQuotes({
          db,
          context: contextOf(request),
          query: request.query,
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
        response: { 200: okEnvelope(quote), ...ownedFailures },
      },
    },
    async (request) => ok(await getQuote({ db, context: contextOf(request), id: request.params.id })),
  );
  app.post(
    '/quote/estimate',
    {
      // A POST that stores nothing: every role of the company may ask for an estimate.
      preValidation: authenticated({ all: ['quote'], computes: true }),
      schema: {
        tags: ['quotes'],
        summary: 'Price container quantities on a quote',
        body: estimateInput,
        response: { 200: okEnvelope(estimateResult), ...memberFailures },
      },
    },
    async (request) => ok(await estimate({ db, context: contextOf(request), input: request.body })),
  );
};
