import { type BookingAction, type BookingParty, type Locale, translate } from '@freight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { MailLinks } from '../mail-preferences/service.js';
import type { Actor } from '../activity/service.js';
import type { RequestContext } from '../auth/context.js';
import { statusName } from './present.js';
import type { Scope } from './repo.js';

/* What the booking services (reading, drafts, transitions, instructions) share. */

/** Who fills in a booking form: whose contacts and quotes it may name. */
export type Viewer = Pick<RequestContext, 'companyId' | 'username' | 'authorities'>;
export type Common = { db: Db; locale: Locale };
/** The reader's authorities: whether a booking's forwarder may be named to them (hidesForwarder). */
export type Authorities = {
  authorities?: readonly string[] | undefined;
  /** a person who only reads (abilitiesOf): the detail offers them no actions */
  readOnly?: boolean | undefined;
};
export type WithMail = Common & {
  /** the public address and unsubscribe key for the links in mails */
  links: MailLinks;
  log?: FastifyBaseLogger | undefined;
};
/** Who makes a change: recorded in the booking's history and the company's activity trail. */
export type Acting = { actor: Actor };

export const zhOf = (locale: Locale) => locale === 'zh-CN';
export const scopeOf = (party: BookingParty, viewerCompanyId: number): Scope =>
  party === 'member' ? { companyId: viewerCompanyId } : { forwarderId: viewerCompanyId };
export const notFound = () => new AppError(404, 'errors.notFound');

/** 409 naming the action refused and the booking's current status, in the request's language. */
export function wrongStatus(
  locale: Locale,
  action: BookingAction,
  booking: { orderNo: string; status: number },
) {
  return new AppError(409, 'booking.wrongStatus', {
    action: translate(locale, `bookingAction.${action}`),
    order_no: booking.orderNo,
    status: statusName(locale, booking.status),
  });
}
