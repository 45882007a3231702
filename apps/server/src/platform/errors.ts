import type { MessageKey, MessageParams, RuleProblem } from '@freight/contract';
import type { z } from 'zod';

/** A field at fault; its message is the error's own unless it names another key. */
export type FieldIssue = { field: string; key?: MessageKey; params?: MessageParams };

/**
 * An error the client should see: an HTTP status and a message key translated into the request's
 * language by the central error handler. Services throw these; routes never format errors.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly fields: FieldIssue[] = [],
    readonly headers: Record<string, string> = {},
    /** Extra members of the error body, e.g. the rejected rows of an import. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/**
 * A request whose body, query or params failed its contract schema (400), or a stored record
 * that does not yet pass the schema of the step asked for (422: a draft submitted incomplete).
 */
export class RequestValidationError extends Error {
  constructor(
    readonly zodError: z.ZodError,
    readonly statusCode: 400 | 422 = 400,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * The SQLSTATE of a database error, also when a driver or Drizzle wraps it (DrizzleQueryError
 * carries the driver's error as its `cause`).
 */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the write (23505): a value was taken, perhaps a moment ago. */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/**
 * A contract rule's problems as zod issues, so that they are answered like a schema's (each field
 * named in the envelope, the message in the reader's language); `rename` maps a path's first part
 * where the rule's names are not the request's.
 */
export function ruleIssues(
  problems: readonly RuleProblem[],
  rename: (first: string) => string = (first) => first,
): z.core.$ZodIssue[] {
  return problems.map((problem) => ({
    code: 'custom',
    path: problem.field
      .split('.')
      .map((part, i) => (/^\d+$/.test(part) ? Number(part) : i === 0 ? rename(part) : part)),
    message: problem.key,
    params: problem.params,
    input: undefined,
  }));
}
