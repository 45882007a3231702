import { PARSE_OPTIONS } from '@freight/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from './errors.js';

/**
 * Text that cannot be stored: NUL (PostgreSQL text cannot hold it; the query would fail) and
 * unpaired UTF-16 surrogates (UTF-8 cannot encode them; the driver would silently store U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The path of the first string or key inside `value` that cannot be stored, if any (no recursion). */
function unstorableTextPath(value: unknown): (string | number)[] | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return item.path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: [...item.path, i] });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current).reverse()) {
        if (!isStorableText(key)) return [...item.path, key];
        stack.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return undefined;
}

/** A 400 naming the first field whose text cannot be stored, or undefined when all of it can. */
export function unstorableTextError(value: unknown): RequestValidationError | undefined {
  const path = unstorableTextPath(value);
  if (!path) return undefined;
  return new RequestValidationError(
    new z.ZodError([{ code: 'custom', path, message: 'validation.invalidChars', input: value }]),
  );
}

/**
 * Validates body, query and params with the route's zod schema from packages/contract. Issues keep
 * their input so that the error handler can tell a missing field from a wrong one. Valid input
 * whose text cannot be stored (NUL, lone surrogates) is refused too, naming the field.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, PARSE_OPTIONS);
    if (!result.success) return { error: new RequestValidationError(result.error) };
    const unstorable = unstorableTextError(result.data);
    if (unstorable) return { error: unstorable };
    return { value: result.data };
  };
