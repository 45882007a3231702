import { abilitiesOf, bookingDetail, okEnvelope } from '@freight/contract';
import { conflictFailure, ownedFailures } from '../../platform/failures.js';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../activity/service.js';
import { currentUser } from '../auth/hook.js';

/**
 * The refusals of a booking route on one booking (or its documents): another company's booking is
 * 404, and a change that its status does not allow is 409.
 */
export const bookingFailures = { ...ownedFailures, ...conflictFailure };

/** The replies of a route that answers with the booking's detail. */
export const detailReplies = { 200: okEnvelope(bookingDetail), ...bookingFailures };

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
