import type { Locale, Role } from '@freight/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { type Actor, actorOf } from '../activity/service.js';
import type { SessionUser } from './sessions.js';

/**
 * Who asks and how, built once per request when its sign-in is checked: the company whose rows
 * the request may touch, the person acting (their login, and also the trail's actor), their role,
 * authorities and own language, the language of the reply and the request's log. Services take it
 * whole, so no handler assembles these from the session by hand (and none can pass the wrong id).
 */
export type RequestContext = {
  companyId: number;
  personId: number;
  /** the person's login, their e-mail address (an invitation names it as the sender's) */
  username: string;
  role: Role;
  authorities: string[];
  actor: Actor;
  /** the language stored for the person; `locale` is the one this request is answered in */
  language: string;
  locale: Locale;
  log: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticated()` with the signed-in member; read it with `contextOf`. */
    context: RequestContext | null;
  }
}

/** The context of a signed-in request (the auth hook sets `request.user` first). */
export function contextFor(request: FastifyRequest, user: SessionUser): RequestContext {
  return {
    companyId: user.companyId,
    personId: user.personId,
    username: user.username,
    role: user.role,
    authorities: user.authorities,
    actor: actorOf(user),
    language: user.language,
    locale: request.locale,
    log: request.log,
  };
}

/** The context of a route behind `authenticated()`. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.context) throw new AppError(401, 'errors.unauthorized');
  return request.context;
}
