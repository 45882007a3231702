import {
  fixed3,
  lineTotals,
  type BookingAction,
  bookingActionsFor,
  type BookingDetail,
  type BookingDocument,
  type BookingForm,
  type BookingHistoryEntry,
  type BookingParty,
  type BookingPartyInfo,
  type BookingRow,
  type BookingSchedule,
  bookingState,
  bookingStatusColor,
  bookingStatusKey,
  type BookingTotals,
  BOOKING_ACTION_NAMES,
  BL_TYPES,
  type DocumentType,
  documentTypeKey,
  FREIGHT_TERMS,
  isForwarderHidden,
  type Locale,
  type QuoteSpace,
  type ShipmentInstructions,
  translate,
} from '@freight/contract';
import type { BookingPartySnapshot } from '../../db/schema.js';
import type {
  BookingJoined,
  BookingListed,
  documentsOf,
  historyOf,
  instructionsOf,
  linesOf,
} from './repo.js';

/* KG and CBM with 3 places, summed as integers: the contract's (booking-totals.ts). */
export { fixed3, sum3 } from '@freight/contract'; // bench reads these from here

type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** Totals of a booking's lines: weight, volume and packages, and for FCL the containers by type. */
export function totalsOf(
  lines: {
    containerId: number | null;
    containerName: string | null;
    quantity: number;
    packages: number;
    weight: string;
    volume: string;
  }[],
): BookingTotals {
  const byType = new Map<number, { container_id: number; container_name: string; quantity: number }>();
  for (const line of lines) {
    if (line.containerId === null) continue;
    const entry = byType.get(line.containerId) ?? {
      container_id: line.containerId,
      container_name: line.containerName ?? '',
      quantity: 0,
    };
    entry.quantity += line.quantity;
    byType.set(line.containerId, entry);
  }
  const containers = [...byType.values()];
  const { weight, volume, packages } = lineTotals(lines, false);
  return {
    weight,
    volume,
    packages,
    containers,
    container_count: containers.reduce((sum, c) => sum + c.quantity, 0),
  };
}

export function statusName(locale: Locale, status: number): string {
  return translate(locale, bookingStatusKey(status));
}

const date = (value: Date) => value.toISOString();

/** Who reads a booking: its member or its forwarder, with the reader's authorities. */
export type Reader = { party: BookingParty; authorities?: readonly string[] | undefined };

/**
 * Whether the reader is kept from knowing the booking's forwarder (contract isForwarderHidden).
 * Without authorities given, the reader is taken to hold none: the forwarder stays hidden.
 */
export function hidesForwarder(
  reader: Reader,
  booking: { fromQuote: boolean; acceptedAt: Date | null },
): boolean {
  return isForwarderHidden({
    party: reader.party,
    authorities: reader.authorities ?? [],
    from_quote: booking.fromQuote,
    accepted: booking.acceptedAt !== null,
  });
}
const cutoff = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 16) : null);

export function presentRow(row: BookingListed, locale: Locale, reader: Reader): BookingRow {
  const b = row.booking;
  const hidden = hidesForwarder(reader, b);
  return {
    id: b.id,
    order_no: b.orderNo,
    cust_ref_no: b.custRefNo,
    status: b.status,
    status_name: statusName(locale, b.status),
    state: bookingState(b.status, b.cancelledBy as BookingParty | null, b.acceptedAt !== null),
    container_mode: b.containerMode,
    carrier_name: row.carrierName ?? '',
    pol_name: row.polName,
    pod_name: row.podName,
    to_name: row.toName,
    vessel: b.vessel,
    voyage: b.voyage,
    etd: b.etd,
    eta: b.eta,
    bl_no: b.blNo,
    so_no: b.soNo,
    forwarder_name: hidden ? '' : row.forwarderName,
    forwarder_hidden: hidden,
    customer_name: row.customerName,
    create_time: date(b.createdAt),
    update_time: date(b.updatedAt),
  };
}

function presentParty(party: BookingPartySnapshot, countries: Map<number, string>): BookingPartyInfo {
  return {
    company1: party.company1,
    company2: party.company2,
    linkman: party.linkman,
    address1: party.address1,
    address2: party.address2,
    city: party.city,
    province: party.province,
    country_id: party.countryId,
    country_name: countries.get(party.countryId) ?? '',
    zip_code: party.zipCode,
    phone: party.phone,
    email: party.email,
  };
}

export function presentForm(
  row: BookingJoined,
  lines: LineRow[],
  countries: Map<number, string>,
  options: { hidden: boolean; quoteSpaces: QuoteSpace[] },
): BookingForm {
  const b = row.booking;
  const items = lines.map(({ line, unitName, containerName }) => ({
    id: line.id,
    hs_code: line.hsCode,
    description: line.description,
    packages: line.packages,
    unit_id: line.unitId,
    unit_name: unitName,
    weight: fixed3(line.weight),
    volume: fixed3(line.volume),
    container: { id: line.containerId, name: containerName ?? '', no: line.containerNo, seal: line.sealNo },
    quantity: line.quantity,
  }));
  return {
    id: b.id,
    order_no: b.orderNo,
    status: b.status,
    container_mode: b.containerMode,
    forwarder_id: options.hidden ? null : b.forwarderId,
    forwarder_name: options.hidden ? '' : row.forwarderName,
    forwarder_hidden: options.hidden,
    quote_id: b.quoteId,
    quote_spaces: options.quoteSpaces,
    shipper_id: b.shipperId,
    shipper: presentParty(b.shipper, countries),
    consignee_id: b.consigneeId,
    consignee: presentParty(b.consignee, countries),
    cust_ref_no: b.custRefNo,
    ready_date: b.readyDate,
    incoterm: row.incotermCode,
    place_of_receipt: b.placeOfReceipt,
    pol_id: b.polId,
    pod_id: b.podId,
    to_id: b.toId,
    carrier_id: b.carrierId,
    remark: b.remark,
    cargo_items: items
      .filter((item) => item.container.id === null)
      .map(({ container: _c, quantity: _q, ...item }) => item),
    containers: items
      .filter((item) => item.container.id !== null)
      .map(({ container, ...item }) => ({
        ...item,
        container_id: container.id ?? 0,
        container_name: container.name,
        container_no: container.no,
        seal_no: container.seal,
      })),
    totals: totalsOf(
      lines.map(({ line, containerName }) => ({
        containerId: line.containerId,
        containerName,
        quantity: line.quantity,
        packages: line.packages,
        weight: line.weight,
        volume: line.volume,
      })),
    ),
  };
}

export function presentSchedule(row: BookingJoined): BookingSchedule {
  const b = row.booking;
  return {
    so_no: b.soNo,
    bl_no: b.blNo,
    carrier_name: row.carrierName ?? '',
    vessel: b.vessel,
    voyage: b.voyage,
    etd: b.etd,
    eta: b.eta,
    si_cutoff: cutoff(b.siCutoff),
    cy_cutoff: cutoff(b.cyCutoff),
    customs_cutoff: cutoff(b.customsCutoff),
    vgm_cutoff: cutoff(b.vgmCutoff),
  };
}

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
  viewerId: number,
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
    own: d.uploaderId === viewerId,
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
    notify_party: row.notifyParty,
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
    })),
    submit_time: date(row.createdAt),
  };
}

/**
 * The booked container lines with the container and seal numbers the shipping instructions gave
 * (issue 14: the detail showed "-" although the SI held them). Each line takes, in order, as many
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
    if (line.container_no) return line;
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
    pol_name: row.polName,
    pod_name: row.podName,
    to_name: row.toName,
    incoterm_name: row.incotermName,
    schedule: presentSchedule(row),
    cancelled_by: cancelledBy,
    cancel_reason: b.cancelReason,
    shipment: options.shipment,
    history: options.history,
    documents: options.documents,
    actions: bookingActionsFor(options.party, b.status, b.acceptedAt !== null),
    create_time: date(b.createdAt),
    update_time: date(b.updatedAt),
  };
}
