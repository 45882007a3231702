import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line: e-mail addresses, codes and tokens. */
const SECRET_QUERY = new Set(['username', 'email', 'vcode', 'token', 'keyword']);

/** `url` with the values of SECRET_QUERY parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/**
 * The request as the access log writes it: Fastify's own fields, with the query's addresses, codes
 * and search words left out (issue 17: GET /api/system/forget?username=… put the address in every
 * log line; a keyword search can hold a customer's name).
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
