import {
  type BookingAction,
  bookingActionsFor,
  type BookingDetail,
  type BookingDocument,
  type BookingForm,
  type BookingHistoryEntry,
  type BookingParty,
  bookingState,
  bookingStatusColor,
  BOOKING_ACTION_NAMES,
  BL_TYPES,
  type DocumentType,
  documentTypeKey,
  FREIGHT_TERMS,
  type Locale,
  type ShipmentInstructions,
  translate,
} from '@freight/contract';
import { date, presentSchedule, statusName } from './present.js';
import type { BookingJoined, documentsOf, historyOf, instructionsOf } from './repo.js';

/* The detail's parts beyond the form: timeline, documents, shipping instructions, and the detail itself. */

type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

/** The timeline; `hidden`: the forwarder's entries do not name it (hidesForwarder). */
export function presentHistory(rows: HistoryRow[], locale: Locale, hidden: boolean): BookingHistoryEntry[] {
  return rows.map(({ entry, actorName }) => {
    const action = (BOOKING_ACTION_NAMES as string[]).includes(entry.action)
      ? (entry.action as BookingAction)
      : 'edit';
    return {
      id: entry.id,
      action,
      action_name: translate(locale, `bookingAction.${action}`),
      from_status: entry.fromStatus,
      from_name: entry.fromStatus === null ? null : statusName(locale, entry.fromStatus),
      to_status: entry.toStatus,
      to_name: statusName(locale, entry.toStatus),
      actor: entry.actorRole === 'forwarder' ? 'forwarder' : 'member',
      actor_name: hidden && entry.actorRole === 'forwarder' ? '' : (actorName ?? ''),
      person_name: hidden && entry.actorRole === 'forwarder' ? '' : entry.actorName,
      reason:
        action === 'copy' && entry.reason
          ? translate(locale, 'booking.copyReason', { order_no: entry.reason })
          : entry.reason,
      create_time: date(entry.createdAt),
    };
  });
}

type DocumentRow = Awaited<ReturnType<typeof documentsOf>>[number];

/** A booking document; `hidden`: the forwarder's uploads do not name it (hidesForwarder). */
export function presentDocument(
  row: DocumentRow,
  viewerCompanyId: number,
  locale: Locale,
  hidden: boolean,
): BookingDocument {
  const d = row.document;
  const type = d.documentType as DocumentType;
  return {
    id: d.id,
    order_id: d.bookingId,
    document_type: type,
    document_type_name: translate(locale, documentTypeKey(type)),
    description: d.description,
    file_name: d.fileName,
    content_type: row.contentType,
    size: row.size,
    uploaded_by: d.uploaderRole === 'forwarder' ? 'forwarder' : 'member',
    uploader_name: hidden && d.uploaderRole === 'forwarder' ? '' : row.uploaderName,
    uploader_person: hidden && d.uploaderRole === 'forwarder' ? '' : d.uploaderPerson,
    own: d.uploaderId === viewerCompanyId,
    url: `/api/document/download/${d.id}`,
    create_time: date(d.createdAt),
  };
}

export function presentInstructions(
  found: Awaited<ReturnType<typeof instructionsOf>>,
): ShipmentInstructions | null {
  if (!found) return null;
  const { row, containers } = found;
  return {
    bl_shipper: row.blShipper,
    bl_consignee: row.blConsignee,
    notify_party: row.notifyParty,
    bl_issuer: row.blIssuer === 'house' ? 'house' : 'carrier',
    originals: row.originals,
    marks: row.marks,
    description: row.description,
    bl_type: (BL_TYPES as readonly string[]).includes(row.blType)
      ? (row.blType as ShipmentInstructions['bl_type'])
      : 'original',
    freight_term: (FREIGHT_TERMS as readonly string[]).includes(row.freightTerm)
      ? (row.freightTerm as ShipmentInstructions['freight_term'])
      : 'prepaid',
    remark: row.remark,
    containers: containers.map(({ container, containerName }) => ({
      container_id: container.containerId,
      container_name: containerName,
      container_no: container.containerNo,
      seal_no: container.sealNo,
      packages: container.packages,
      weight: container.weight,
      vgm: container.vgm,
    })),
    submit_time: date(row.createdAt),
  };
}

/**
 * The booked container lines with the container and seal numbers the shipping instructions gave
 * (the detail showed "-" although the SI held them). Each line takes, in order, as many
 * numbers of its container type as it has containers; a number the line had itself is kept.
 */
function withShipmentNumbers(
  lines: BookingForm['containers'],
  shipment: ShipmentInstructions | null,
): BookingForm['containers'] {
  if (!shipment || shipment.containers.length === 0) return lines;
  const pool = new Map<number, { container_no: string; seal_no: string }[]>();
  for (const c of shipment.containers) pool.set(c.container_id, [...(pool.get(c.container_id) ?? []), c]);
  return lines.map((line) => {
    if (line.container_no || line.container_id === null) return line;
    const taken = (pool.get(line.container_id) ?? []).splice(0, line.quantity);
    if (taken.length === 0) return line;
    return {
      ...line,
      container_no: taken.map((c) => c.container_no).join(', '),
      seal_no: taken
        .map((c) => c.seal_no)
        .filter(Boolean)
        .join(', '),
    };
  });
}

export function presentDetail(options: {
  row: BookingJoined;
  form: BookingForm;
  history: BookingHistoryEntry[];
  documents: BookingDocument[];
  shipment: ShipmentInstructions | null;
  party: BookingParty;
  readOnly: boolean;
  locale: Locale;
}): BookingDetail {
  const { row, locale } = options;
  const b = row.booking;
  const cancelledBy =
    b.cancelledBy === 'member' || b.cancelledBy === 'forwarder' ? (b.cancelledBy as BookingParty) : null;
  return {
    ...options.form,
    containers: withShipmentNumbers(options.form.containers, options.shipment),
    status_name: statusName(locale, b.status),
    status_color: bookingStatusColor(b.status),
    state: bookingState(b.status, cancelledBy, b.acceptedAt !== null),
    accepted_at: b.acceptedAt ? date(b.acceptedAt) : null,
    container_mode_name: translate(
      locale,
      b.containerMode === 1 ? 'dictionary.containerMode.fcl' : 'dictionary.containerMode.lcl',
    ),
    customer_name: row.customerName,
    carrier_name: row.carrierName ?? '',
    pol_name: row.polName ?? '',
    pod_name: row.podName ?? '',
    to_name: row.toName ?? '',
    transshipment_name: row.transshipmentName ?? '',
    transshipment_code: row.transshipmentCode ?? '',
    incoterm_name: row.incotermName ?? '',
    schedule: presentSchedule(row),
    cancelled_by: cancelledBy,
    cancel_reason: b.cancelReason,
    shipment: options.shipment,
    history: options.history,
    documents: options.documents,
    actions: options.readOnly ? [] : bookingActionsFor(options.party, b.status, b.acceptedAt !== null),
    create_time: date(b.createdAt),
    update_time: date(b.updatedAt),
  };
}
