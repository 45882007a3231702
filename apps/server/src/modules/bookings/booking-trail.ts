import { BOOKING_ACTIVITY, type BookingAction, CONTAINER_MODES } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { type Actor, changedFields, recordActivity } from '../activity/service.js';
import { raiseEvent } from '../events/service.js';
import { TERM_FIELDS } from './booking-terms.js';
import { comparableTerms } from './line-terms.js';
import type { BookingRecord, BookingValues, LineValues } from './repo.js';

/* What a booking change writes to the company's activity trail. */

/** The form fields a member edits, by their API names. Derived columns (totals, party snapshots) are not listed. */
const FORM_FIELDS = {
  forwarderId: 'forwarder_id',
  shipperId: 'shipper_id',
  consigneeId: 'consignee_id',
  custRefNo: 'cust_ref_no',
  readyDate: 'ready_date',
  incotermId: 'incoterm',
  placeOfReceipt: 'place_of_receipt',
  polId: 'pol_id',
  podId: 'pod_id',
  toId: 'to_id',
  carrierId: 'carrier_id',
  remark: 'remark',
  freightTerm: 'freight_term',
  notifyParty: 'notify_party',
  commodityCn: 'commodity_cn',
  shipperParty: 'shipper_party',
  consigneeParty: 'consignee_party',
  consigneeIsNotify: 'consignee_is_notify',
  notifyParties: 'notify_parties',
  bookingContact: 'booking_contact',
  ...TERM_FIELDS,
} as const satisfies Partial<Record<keyof BookingValues, string>>;

/** A line as compared: decimals as numbers (the database writes 1.5 as "1.500"). */
function comparable(line: LineValues) {
  return {
    containerId: line.containerId ?? null,
    containerNo: line.containerNo ?? '',
    sealNo: line.sealNo ?? '',
    quantity: line.quantity ?? 1,
    hsCode: line.hsCode ?? '',
    description: line.description ?? '',
    packages: line.packages,
    unitId: line.unitId,
    weight: Number(line.weight),
    volume: Number(line.volume),
    ...comparableTerms(line),
  };
}

/**
 * JSON with every object's keys in order: a jsonb column gives its keys back in its own order, so
 * the same commodity read back and sent again must compare equal.
 */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** The API names of the fields a draft edit changed: form fields, then its container or cargo lines. */
export function bookingChanges(
  before: BookingRecord,
  beforeLines: LineValues[],
  values: BookingValues,
  lines: LineValues[],
): string[] {
  const fields = changedFields(before, values, FORM_FIELDS);
  const linesChanged = stableJson(beforeLines.map(comparable)) !== stableJson(lines.map(comparable));
  if (linesChanged) fields.push(values.containerMode === CONTAINER_MODES.fcl ? 'containers' : 'cargo_items');
  return fields;
}

/** Records a booking action (and, for edits, the changed fields) in the transaction of the change. */
export function recordBooking(
  tx: Db,
  actor: Actor,
  action: BookingAction,
  booking: { id: number; orderNo: string },
  fields?: string[],
): Promise<void> {
  return recordBookings(tx, actor, action, [booking], fields);
}

/** One action on several bookings (a batch cancel): the trail, and the event (notifications, webhooks). */
export async function recordBookings(
  tx: Db,
  actor: Actor,
  action: BookingAction,
  bookings: { id: number; orderNo: string }[],
  fields?: string[],
): Promise<void> {
  await raiseEvent(tx, actor, { kind: 'booking', action, ids: bookings.map((booking) => booking.id) });
  await recordActivity(
    tx,
    actor,
    ...bookings.map((booking) => ({
      kind: 'booking' as const,
      action: BOOKING_ACTIVITY[action],
      objectId: booking.id,
      label: booking.orderNo,
      fields,
    })),
  );
}
