import {
  BOOKING_ACTIONS,
  type BookingAction,
  type BookingDetail,
  type BookingParty,
  canBooking,
  CUTOFF_FIELDS,
  type CutoffField,
  cutoffTimeZone,
  localToInstant,
  zonedIso,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import {
  type Acting,
  type Authorities,
  notFound,
  scopeOf,
  type WithMail,
  wrongStatus,
} from './booking-common.js';
import { recordBooking, recordBookings } from './booking-trail.js';
import { type MailEvent, notifyChange } from './notify.js';
import { getBookingDetail } from './reading.js';
import { changeStatus, insertHistory, lockBookings, markAccepted, polTimeZoneOf } from './repo.js';

/* Status changes once a booking is submitted: the member's cancellation, the forwarder's actions. */

/**
 * Moves one booking through `action` for `party`: locks the row, checks the status (409 naming it
 * otherwise), applies `patch`, records the history entry and mails the other side.
 */
export async function transition(
  options: WithMail &
    Authorities &
    Acting & {
      party: BookingParty;
      viewerCompanyId: number;
      id: number;
      action: Exclude<BookingAction, 'create' | 'copy' | 'edit' | 'delete'>;
      patch?: Parameters<typeof changeStatus>[5];
      reason?: string;
      details?: MailEvent['details'];
      /** further checks and writes inside the transaction, after the status check */
      within?: (tx: Db, row: Awaited<ReturnType<typeof lockBookings>>[number]) => Promise<void>;
    },
): Promise<BookingDetail> {
  const def = BOOKING_ACTIONS[options.action];
  const scope = scopeOf(options.party, options.viewerCompanyId);
  await options.db.transaction(async (tx) => {
    const [row] = await lockBookings(tx, scope, [options.id]);
    if (!row) throw notFound();
    if (!canBooking(options.action, row.status)) throw wrongStatus(options.locale, options.action, row);
    await options.within?.(tx, row);
    await changeStatus(tx, scope, [row.id], [row.status], def.to, options.patch ?? {});
    await insertHistory(tx, [
      {
        bookingId: row.id,
        action: options.action,
        fromStatus: row.status,
        toStatus: def.to,
        actorId: options.viewerCompanyId,
        actorRole: options.party,
        actorName: options.actor.name,
        reason: options.reason ?? '',
      },
    ]);
    await recordBooking(tx, options.actor, options.action, row);
    await notifyChange({
      db: tx,
      links: options.links,
      bookingId: row.id,
      event: {
        action: options.action,
        from: row.status,
        to: def.to,
        reason: options.reason ?? '',
        ...(options.details ? { details: options.details } : {}),
      },
    });
  });
  return getBookingDetail({
    ...options,
    party: options.party,
    viewerCompanyId: options.viewerCompanyId,
    id: options.id,
  });
}

/** POST /order/{id}/cancel: the member cancels with a reason, while not yet shipped. */
export function cancelBooking(options: Closing) {
  return closeBooking(options, 'member');
}

type Closing = WithMail & Authorities & Acting & { viewerCompanyId: number; id: number; reason: string };

/** The member's cancel and the forwarder's void: status 40, recording who closed it and why. */
function closeBooking(options: Closing, party: BookingParty) {
  return transition({
    ...options,
    party,
    action: party === 'member' ? 'cancel' : 'void',
    reason: options.reason,
    patch: { cancelledBy: party, cancelReason: options.reason },
  });
}

/** PUT /order/cancel: several of the member's bookings, all or nothing. */
export async function cancelBookings(
  options: WithMail & Acting & { viewerCompanyId: number; ids: number[]; reason: string },
): Promise<{ cancelled: number }> {
  const ids = [...new Set(options.ids)];
  const scope = { companyId: options.viewerCompanyId };
  const def = BOOKING_ACTIONS.cancel;
  const rows = await options.db.transaction(async (tx) => {
    const found = await lockBookings(tx, scope, ids);
    if (found.length !== ids.length) throw new AppError(404, 'booking.notAllYours');
    const refused = found.filter((row) => !canBooking('cancel', row.status));
    if (refused.length > 0)
      throw new AppError(409, 'booking.cancelRefused', { orders: refused.map((r) => r.orderNo).join(', ') });
    await changeStatus(tx, scope, ids, def.from, def.to, {
      cancelledBy: 'member',
      cancelReason: options.reason,
    });
    await insertHistory(
      tx,
      found.map((row) => ({
        bookingId: row.id,
        action: 'cancel',
        fromStatus: row.status,
        toStatus: def.to,
        actorId: options.viewerCompanyId,
        actorRole: 'member',
        actorName: options.actor.name,
        reason: options.reason,
      })),
    );
    await recordBookings(tx, options.actor, 'cancel', found);
    for (const row of found)
      await notifyChange({
        db: tx,
        links: options.links,
        bookingId: row.id,
        event: { action: 'cancel', from: row.status, to: def.to, reason: options.reason },
      });
    return found;
  });
  return { cancelled: rows.length };
}

/* ---------- forwarder ---------- */

type ForwarderAction = WithMail & Acting & { viewerCompanyId: number; id: number };

/** 0 → 1. A copy whose ready date was cleared cannot be accepted before the member sets one. */
/** The forwarder accepts a submitted booking (once): it stays at 1 and gets accepted_at. */
export function acceptBooking(options: ForwarderAction) {
  return transition({
    ...options,
    party: 'forwarder',
    action: 'accept',
    patch: { acceptedAt: new Date() },
    within: async (_tx, row) => {
      if (row.acceptedAt !== null) throw wrongStatus(options.locale, 'accept', row);
    },
  });
}

export async function releaseSpace(
  options: ForwarderAction & {
    input: {
      so_no: string;
      vessel: string;
      voyage: string;
      etd: string;
      eta: string;
      si_cutoff?: string | null | undefined;
      cy_cutoff?: string | null | undefined;
      customs_cutoff?: string | null | undefined;
      vgm_cutoff?: string | null | undefined;
      pickup_depot?: string | undefined;
      return_terminal?: string | undefined;
    };
  },
) {
  const v = options.input;
  // The cut-offs come as the port of loading's wall clock and are kept as instants. The port is read
  // before the release's transaction: a submitted booking's route no longer changes (only drafts are
  // edited), and a booking the forwarder may not see is refused inside it.
  const scope = scopeOf('forwarder', options.viewerCompanyId);
  const zone = cutoffTimeZone(await polTimeZoneOf(options.db, scope, options.id));
  const cutoffs = CUTOFF_FIELDS.map((field) => {
    const local = v[field];
    return [field, local ? localToInstant(local, zone) : null] as const;
  });
  const cutoffOf = (field: CutoffField) => cutoffs.find(([name]) => name === field)?.[1] ?? null;
  return transition({
    ...options,
    party: 'forwarder',
    action: 'release',
    patch: {
      soNo: v.so_no,
      vessel: v.vessel,
      voyage: v.voyage,
      etd: v.etd,
      eta: v.eta,
      siCutoff: cutoffOf('si_cutoff'),
      cyCutoff: cutoffOf('cy_cutoff'),
      customsCutoff: cutoffOf('customs_cutoff'),
      vgmCutoff: cutoffOf('vgm_cutoff'),
      pickupDepot: v.pickup_depot ?? '',
      returnTerminal: v.return_terminal ?? '',
    },
    // Releasing space accepts the booking, if the forwarder had not accepted it before.
    within: (tx, row) => markAccepted(tx, row.id),
    details: [
      ['so_no', v.so_no],
      ['vessel', v.vessel],
      ['voyage', v.voyage],
      ['etd', v.etd],
      ['eta', v.eta],
      ...cutoffs.flatMap(([field, at]) => (at ? [[field, zonedIso(at, zone)] as [string, string]] : [])),
      ...(['pickup_depot', 'return_terminal'] as const).flatMap((field) =>
        v[field] ? [[field, v[field]] as [string, string]] : [],
      ),
    ],
  });
}

export function confirmShipment(options: ForwarderAction & { reason: string }) {
  return transition({ ...options, party: 'forwarder', action: 'confirm_si', reason: options.reason });
}

export function markShipped(options: ForwarderAction & { blNo: string }) {
  return transition({
    ...options,
    party: 'forwarder',
    action: 'ship',
    patch: { blNo: options.blNo },
    details: [['bl_no', options.blNo]],
  });
}

export function voidBooking(options: ForwarderAction & { reason: string }) {
  return closeBooking(options, 'forwarder');
}
