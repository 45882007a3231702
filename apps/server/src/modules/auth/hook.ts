import { type Authority, hasAll, hasSome, roleCanManage, roleCanWrite } from '@freight/contract';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { isPageRenderRequest } from '../../platform/page-render.js';
import { contextFor } from './context.js';
import { resolveSession, type SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member; set by `authenticated()`. */
    user: SessionUser | null;
    sessionId: number | null;
    bearerToken: string | null;
  }
}

const RENEWED_TOKEN_HEADER = 'x-renewed-token';

/** The bearer token of a request, if it sends one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type SignInRule = {
  all?: Authority[];
  some?: Authority[];
  manage?: boolean;
  personal?: boolean;
  computes?: boolean;
};
/** The rule of each hook `authenticated()` made, for `documentSignIn`. */
const RULES = new WeakMap<object, SignInRule>();

/**
 * A preValidation hook (auth before the body is checked) that lets only signed-in people through
 * (401 otherwise), renews their token when it is due (`x-renewed-token` reply header), and checks
 * (403 otherwise, each with its own message):
 * - authorities: all of `all`, and at least one of `some`;
 * - the role: a write (any method but GET/HEAD/OPTIONS) needs a role that writes, unless
 *   the route only touches the person's own sign-in (`personal`) or only computes an answer and
 *   stores nothing (`computes`, e.g. a quote estimate sent as POST); `manage` routes (team, company
 *   profile) need a managing role.
 */
export function authenticated(required: SignInRule = {}): preValidationAsyncHookHandler {
  const hook = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'errors.unauthorized');
    const { db, config } = request.server.deps;
    const session = await resolveSession({ db, config, token, renew: !isPageRenderRequest(request) });
    if (!session) throw new AppError(401, 'account.sessionExpired');
    request.user = session.user;
    request.context = contextFor(request, session.user);
    request.sessionId = session.sessionId;
    request.bearerToken = token;
    if (session.renewedToken) reply.header(RENEWED_TOKEN_HEADER, session.renewedToken);
    const authorities = session.user.authorities;
    if (!hasAll(authorities, required.all ?? []) || !hasSome(authorities, required.some ?? [])) {
      throw new AppError(403, 'errors.forbidden');
    }
    const role = session.user.role;
    const writes = !READS.has(request.method) && !required.personal && !required.computes;
    if (writes && !roleCanWrite(role)) throw new AppError(403, 'company.readOnlyRole');
    if (required.manage && !roleCanManage(role)) throw new AppError(403, 'company.managersOnly');
  };
  RULES.set(hook, required);
  return hook;
}

/**
 * The OpenAPI security schemes of the two kinds of sign-in: `session` only needs a live token
 * (401), `member` also checks authorities or the role (403 as well).
 */
export const signInSchemes = {
  session: { type: 'http', scheme: 'bearer', description: 'A live session token; else 401' },
  member: {
    type: 'http',
    scheme: 'bearer',
    description: 'A live session token (else 401) whose authorities and role the route checks (else 403)',
  },
} as const;

/**
 * An onRoute hook that documents the sign-in of each route behind `authenticated()` as its
 * OpenAPI security, read from the rule the route really runs, so the document cannot drift from it.
 */
export function documentSignIn(route: RouteOptions) {
  const hooks = [route.preValidation ?? []].flat();
  const rule = hooks.map((hook) => RULES.get(hook)).find((found) => found !== undefined);
  if (!rule) return;
  const writes =
    [route.method].flat().some((method) => !READS.has(method)) && !rule.personal && !rule.computes;
  const checks = Boolean(rule.all?.length || rule.some?.length || rule.manage || writes);
  route.schema = { ...route.schema, security: [{ [checks ? 'member' : 'session']: [] }] };
}
