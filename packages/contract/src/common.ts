import { z } from 'zod';

import { MAX_PAGE_SIZE } from './limits.js';

/** `page` (from 1) and `size` query parameters shared by every list. */
export function pageQuery(defaultSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
  });
}

/**
 * The largest value of a PostgreSQL `integer` (int4): every id, and the numbers the database keeps
 * in such a column. A larger one in a query made the database refuse the query (a 500).
 */
export const INT4_MAX = 2_147_483_647;

/** An id as the database keeps it: a positive int4. */
export const idNumber = z.number().int().min(1).max(INT4_MAX);

/**
 * An id in a path or a query string (text): a positive int4, else a 400 naming the field (-1, 1.5,
 * `abc`, 99999999999). Every id parameter of the API is this one.
 */
export const idQuery = z.coerce.number().int().min(1).max(INT4_MAX);
/** An optional id filter of a query string. */
export const optionalIdQuery = idQuery.optional();

export const idParams = z.object({ id: idQuery });

/** Success envelope: HTTP 200 `{code: 0, msg: 'ok', data}`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

/** List payload: `{lists, total}`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ lists: z.array(item), total: z.number().int() });
}

/** Failure envelope: a real HTTP status and `{code: 1, msg, errors?}`; messages in the request's language. */
export const errorEnvelope = z.object({
  code: z.literal(1),
  msg: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
export type OkEnvelope<T> = { code: 0; msg: string; data: T };
export type ListData<T> = { lists: T[]; total: number };

/**
 * A number that may arrive as text (forms, multipart, spreadsheets): only text is converted, so
 * that an object, array or boolean is refused as it is (Number() would read [5] as 5, true as 1, and
 * throw on {"toString": {}}).
 */
export const numberFromText = (value: unknown): unknown =>
  typeof value === 'string' ? Number(value) : value;

/**
 * A required id that may arrive as text (forms, multipart, spreadsheets): empty or absent reads as
 * "missing" (so the message says the field is required), anything else must be a positive integer.
 */
export const requiredId = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : numberFromText(value)),
  idNumber,
);

/**
 * The values of a list query read from a page's address (its filters, page and sort, as shared or
 * reloaded): each parameter the schema knows is checked on its own, and one that fails (an edited or
 * stale link) is left out rather than failing the page. Parameters absent from the address stay
 * absent: defaults are the list's business, not the address's.
 */
export function readQueryParams<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): Partial<z.output<S>> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = (field as z.ZodType).safeParse(raw);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as Partial<z.output<S>>;
}

/** The address parameters of list query values: empty values are left out, the rest as text. */
export function writeQueryParams(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}
