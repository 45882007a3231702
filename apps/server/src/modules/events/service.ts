import type { BookingAction, RfqAnswerAction } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { notifyBookings, notifyJoined, notifyRfq, notifyRfqAnswer } from '../notifications/service.js';
import { enqueueBookingEvent, enqueueJoinedEvent, enqueueRfqEvent } from '../webhooks/service.js';

/*
 * The one place a domain event is raised: inside the transaction of the change, so that
 * whatever it leaves behind commits or rolls back with the change. Its outlets, each deciding for
 * itself who is concerned (rules in the contract): the notification centre (a row per person), the
 * webhook outbox (a row per subscribed endpoint), and later the e-mails. The names of the events are
 * the contract's notification vocabulary (kind × action); webhooks name them `kind.action`.
 */
export type DomainEvent =
  | { kind: 'booking'; action: BookingAction; ids: number[] }
  | { kind: 'document'; document: string; ids: number[] }
  | { kind: 'rfq'; rfq: { id: number; forwarderId: number | null; label: string } }
  /** the forwarder answered or closed an RFQ: told to the requester (no webhook event yet) */
  | { kind: 'rfq-answer'; rfq: { id: number; requesterId: number; label: string; action: RfqAnswerAction } }
  | { kind: 'team'; person: { id: number; companyId: number; label: string } };

/** Who acts: their person (not notified of their own act), or null for nobody in particular. */
type By = { personId: number | null };

export async function raiseEvent(tx: Db, by: By, event: DomainEvent): Promise<void> {
  switch (event.kind) {
    case 'booking':
      await notifyBookings(tx, by, { action: event.action, ids: event.ids });
      await enqueueBookingEvent(tx, { action: event.action, ids: event.ids });
      return;
    case 'document':
      await notifyBookings(tx, by, { document: event.document, ids: event.ids });
      await enqueueBookingEvent(tx, { document: event.document, ids: event.ids });
      return;
    case 'rfq':
      await notifyRfq(tx, by, event.rfq);
      await enqueueRfqEvent(tx, event.rfq);
      return;
    case 'rfq-answer':
      await notifyRfqAnswer(tx, by, event.rfq);
      return;
    case 'team':
      await notifyJoined(tx, event.person);
      await enqueueJoinedEvent(tx, event.person);
      return;
  }
}
