import {
  type ErrorEnvelope,
  type Locale,
  type MessageKey,
  pathLabel,
  toFieldErrors,
  translate,
} from '@freight/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from './db.js';
import { AppError, databaseErrorCode, RequestValidationError } from './errors.js';
import { requestLocale } from './locale.js';

const GENERIC_BY_STATUS: Record<number, MessageKey> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  408: 'errors.timeout',
  409: 'errors.conflict',
  413: 'errors.payloadTooLarge',
  415: 'errors.unsupportedMediaType',
  422: 'errors.unprocessable',
  429: 'errors.tooManyRequests',
  503: 'errors.serviceUnavailable',
};

/** Error codes of node-postgres and PGlite that mean "the database is not there right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/**
 * PostgreSQL errors that mean "another request changed the data under this one": a row referred to
 * was deleted between the check and the write (23503), a unique value was taken meanwhile (23505),
 * or concurrent transactions collided (40001, 40P01). The client should refresh and try again.
 */
const CONFLICT_CODES = new Set(['23503', '23505', '40001', '40P01']);

function isConcurrentChange(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && CONFLICT_CODES.has(code);
}

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function sendError(
  reply: FastifyReply,
  locale: Locale,
  status: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
  errors?: ErrorEnvelope['errors'],
  extra: Record<string, unknown> = {},
) {
  const body: ErrorEnvelope & Record<string, unknown> = {
    ...extra,
    code: 1,
    msg: translate(locale, key, params),
  };
  if (errors && errors.length > 0) body.errors = errors;
  return reply.status(status).send(body);
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any hook or error handler
 * runs (a malformed percent-encoding in the path, FST_ERR_BAD_URL; a path parameter longer than
 * maxParamLength, FST_ERR_MAX_PARAM_LENGTH) would otherwise answer with Fastify's own body instead
 * of the envelope. Pass it to Fastify() in app.ts: `frameworkErrors: frameworkErrorHandler`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') {
    request.log.error({ err: error }, 'route constraint failed');
    return sendError(reply, locale, 500, 'errors.internal');
  }
  return sendError(reply, locale, status, GENERIC_BY_STATUS[status] ?? 'errors.badRequest');
}

/** One place that turns every error into the envelope of the HTTP contract (docs/development.md); never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    try {
      return handle(error, request, reply);
    } catch (failure) {
      // A bug in error handling must still answer with the envelope, never Fastify's default body.
      request.log.error({ err: failure, original: error }, 'error handler failed');
      return reply
        .status(500)
        .send({ code: 1, msg: translate('zh-CN', 'errors.internal') } satisfies ErrorEnvelope);
    }
  });
}

function handle(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    reply.headers(error.headers);
    const labelled = (field: string, params: Record<string, string | number> = {}) => ({
      // Numeric segments are row indexes: "containers.1.container_id" is "Container type (row 2)".
      field: pathLabel(
        locale,
        field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      ).label,
      ...params,
    });
    const errors = error.fields.map((f) => ({
      field: f.field,
      message: translate(locale, f.key ?? error.key, labelled(f.field, f.params ?? error.params)),
    }));
    const first = error.fields[0];
    const params = first ? labelled(first.field, error.params) : error.params;
    return sendError(reply, locale, error.status, error.key, params, errors, error.extra);
  }
  if (error instanceof RequestValidationError) {
    const errors = toFieldErrors(error.zodError, locale);
    const first = errors[0];
    reply.status(error.statusCode);
    return reply.send({
      code: 1,
      msg: first ? first.message : translate(locale, 'errors.badRequest'),
      errors,
    } satisfies ErrorEnvelope);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendError(reply, locale, 503, 'errors.serviceUnavailable');
  }
  if (isConcurrentChange(error)) {
    request.log.warn({ err: error }, 'concurrent change');
    return sendError(reply, locale, 409, 'errors.conflict');
  }
  const fastifyError = error as FastifyError;
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error instanceof SyntaxError && fastifyError.statusCode === 400)
  ) {
    return sendError(reply, locale, 400, 'errors.malformedJson');
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (status === 429) {
      const retry = Number(reply.getHeader('retry-after') ?? 60);
      return sendError(reply, locale, 429, 'errors.tooManyRequests', { count: retry });
    }
    return sendError(reply, locale, status, GENERIC_BY_STATUS[status] ?? 'errors.badRequest');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, locale, 500, 'errors.internal');
}
