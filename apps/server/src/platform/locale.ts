import { DEFAULT_LOCALE, type Locale, parseLocale } from '@freight/contract';
import type { FastifyRequest } from 'fastify';

/** The language of a request: the `Lang` header (cn | en, or a full tag), else Chinese. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers.lang;
  return parseLocale(Array.isArray(header) ? header[0] : header) ?? DEFAULT_LOCALE;
}
