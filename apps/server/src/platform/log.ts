import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Query parameters whose values never reach a log line: e-mail addresses, codes and tokens. */
const SECRET_QUERY = new Set(['username', 'email', 'vcode', 'token', 'keyword']);

/**
 * Path parameters that carry a secret (an invitation's token is the whole proof of the link): their
 * segment is written as `[redacted]`. Named by the route's parameter, so a new `/x/:token` route is
 * covered as it is added.
 */
const SECRET_PARAM = /token|secret|code/i;

/**
 * Paths whose next segment is a secret even when no route matched (a mistyped method or a longer
 * path still carries the token): the routes with a SECRET_PARAM have these prefixes.
 */
const SECRET_PATH_PREFIXES = ['/api/invitations/'];
/** Segments under those prefixes that are route names, not secrets. */
const PUBLIC_SEGMENTS = new Set(['accept']);

const REDACTED = '[redacted]';

/** `url` with the values of SECRET_QUERY parameters replaced by `[redacted]`. */
export function redactUrl(url: string, route?: string): string {
  const at = url.indexOf('?');
  const pathPart = redactPath(at < 0 ? url : url.slice(0, at), route);
  if (at < 0) return pathPart;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY.has(name.toLowerCase())) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return `${pathPart}?${changed ? params.toString() : url.slice(at + 1)}`;
}

/**
 * `path` with the segments of secret parameters of `route` (its pattern, as `/api/invitations/:token`)
 * redacted; without a route, the segment after a SECRET_PATH_PREFIXES prefix.
 */
function redactPath(path: string, route: string | undefined): string {
  const segments = path.split('/');
  const pattern = route?.split('/');
  if (pattern && pattern.length === segments.length && route?.includes(':')) {
    return segments
      .map((segment, i) =>
        /^:/.test(pattern[i] ?? '') && SECRET_PARAM.test(pattern[i] ?? '') ? REDACTED : segment,
      )
      .join('/');
  }
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length).split('/');
    if (rest[0] && !PUBLIC_SEGMENTS.has(rest[0])) rest[0] = REDACTED;
    return prefix + rest.join('/');
  }
  return path;
}

/**
 * The request as the access log writes it: Fastify's own fields, with the query's addresses, codes
 * and search words left out (GET /api/system/forget?username=… put the address in every
 * log line; a keyword search can hold a customer's name), and a token in the path too.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Routes a load balancer or monitor asks every few seconds: their lines would drown the rest. */
const PROBE_ROUTES = new Set(['/api/health', '/api/ready']);
const isProbe = (request: FastifyRequest) => PROBE_ROUTES.has(request.routeOptions?.url ?? '');

/**
 * Fastify's request lines, with the probes' (health, readiness) at debug rather than info; a probe
 * that fails (4xx, 5xx, an error) is still written at Fastify's own level.
 */
export class PortalLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isProbe(request)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || !isProbe(request) || reply.statusCode >= 400)
      return super.requestCompleted(error, request, reply, metadata);
    if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
