import {
  errorEnvelope,
  idListBody,
  importResult,
  importRowError,
  okEnvelope,
  parseLocale,
  type ImportResult,
  type Locale,
} from '@freight/contract';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';
import { fileReply, memberFailures, ownedFailures, publicFailures, uploadFailures } from './failures.js';
import { readMultipart } from './multipart.js';
import { ok } from './reply.js';

/**
 * The routes that every member-owned list shares (contacts, rates): the spreadsheet template, the
 * all-or-nothing spreadsheet import and the all-or-nothing batch delete of the member's own rows.
 */
type App = Parameters<FastifyPluginAsyncZod>[0];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `context` reads who asks (the module's request context: the company whose rows a route works
 * on, the acting person, the language); the module passes it, so this layer needs no module's
 * session code (layers point one way: platform never imports modules).
 */
type Common<C> = {
  preValidation: preValidationAsyncHookHandler;
  context: (request: FastifyRequest) => C;
  tags: string[];
};
type Public = { preValidation?: preValidationAsyncHookHandler; tags: string[] };

/** GET `path`: the import template in the requested language (Lang header or ?lang=). */
export function templateRoute(
  app: App,
  options: Public & {
    path: string;
    summary: string;
    fileName: (locale: Locale) => string;
    build: (locale: Locale) => Promise<Buffer>;
  },
) {
  app.get(
    options.path,
    {
      ...(options.preValidation ? { preValidation: options.preValidation } : {}),
      schema: {
        tags: options.tags,
        summary: options.summary,
        querystring: z.object({ lang: z.string().max(10).optional() }),
        response: {
          200: fileReply(XLSX_TYPE),
          ...(options.preValidation ? memberFailures : publicFailures),
        },
      },
    },
    async (request, reply) => {
      const locale = parseLocale(request.query.lang) ?? request.locale;
      const file = await options.build(locale);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${options.fileName(locale)}"`)
        .send(file);
    },
  );
}

/** POST `path` (multipart field "file"): any bad row refuses the whole file (422 with the rows). */
export function importRoute<C>(
  app: App,
  options: Common<C> & {
    path: string;
    noun: string;
    maxBytes: number;
    run: (input: { context: C; data: Buffer; fileName: string }) => Promise<ImportResult>;
  },
) {
  app.post(
    options.path,
    {
      preValidation: options.preValidation,
      schema: {
        tags: options.tags,
        summary: `Import ${options.noun} from .xlsx, .xls or .csv (multipart field "file"); any bad row refuses the whole file (422 with rows)`,
        consumes: ['multipart/form-data'],
        response: {
          200: okEnvelope(importResult),
          ...memberFailures,
          ...uploadFailures,
          422: errorEnvelope.extend({ rows: z.array(importRowError) }),
        },
      },
    },
    async (request) => {
      const form = await readMultipart(request, {
        fileFields: ['file'],
        maxFileBytes: options.maxBytes,
        tooLargeKey: 'errors.payloadTooLarge',
      });
      const file = form.files.file;
      if (!file) throw new AppError(400, 'validation.required', {}, [{ field: 'file' }]);
      return ok(
        await options.run({
          context: options.context(request),
          data: file,
          fileName: form.fileNames.file ?? '',
        }),
      );
    },
  );
}

/** DELETE `path` with a body list of ids ([1,2] or {"ids":[1,2]}): all or nothing. */
export function batchDeleteRoute<C>(
  app: App,
  options: Common<C> & {
    path: string;
    noun: string;
    run: (input: { context: C; ids: number[] }) => Promise<{ deleted: number }>;
  },
) {
  app.delete(
    options.path,
    {
      preValidation: options.preValidation,
      schema: {
        tags: options.tags,
        summary: `Delete ${options.noun}: a body list of ids ([1,2] or {"ids":[1,2]}); all or nothing`,
        body: z.union([idListBody.shape.ids, idListBody]),
        response: { 200: okEnvelope(z.object({ deleted: z.number() })), ...ownedFailures },
      },
    },
    async (request) => {
      const ids = Array.isArray(request.body) ? request.body : request.body.ids;
      return ok(await options.run({ context: options.context(request), ids }));
    },
  );
}
