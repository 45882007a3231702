import {
  BOOKING_ACTIONS,
  BOOKING_STATUS,
  CUTOFF_FIELDS,
  type CutoffField,
  BOOKING_EXPORT_MAX_ROWS,
  type BookingAction,
  type BookingDetail,
  type BookingDocking,
  type BookingForm,
  bookingInput,
  type BookingParty,
  type BookingQuery,
  type BookingRow,
  type BookingShipment,
  canBooking,
  CONTAINER_MODES,
  isReadyDateAllowed,
  sum3,
  formatDate,
  type ListData,
  type Locale,
  type MessageKey,
  PARSE_OPTIONS,
  shipmentInput,
  translate,
} from '@freight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingPartySnapshot } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { AppError, type FieldIssue, RequestValidationError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import { writeWorkbook } from '../../platform/spreadsheet.js';
import { holdPoint } from '../../platform/test-hold.js';
import { getContact } from '../contacts/service.js';
import { removeFiles } from '../files/service.js';
import { type Existing, quoteSpacesOf, resolveForwarder } from './from-quote.js';
import { type MailEvent, notifyChange } from './notify.js';
import {
  hidesForwarder,
  presentDetail,
  presentDocument,
  presentForm,
  presentHistory,
  presentInstructions,
  presentRow,
  presentSchedule,
  type Reader,
  statusName,
} from './present.js';
import {
  type BookingValues,
  changeStatus,
  containerNames,
  countryNames,
  deleteDraftBooking,
  documentFileIds,
  documentsOf,
  findBooking,
  findBookingPage,
  findIncoterm,
  findMember,
  historyOf,
  insertBooking,
  insertHistory,
  instructionsOf,
  type LineValues,
  linesOf,
  lockBookings,
  markAccepted,
  nextOrderNo,
  rawLines,
  referenceCheck,
  saveInstructions,
  type Scope,
  updateDraftBooking,
} from './repo.js';

export type Viewer = { id: number; username: string; authorities: string[] };
type Common = { db: Db; locale: Locale };
/** The reader's authorities: whether a booking's forwarder may be named to them (hidesForwarder). */
type Authorities = { authorities?: readonly string[] | undefined };
type WithMail = Common & { mailer: Mailer; log?: FastifyBaseLogger | undefined };

const zhOf = (locale: Locale) => locale === 'zh-CN';
const scopeOf = (party: BookingParty, viewerId: number): Scope =>
  party === 'member' ? { ownerId: viewerId } : { forwarderId: viewerId };
const notFound = () => new AppError(404, 'errors.notFound');

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

/* ---------- reading ---------- */

export async function listBookings(
  options: Common & Authorities & { party: BookingParty; viewerId: number; query: BookingQuery },
): Promise<ListData<BookingRow>> {
  const { rows, total } = await findBookingPage(
    options.db,
    scopeOf(options.party, options.viewerId),
    options.query,
    zhOf(options.locale),
  );
  return { lists: rows.map((row) => presentRow(row, options.locale, options)), total };
}

async function loadForm(db: Db, scope: Scope, id: number, locale: Locale, reader: Reader) {
  const row = await findBooking(db, scope, id, zhOf(locale));
  if (!row) throw notFound();
  const [lines, countries, quoteSpaces] = await Promise.all([
    linesOf(db, id, zhOf(locale)),
    countryNames(db, [row.booking.shipper.countryId, row.booking.consignee.countryId], zhOf(locale)),
    quoteSpacesOf(db, row.booking.quoteId, locale),
  ]);
  const hidden = hidesForwarder(reader, row.booking);
  return { row, hidden, form: presentForm(row, lines, countries, { hidden, quoteSpaces }) };
}

/** GET /order/booking/{id}: the member's booking as the form edits it. */
export async function getBookingForm(
  options: Common & Authorities & { viewerId: number; id: number },
): Promise<BookingForm> {
  const reader = { party: 'member' as const, authorities: options.authorities };
  return (await loadForm(options.db, { ownerId: options.viewerId }, options.id, options.locale, reader)).form;
}

/** The detail with its timeline, documents and shipping instructions, for the member or the forwarder. */
export async function getBookingDetail(
  options: Common & Authorities & { party: BookingParty; viewerId: number; id: number },
): Promise<BookingDetail> {
  const { db, locale } = options;
  const scope = scopeOf(options.party, options.viewerId);
  const { row, form, hidden } = await loadForm(db, scope, options.id, locale, options);
  const [history, documents, instructions] = await Promise.all([
    historyOf(db, options.id, zhOf(locale)),
    documentsOf(db, options.id, zhOf(locale)),
    instructionsOf(db, options.id),
  ]);
  return presentDetail({
    row,
    form,
    history: presentHistory(history, locale, hidden),
    documents: documents.map((d) => presentDocument(d, options.viewerId, locale, hidden)),
    shipment: presentInstructions(instructions),
    party: options.party,
    locale,
  });
}

/** GET /order/docking/{id}: the forwarder's contact (unless hidden) and the vessel schedule. */
export async function getDocking(
  options: Common & Authorities & { viewerId: number; id: number },
): Promise<BookingDocking> {
  const row = await findBooking(options.db, { ownerId: options.viewerId }, options.id, zhOf(options.locale));
  if (!row) throw notFound();
  const schedule = presentSchedule(row);
  if (hidesForwarder({ party: 'member', authorities: options.authorities }, row.booking))
    return { forwarder: null, forwarder_hidden: true, schedule };
  const forwarder = await findMember(options.db, row.booking.forwarderId);
  if (!forwarder) throw notFound();
  return {
    forwarder: {
      id: forwarder.id,
      company: forwarder.company1,
      company2: forwarder.company2,
      linkman: forwarder.linkman,
      phone: forwarder.phone,
      email: forwarder.username,
    },
    forwarder_hidden: false,
    schedule,
  };
}

/** GET /order/shipment/{id}: what was booked and the shipping instructions so far. */
export async function getShipment(
  options: Common & { viewerId: number; id: number },
): Promise<BookingShipment> {
  const reader = { party: 'member' as const };
  const { row, form } = await loadForm(
    options.db,
    { ownerId: options.viewerId },
    options.id,
    options.locale,
    reader,
  );
  return {
    id: row.booking.id,
    order_no: row.booking.orderNo,
    status: row.booking.status,
    container_mode: row.booking.containerMode,
    editable: canBooking('submit_si', row.booking.status),
    booked: form.totals.containers,
    instructions: presentInstructions(await instructionsOf(options.db, options.id)),
  };
}

/* ---------- the form: checks and values ---------- */

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

async function snapshot(
  db: Db,
  ownerId: number,
  id: number,
  field: 'shipper_id' | 'consignee_id',
): Promise<BookingPartySnapshot | FieldIssue> {
  try {
    const c = await getContact({ db, ownerId, id, locale: 'en-US' });
    return {
      company1: c.company1,
      company2: c.company2,
      linkman: c.linkman,
      address1: c.address1,
      address2: c.address2,
      city: c.city,
      province: c.province,
      countryId: c.country_id,
      zipCode: c.zip_code,
      phone: c.phone,
      email: c.email,
    };
  } catch (error) {
    if (isNotFound(error)) return { field, key: 'booking.contactNotYours' };
    throw error;
  }
}

/**
 * Checks a booking form against the contract and the data it names (contacts of the member's own
 * book, reference ids, the quote and the forwarder) and turns it into rows. Field errors are
 * collected and answered together (400).
 */
async function toBookingValues(
  db: Db,
  viewer: Viewer,
  input: unknown,
  locale: Locale,
  existing?: Existing,
): Promise<{ values: BookingValues; lines: LineValues[] }> {
  const parsed = bookingInput.safeParse(input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const v = parsed.data;
  if (!isReadyDateAllowed(v.ready_date))
    throw new AppError(400, 'booking.readyDatePast', {}, [{ field: 'ready_date' }]);
  const { forwarderId, quoteId } = await resolveForwarder(db, viewer, v, locale, existing);

  const fcl = v.container_mode === CONTAINER_MODES.fcl;
  const lineInputs = fcl
    ? v.containers.map((c) => ({ ...c, field: 'containers' }))
    : v.cargo_items.map((c) => ({
        ...c,
        container_id: null,
        container_no: '',
        seal_no: '',
        quantity: 1,
        field: 'cargo_items',
      }));
  const [shipper, consignee, incoterm, known] = await Promise.all([
    snapshot(db, viewer.id, v.shipper_id, 'shipper_id'),
    snapshot(db, viewer.id, v.consignee_id, 'consignee_id'),
    findIncoterm(db, v.incoterm),
    referenceCheck(db, {
      ports: [v.pol_id, v.pod_id, v.to_id],
      carriers: v.carrier_id === null ? [] : [v.carrier_id],
      containers: lineInputs.flatMap((l) => (l.container_id === null ? [] : [l.container_id])),
      units: lineInputs.map((l) => l.unit_id),
    }),
  ]);
  const bad: FieldIssue[] = [];
  if ('field' in shipper) bad.push(shipper);
  if ('field' in consignee) bad.push(consignee);
  if (!incoterm) bad.push({ field: 'incoterm' });
  for (const field of ['pol_id', 'pod_id', 'to_id'] as const)
    if (!known.ports.has(v[field])) bad.push({ field });
  if (v.carrier_id !== null && !known.carriers.has(v.carrier_id)) bad.push({ field: 'carrier_id' });
  lineInputs.forEach((line, i) => {
    if (line.container_id !== null && !known.containers.has(line.container_id))
      bad.push({ field: `${line.field}.${i}.container_id` });
    if (!known.packageUnits.has(line.unit_id)) bad.push({ field: `${line.field}.${i}.unit_id` });
  });
  if (bad.length > 0 || 'field' in shipper || 'field' in consignee || !incoterm)
    throw new AppError(400, 'validation.invalidValue', {}, bad);

  const lines: LineValues[] = lineInputs.map((line, i) => ({
    lineNo: i + 1,
    containerId: line.container_id,
    containerNo: line.container_no,
    sealNo: line.seal_no,
    quantity: line.quantity,
    hsCode: line.hs_code,
    description: line.description,
    packages: line.packages,
    unitId: line.unit_id,
    weight: line.weight,
    volume: line.volume,
  }));
  return {
    values: {
      forwarderId,
      quoteId,
      // Once from a quote, always: a draft edit keeps the quote, and a deleted quote changes nothing.
      fromQuote: quoteId !== null || (existing?.fromQuote ?? false),
      containerMode: v.container_mode,
      shipperId: v.shipper_id,
      shipper,
      consigneeId: v.consignee_id,
      consignee,
      custRefNo: v.cust_ref_no,
      readyDate: v.ready_date,
      incotermId: incoterm.id,
      placeOfReceipt: v.place_of_receipt,
      polId: v.pol_id,
      podId: v.pod_id,
      toId: v.to_id,
      carrierId: v.carrier_id,
      remark: v.remark,
      totalWeight: sum3(lines.map((l) => l.weight)),
      totalVolume: sum3(lines.map((l) => l.volume)),
      totalPackages: lines.reduce((sum, l) => sum + l.packages, 0),
    },
    lines,
  };
}

/* ---------- member: create, edit, copy, delete ---------- */

async function insertWithNumber(
  db: Db,
  ownerId: number,
  values: BookingValues,
  lines: LineValues[],
  history: { action: 'create' | 'copy'; reason: string },
  submit = false,
): Promise<number> {
  return db.transaction(async (tx) => {
    const orderNo = await nextOrderNo(tx);
    const id = await insertBooking(tx, { ...values, orderNo, ownerId }, lines);
    await insertHistory(tx, [
      {
        bookingId: id,
        action: history.action,
        fromStatus: null,
        toStatus: BOOKING_STATUS.draft,
        actorId: ownerId,
        actorRole: 'member',
        reason: history.reason,
      },
    ]);
    if (submit) await submitDraft(tx, ownerId, { id, orderNo, readyDate: values.readyDate ?? null });
    await holdPoint('booking-create', `booking ${id}`);
    return id;
  });
}

/** A draft can be submitted once its ready date is set and not past (a copy's may be cleared). */
function assertSubmittable(row: { orderNo: string; readyDate: string | null }): void {
  if (row.readyDate === null)
    throw new AppError(409, 'booking.readyDateMissing', { order_no: row.orderNo }, [{ field: 'ready_date' }]);
  if (!isReadyDateAllowed(row.readyDate))
    throw new AppError(400, 'booking.readyDatePast', {}, [{ field: 'ready_date' }]);
}

/** Moves the owner's draft to the forwarder (0 → 1) inside the caller's transaction. */
async function submitDraft(
  tx: Db,
  ownerId: number,
  row: { id: number; orderNo: string; readyDate: string | null },
): Promise<void> {
  assertSubmittable(row);
  const def = BOOKING_ACTIONS.submit;
  const changed = await changeStatus(tx, { ownerId }, [row.id], def.from, def.to);
  if (changed.length === 0) throw notFound();
  await insertHistory(tx, [
    {
      bookingId: row.id,
      action: 'submit',
      fromStatus: BOOKING_STATUS.draft,
      toStatus: def.to,
      actorId: ownerId,
      actorRole: 'member',
      reason: '',
    },
  ]);
}

/** The forwarder's mail when a draft was submitted with its save. */
const submittedMail = (options: WithMail, bookingId: number) =>
  notifyChange({ ...options, bookingId, event: { action: 'submit', from: BOOKING_STATUS.draft, to: 1 } });

/**
 * The reply's detail and the change's mail read the committed booking side by side: each is a few
 * round trips to the database, and under load every round trip waits its turn. The mail itself is
 * sent in the background by notifyChange. Both are settled before the reply, so a failed detail
 * read does not answer while the mail is still being prepared (nor lose its failure).
 */
async function detailAndMail(detail: Promise<BookingDetail>, mail: Promise<void>): Promise<BookingDetail> {
  const [read, sent] = await Promise.allSettled([detail, mail]);
  if (read.status === 'rejected') throw read.reason;
  if (sent.status === 'rejected') throw sent.reason;
  return read.value;
}

/**
 * POST /order/booking: a new draft, which mails nobody; with `submit` it is also submitted to its
 * forwarder in the same transaction, and the forwarder is mailed.
 */
export async function createBooking(
  options: WithMail & { viewer: Viewer; input: unknown; submit?: boolean },
): Promise<BookingDetail> {
  const { values, lines } = await toBookingValues(options.db, options.viewer, options.input, options.locale);
  const id = await insertWithNumber(
    options.db,
    options.viewer.id,
    values,
    lines,
    { action: 'create', reason: '' },
    options.submit,
  );
  const detail = getBookingDetail({
    ...options,
    party: 'member',
    viewerId: options.viewer.id,
    authorities: options.viewer.authorities,
    id,
  });
  return options.submit ? detailAndMail(detail, submittedMail(options, id)) : detail;
}

/** POST /order/{id}/submit: the owner sends a draft to its forwarder (0 → 1), who is mailed. */
export function submitBooking(options: WithMail & Authorities & { viewerId: number; id: number }) {
  return transition({
    ...options,
    party: 'member',
    action: 'submit',
    within: async (_tx, row) => assertSubmittable(row),
  });
}

/**
 * PUT /order/booking/{id}: only while the booking is a draft (409 otherwise); with `submit` it is
 * also submitted, in the same transaction.
 */
export async function changeBooking(
  options: WithMail & { viewer: Viewer; id: number; input: unknown; submit?: boolean },
): Promise<BookingDetail> {
  const scope = { ownerId: options.viewer.id };
  const current = await findBooking(options.db, scope, options.id, false);
  if (!current) throw notFound();
  if (!canBooking('edit', current.booking.status)) throw wrongStatus(options.locale, 'edit', current.booking);
  const { values, lines } = await toBookingValues(options.db, options.viewer, options.input, options.locale, {
    quoteId: current.booking.quoteId,
    fromQuote: current.booking.fromQuote,
    forwarderId: current.booking.forwarderId,
  });
  // FCL and LCL are different bookings: an edit may not turn one into the other (its lines would go).
  if (values.containerMode !== current.booking.containerMode) {
    throw new AppError(409, 'booking.modeChange', {}, [{ field: 'container_mode' }]);
  }
  await options.db.transaction(async (tx) => {
    if (await updateDraftBooking(tx, options.viewer.id, options.id, values, lines)) {
      if (options.submit)
        await submitDraft(tx, options.viewer.id, {
          id: options.id,
          orderNo: current.booking.orderNo,
          readyDate: values.readyDate ?? null,
        });
      return;
    }
    const [now] = await lockBookings(tx, scope, [options.id]);
    if (!now) throw notFound();
    throw wrongStatus(options.locale, 'edit', now);
  });
  const detail = getBookingDetail({
    ...options,
    party: 'member',
    viewerId: options.viewer.id,
    authorities: options.viewer.authorities,
    id: options.id,
  });
  return options.submit ? detailAndMail(detail, submittedMail(options, options.id)) : detail;
}

/**
 * POST /order/{id}/copy: a new status-0 booking with a new order number and the same form fields
 * and lines (no schedule, SI, documents or history; container and seal numbers cleared). A ready date that has passed is cleared: the
 * copy opens in the editor, which asks for a new one, and the forwarder cannot accept it before.
 */
export async function copyBooking(
  options: WithMail & { viewer: Viewer; id: number },
): Promise<BookingDetail> {
  const original = await findBooking(options.db, { ownerId: options.viewer.id }, options.id, false);
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
    options.viewer.id,
    {
      forwarderId: b.forwarderId,
      quoteId: b.quoteId,
      fromQuote: b.fromQuote,
      containerMode: b.containerMode,
      shipperId: b.shipperId,
      shipper: b.shipper,
      consigneeId: b.consigneeId,
      consignee: b.consignee,
      custRefNo: b.custRefNo,
      readyDate,
      incotermId: b.incotermId,
      placeOfReceipt: b.placeOfReceipt,
      polId: b.polId,
      podId: b.podId,
      toId: b.toId,
      carrierId: b.carrierId,
      remark: b.remark,
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
    viewerId: options.viewer.id,
    authorities: options.viewer.authorities,
    id,
  });
}

/** DELETE /order/{id}: only a status-0 booking (409 otherwise); its documents go with it. */
export async function deleteBooking(
  options: Common & { storage: FileStorage; viewerId: number; id: number },
): Promise<{ deleted: number }> {
  const scope = { ownerId: options.viewerId };
  const fileIds = await options.db.transaction(async (tx) => {
    const [row] = await lockBookings(tx, scope, [options.id]);
    if (!row) throw notFound();
    if (!canBooking('delete', row.status)) throw wrongStatus(options.locale, 'delete', row);
    const ids = await documentFileIds(tx, [options.id]);
    if (!(await deleteDraftBooking(tx, options.viewerId, options.id))) throw notFound();
    return ids;
  });
  await removeFiles({ db: options.db, storage: options.storage, ids: fileIds });
  return { deleted: 1 };
}

/* ---------- status changes ---------- */

/**
 * Moves one booking through `action` for `party`: locks the row, checks the status (409 naming it
 * otherwise), applies `patch`, records the history entry and mails the other side.
 */
async function transition(
  options: WithMail &
    Authorities & {
      party: BookingParty;
      viewerId: number;
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
  const scope = scopeOf(options.party, options.viewerId);
  const from = await options.db.transaction(async (tx) => {
    const [row] = await lockBookings(tx, scope, [options.id]);
    if (!row) throw notFound();
    if (!(def.from as readonly number[]).includes(row.status))
      throw wrongStatus(options.locale, options.action, row);
    await options.within?.(tx, row);
    await changeStatus(tx, scope, [row.id], [row.status], def.to, options.patch ?? {});
    await insertHistory(tx, [
      {
        bookingId: row.id,
        action: options.action,
        fromStatus: row.status,
        toStatus: def.to,
        actorId: options.viewerId,
        actorRole: options.party,
        reason: options.reason ?? '',
      },
    ]);
    return row.status;
  });
  return detailAndMail(
    getBookingDetail({ ...options, party: options.party, viewerId: options.viewerId, id: options.id }),
    notifyChange({
      ...options,
      bookingId: options.id,
      event: {
        action: options.action,
        from,
        to: def.to,
        reason: options.reason ?? '',
        ...(options.details ? { details: options.details } : {}),
      },
    }),
  );
}

/** POST /order/{id}/cancel: the member cancels with a reason, while not yet shipped. */
export function cancelBooking(
  options: WithMail & Authorities & { viewerId: number; id: number; reason: string },
) {
  return transition({
    ...options,
    party: 'member',
    action: 'cancel',
    reason: options.reason,
    patch: { cancelledBy: 'member', cancelReason: options.reason },
  });
}

/** PUT /order/cancel: several of the member's bookings, all or nothing. */
export async function cancelBookings(
  options: WithMail & { viewerId: number; ids: number[]; reason: string },
): Promise<{ cancelled: number }> {
  const ids = [...new Set(options.ids)];
  const scope = { ownerId: options.viewerId };
  const def = BOOKING_ACTIONS.cancel;
  const rows = await options.db.transaction(async (tx) => {
    const found = await lockBookings(tx, scope, ids);
    if (found.length !== ids.length) throw new AppError(404, 'booking.notAllYours');
    const refused = found.filter((row) => !(def.from as readonly number[]).includes(row.status));
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
        actorId: options.viewerId,
        actorRole: 'member',
        reason: options.reason,
      })),
    );
    return found;
  });
  for (const row of rows)
    await notifyChange({
      ...options,
      bookingId: row.id,
      event: { action: 'cancel', from: row.status, to: def.to, reason: options.reason },
    });
  return { cancelled: rows.length };
}

/**
 * PUT /order/shipment/{id}: the member's shipping instructions, at status 2 only; moves the
 * booking to 3. FCL instructions name the stuffed containers (types that were booked, no more of
 * a type than booked, no number twice); LCL instructions name none.
 */
export function submitShipment(
  options: WithMail & Authorities & { viewerId: number; id: number; input: unknown },
) {
  return transition({
    ...options,
    party: 'member',
    action: 'submit_si',
    within: async (tx, row) => {
      const parsed = shipmentInput.safeParse(options.input, PARSE_OPTIONS);
      if (!parsed.success) throw new RequestValidationError(parsed.error);
      const si = parsed.data;
      if (row.containerMode === CONTAINER_MODES.lcl && si.containers.length > 0)
        throw new AppError(400, 'booking.siNoContainers', {}, [{ field: 'containers' }]);
      if (row.containerMode === CONTAINER_MODES.fcl) {
        if (si.containers.length === 0)
          throw new AppError(400, 'booking.siAddContainer', {}, [{ field: 'containers' }]);
        const booked = new Map<number, number>();
        for (const line of await rawLines(tx, row.id))
          if (line.containerId !== null)
            booked.set(line.containerId, (booked.get(line.containerId) ?? 0) + line.quantity);
        const names = await containerNames(tx, [...booked.keys()]);
        const used = new Map<number, number>();
        const numbers = new Set<string>();
        const bad: FieldIssue[] = [];
        si.containers.forEach((c, i) => {
          const max = booked.get(c.container_id);
          const count = (used.get(c.container_id) ?? 0) + 1;
          used.set(c.container_id, count);
          if (max === undefined)
            bad.push({ field: `containers.${i}.container_id`, key: 'validation.invalidValue' });
          else if (count > max)
            bad.push({
              field: `containers.${i}.container_id`,
              key: 'booking.siTooManyContainers',
              params: { container: names.get(c.container_id) ?? '', max },
            });
          if (numbers.has(c.container_no))
            bad.push({
              field: `containers.${i}.container_no`,
              key: 'booking.siDuplicateContainer',
              params: { value: c.container_no },
            });
          numbers.add(c.container_no);
        });
        const first = bad[0];
        if (first) throw new AppError(400, first.key ?? 'validation.invalidValue', first.params ?? {}, bad);
      }
      await saveInstructions(
        tx,
        {
          bookingId: row.id,
          notifyParty: si.notify_party,
          marks: si.marks,
          description: si.description,
          blType: si.bl_type,
          freightTerm: si.freight_term,
          remark: si.remark,
          submittedBy: options.viewerId,
        },
        si.containers.map((c) => ({
          containerId: c.container_id,
          containerNo: c.container_no,
          sealNo: c.seal_no,
        })),
      );
    },
  });
}

/* ---------- forwarder ---------- */

type ForwarderAction = WithMail & { viewerId: number; id: number };

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

export function releaseSpace(
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
    };
  },
) {
  const v = options.input;
  const cutoffs = CUTOFF_FIELDS.map((field) => [field, v[field] || null] as const);
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
    },
    // Releasing space accepts the booking, if the forwarder had not accepted it before.
    within: (tx, row) => markAccepted(tx, row.id),
    details: [
      ['so_no', v.so_no],
      ['vessel', v.vessel],
      ['voyage', v.voyage],
      ['etd', v.etd],
      ['eta', v.eta],
      ...cutoffs.flatMap(([field, value]) => (value ? [[field, value] as [string, string]] : [])),
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
  return transition({
    ...options,
    party: 'forwarder',
    action: 'void',
    reason: options.reason,
    patch: { cancelledBy: 'forwarder', cancelReason: options.reason },
  });
}

/* ---------- export ---------- */

const EXPORT_COLUMNS: [MessageKey, (row: BookingRow, locale: Locale) => string][] = [
  ['bookingExport.orderNo', (r) => r.order_no],
  ['bookingExport.custRefNo', (r) => r.cust_ref_no],
  ['bookingExport.status', (r) => r.status_name],
  [
    'bookingExport.mode',
    (r, l) =>
      translate(l, r.container_mode === 1 ? 'dictionary.containerMode.fcl' : 'dictionary.containerMode.lcl'),
  ],
  [
    'bookingExport.forwarder',
    (r, l) => (r.forwarder_hidden ? translate(l, 'booking.quoteForwarder') : r.forwarder_name),
  ],
  ['bookingExport.customer', (r) => r.customer_name],
  ['bookingExport.carrier', (r) => r.carrier_name],
  ['bookingExport.pol', (r) => r.pol_name],
  ['bookingExport.pod', (r) => r.pod_name],
  ['bookingExport.to', (r) => r.to_name],
  ['bookingExport.vessel', (r) => r.vessel],
  ['bookingExport.voyage', (r) => r.voyage],
  ['bookingExport.etd', (r, l) => formatDate(r.etd, l)],
  ['bookingExport.eta', (r, l) => formatDate(r.eta, l)],
  ['bookingExport.soNo', (r) => r.so_no],
  ['bookingExport.blNo', (r) => r.bl_no],
  ['bookingExport.created', (r, l) => formatDate(r.create_time, l)],
];

/** The filtered list (newest first, at most BOOKING_EXPORT_MAX_ROWS) as .xlsx, headers in the request's language. */
export async function exportBookings(
  options: Common & Authorities & { party: BookingParty; viewerId: number; query: BookingQuery },
): Promise<Buffer> {
  const { rows } = await findBookingPage(
    options.db,
    scopeOf(options.party, options.viewerId),
    { ...options.query, page: 1, size: BOOKING_EXPORT_MAX_ROWS },
    zhOf(options.locale),
    false,
  );
  const { locale } = options;
  const lines = rows.map((row) => presentRow(row, locale, options));
  return writeWorkbook([
    {
      name: translate(locale, 'bookingExport.sheet'),
      rows: [
        EXPORT_COLUMNS.map(([key]) => translate(locale, key)),
        ...lines.map((line) => EXPORT_COLUMNS.map(([, value]) => value(line, locale))),
      ],
    },
  ]);
}
