import {
  BOOKING_ACTIONS,
  BOOKING_STATUS,
  type BookingDetail,
  canBooking,
  isReadyDateAllowed,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { removeFiles } from '../files/service.js';
import type { Actor } from '../activity/service.js';
import type { MailLinks } from '../mail-preferences/service.js';
import {
  type Acting,
  type Authorities,
  type Common,
  notFound,
  type Viewer,
  type WithMail,
  wrongStatus,
} from './booking-common.js';
import { partiesColumns } from './booking-parties.js';
import { termColumns } from './booking-terms.js';
import { bookingChanges, recordBooking } from './booking-trail.js';
import { assertComplete, missingFields, toBookingValues } from './booking-values.js';
import { notifyChange } from './notify.js';
import { getBookingDetail } from './reading.js';
import {
  type BookingValues,
  changeStatus,
  containerNames,
  deleteDraftBooking,
  documentFileIds,
  findBooking,
  findBookingOfParty,
  insertBooking,
  insertHistory,
  type LineValues,
  lockBookings,
  nextOrderNo,
  rawLines,
  updateDraftBooking,
} from './repo.js';
import { transition } from './transitions.js';
import { holdPoint } from '../../platform/test-hold.js';

/* The member's drafts (status 0): create, change, copy, delete and submit. */

async function insertWithNumber(
  db: Db,
  actor: Actor,
  values: BookingValues,
  lines: LineValues[],
  history: { action: 'create' | 'copy'; reason: string },
  /** submitted in the same transaction, its forwarder mailed with these links */
  submit?: MailLinks,
): Promise<number> {
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const orderNo = await nextOrderNo(tx);
    const id = await insertBooking(tx, { ...values, orderNo, companyId }, lines);
    await insertHistory(tx, [
      {
        bookingId: id,
        action: history.action,
        fromStatus: null,
        toStatus: BOOKING_STATUS.draft,
        actorId: companyId,
        actorRole: 'member',
        actorName: actor.name,
        reason: history.reason,
      },
    ]);
    await recordBooking(tx, actor, history.action, { id, orderNo });
    if (submit) await submitDraft(tx, actor, { id, orderNo, readyDate: values.readyDate ?? null }, submit);
    await holdPoint('booking-create', `booking ${id}`);
    return id;
  });
}

/**
 * A draft can be submitted once it is complete (assertComplete: 422 naming what is missing) and
 * its ready date is not past. Read in the submitting transaction, after any change saved with it.
 */
async function assertSubmittable(
  tx: Db,
  companyId: number,
  row: { id: number; orderNo: string; readyDate: string | null },
): Promise<void> {
  const stored = await findBookingOfParty(tx, companyId, row.id);
  if (!stored) throw notFound();
  const lines = await rawLines(tx, row.id);
  const codes = await containerNames(
    tx,
    lines.flatMap((line) => (line.containerId === null ? [] : [line.containerId])),
  );
  const missing = missingFields(stored, lines, codes);
  // A copy whose date had passed lacks only its ready date: said so in its own words below.
  const onlyDate = missing.length === 1 && missing[0]?.path[0] === 'ready_date';
  if (!onlyDate) assertComplete(missing);
  if (row.readyDate === null)
    throw new AppError(409, 'booking.readyDateMissing', { order_no: row.orderNo }, [{ field: 'ready_date' }]);
  if (!isReadyDateAllowed(row.readyDate))
    throw new AppError(400, 'booking.readyDatePast', {}, [{ field: 'ready_date' }]);
}

/** Moves the owner's draft to the forwarder (0 → 1) inside the caller's transaction, which mails them. */
async function submitDraft(
  tx: Db,
  actor: Actor,
  row: { id: number; orderNo: string; readyDate: string | null },
  links: MailLinks,
): Promise<void> {
  const companyId = actor.companyId;
  await assertSubmittable(tx, companyId, row);
  const def = BOOKING_ACTIONS.submit;
  const changed = await changeStatus(tx, { companyId }, [row.id], def.from, def.to);
  if (changed.length === 0) throw notFound();
  await insertHistory(tx, [
    {
      bookingId: row.id,
      action: 'submit',
      fromStatus: BOOKING_STATUS.draft,
      toStatus: def.to,
      actorId: companyId,
      actorRole: 'member',
      actorName: actor.name,
      reason: '',
    },
  ]);
  await recordBooking(tx, actor, 'submit', row);
  await notifyChange({
    db: tx,
    links,
    bookingId: row.id,
    event: { action: 'submit', from: BOOKING_STATUS.draft, to: def.to },
  });
}

/**
 * POST /order/booking: a new draft, which mails nobody; with `submit` it is also submitted to its
 * forwarder in the same transaction, and the forwarder is mailed.
 */
export async function createBooking(
  options: WithMail & Acting & { viewer: Viewer; input: unknown; submit?: boolean },
): Promise<BookingDetail> {
  const { values, lines } = await toBookingValues(
    options.db,
    options.viewer,
    options.input,
    options.locale,
    undefined,
    options.submit,
  );
  const id = await insertWithNumber(
    options.db,
    options.actor,
    values,
    lines,
    { action: 'create', reason: '' },
    options.submit ? options.links : undefined,
  );
  return getBookingDetail({
    ...options,
    party: 'member',
    viewerCompanyId: options.viewer.companyId,
    authorities: options.viewer.authorities,
    id,
  });
}

/** POST /order/{id}/submit: the owner sends a draft to its forwarder (0 → 1), who is mailed. */
export function submitBooking(
  options: WithMail & Authorities & Acting & { viewerCompanyId: number; id: number },
) {
  return transition({
    ...options,
    party: 'member',
    action: 'submit',
    within: (tx, row) => assertSubmittable(tx, options.viewerCompanyId, row),
  });
}

/**
 * PUT /order/booking/{id}: only while the booking is a draft (409 otherwise); with `submit` it is
 * also submitted, in the same transaction.
 */
export async function changeBooking(
  options: WithMail & Acting & { viewer: Viewer; id: number; input: unknown; submit?: boolean },
): Promise<BookingDetail> {
  const scope = { companyId: options.viewer.companyId };
  const current = await findBooking(options.db, scope, options.id, false);
  if (!current) throw notFound();
  if (!canBooking('edit', current.booking.status)) throw wrongStatus(options.locale, 'edit', current.booking);
  const { values, lines } = await toBookingValues(
    options.db,
    options.viewer,
    options.input,
    options.locale,
    {
      quoteId: current.booking.quoteId,
      fromQuote: current.booking.fromQuote,
      forwarderId: current.booking.forwarderId,
    },
    options.submit,
  );
  // FCL and LCL are different bookings: an edit may not turn one into the other (its lines would go).
  if (values.containerMode !== current.booking.containerMode) {
    throw new AppError(409, 'booking.modeChange', {}, [{ field: 'container_mode' }]);
  }
  await options.db.transaction(async (tx) => {
    // Locked first, so the changed fields are read against the row this edit replaces.
    const [now] = await lockBookings(tx, scope, [options.id]);
    if (!now) throw notFound();
    const before = await findBookingOfParty(tx, options.viewer.companyId, options.id);
    if (!before || !canBooking('edit', now.status)) throw wrongStatus(options.locale, 'edit', now);
    const beforeLines = await rawLines(tx, options.id);
    if (!(await updateDraftBooking(tx, options.viewer.companyId, options.id, values, lines)))
      throw notFound();
    const fields = bookingChanges(before, beforeLines, values, lines);
    if (fields.length > 0) await recordBooking(tx, options.actor, 'edit', now, fields);
    if (options.submit)
      await submitDraft(
        tx,
        options.actor,
        { id: options.id, orderNo: now.orderNo, readyDate: values.readyDate ?? null },
        options.links,
      );
  });
  return getBookingDetail({
    ...options,
    party: 'member',
    viewerCompanyId: options.viewer.companyId,
    authorities: options.viewer.authorities,
    id: options.id,
  });
}

/**
 * POST /order/{id}/copy: a new status-0 booking with a new order number and the same form fields
 * and lines (no schedule, SI, documents or history; container and seal numbers and the customer reference cleared). A ready date that has passed is cleared: the
 * copy opens in the editor, which asks for a new one, and the forwarder cannot accept it before.
 */
export async function copyBooking(
  options: WithMail & Acting & { viewer: Viewer; id: number },
): Promise<BookingDetail> {
  const original = await findBooking(options.db, { companyId: options.viewer.companyId }, options.id, false);
  if (!original) throw notFound();
  const b = original.booking;
  // Container and seal numbers belong to one shipment: the copy keeps types and cargo, not them.
  const lines = (await rawLines(options.db, b.id)).map(({ id: _id, bookingId: _b, ...line }) => ({
    ...line,
    containerNo: '',
    sealNo: '',
  }));
  const readyDate = b.readyDate && isReadyDateAllowed(b.readyDate) ? b.readyDate : null;
  const id = await insertWithNumber(
    options.db,
    options.actor,
    {
      forwarderId: b.forwarderId,
      quoteId: b.quoteId,
      fromQuote: b.fromQuote,
      containerMode: b.containerMode,
      shipperId: b.shipperId,
      shipper: b.shipper,
      consigneeId: b.consigneeId,
      consignee: b.consignee,
      // A customer reference (PO number) names one order: the copy is another shipment, without it.
      custRefNo: '',
      readyDate,
      incotermId: b.incotermId,
      placeOfReceipt: b.placeOfReceipt,
      polId: b.polId,
      podId: b.podId,
      toId: b.toId,
      carrierId: b.carrierId,
      remark: b.remark,
      freightTerm: b.freightTerm,
      notifyParty: b.notifyParty,
      commodityCn: b.commodityCn,
      ...termColumns(b),
      ...partiesColumns(b),
      specialCargo: b.specialCargo,
      totalWeight: b.totalWeight,
      totalVolume: b.totalVolume,
      totalPackages: b.totalPackages,
    },
    lines,
    { action: 'copy', reason: b.orderNo },
  );
  // A copy is a draft: nobody is mailed until it is submitted.
  return getBookingDetail({
    ...options,
    party: 'member',
    viewerCompanyId: options.viewer.companyId,
    authorities: options.viewer.authorities,
    id,
  });
}

/** DELETE /order/{id}: only a status-0 booking (409 otherwise); its documents go with it. */
export async function deleteBooking(
  options: Common & Acting & { storage: FileStorage; viewerCompanyId: number; id: number },
): Promise<{ deleted: number }> {
  const scope = { companyId: options.viewerCompanyId };
  const fileIds = await options.db.transaction(async (tx) => {
    const [row] = await lockBookings(tx, scope, [options.id]);
    if (!row) throw notFound();
    if (!canBooking('delete', row.status)) throw wrongStatus(options.locale, 'delete', row);
    const ids = await documentFileIds(tx, [options.id]);
    if (!(await deleteDraftBooking(tx, options.viewerCompanyId, options.id))) throw notFound();
    await recordBooking(tx, options.actor, 'delete', row);
    return ids;
  });
  await removeFiles({ db: options.db, storage: options.storage, ids: fileIds });
  return { deleted: 1 };
}
