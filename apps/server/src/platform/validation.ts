import { PARSE_OPTIONS } from '@freight/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors.js';

/**
 * Validates body, query and params with the route's zod schema from packages/contract. Issues keep
 * their input so that the error handler can tell a missing field from a wrong one.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, PARSE_OPTIONS);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error) };
  };
