import { abilitiesOf, bookingDetail, errorEnvelope, okEnvelope } from '@freight/contract';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../activity/service.js';
import { currentUser } from '../auth/hook.js';

/** The refusals a booking route may answer (each in the error envelope), shared by its route files. */
export const failures = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};

/** The replies of a route that answers with the booking's detail. */
export const detailReplies = { 200: okEnvelope(bookingDetail), ...failures };

/**
 * Who asks (company and person), with their authorities, whether they only read (a viewer: the
 * detail then offers no actions), and in which language: what the booking services read.
 */
export function askerOf(request: FastifyRequest) {
  const user = currentUser(request);
  return {
    viewerId: user.id,
    actor: actorOf(user),
    authorities: user.authorities,
    readOnly: !abilitiesOf(user.role, user.authorities).write,
    locale: request.locale,
  };
}
