import { abilitiesOf, bookingDetail, okEnvelope } from '@freight/contract';
import { conflictFailure, ownedFailures } from '../../platform/failures.js';
import type { FastifyRequest } from 'fastify';
import { contextOf } from '../auth/context.js';

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
  const context = contextOf(request);
  return {
    viewerCompanyId: context.companyId,
    actor: context.actor,
    authorities: context.authorities,
    readOnly: !abilitiesOf(context.role, context.authorities).write,
    locale: context.locale,
  };
}

/**
 * The member who fills in a booking form (create, change, copy): whose contacts and quotes it may
 * name, who is recorded as making the change, and in which language.
 */
export function bookerOf(request: FastifyRequest) {
  const context = contextOf(request);
  return { viewer: context, actor: context.actor, locale: context.locale };
}
