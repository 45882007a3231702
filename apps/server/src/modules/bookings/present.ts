import {
  CONTAINER_MODES,
  fixed3,
  lineTotals,
  type BookingForm,
  type BookingParty,
  type BookingPartyInfo,
  type BookingRow,
  type BookingSchedule,
  bookingState,
  bookingStatusKey,
  type BookingTotals,
  cutoffTimeZone,
  isForwarderHidden,
  placeText,
  type Locale,
  type QuoteSpace,
  translate,
  zonedIso,
  presentCommodity,
} from '@freight/contract';
import type { BookingPartySnapshot } from '../../db/schema.js';
import { partiesForm } from './booking-parties.js';
import { serviceTermOf, termForm } from './booking-terms.js';
import { cargoTermsOf, containerTermsOf } from './line-terms.js';
import type { BookingJoined, BookingListed, linesOf } from './repo.js';

/*
 * Bookings as the list and the form show them, and what every reply shares (status names, whether
 * the forwarder is named). The detail's further parts are in present-detail.ts.
 */

type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** Totals of a booking's lines: weight, volume and packages, and for FCL the containers by type. */
function totalsOf(
  lines: {
    containerId: number | null;
    containerName: string | null;
    quantity: number;
    packages: number | null;
    weight: string | null;
    volume: string | null;
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

export const date = (value: Date) => value.toISOString();

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
    pol_name: row.polName ?? '',
    pod_name: row.podName ?? '',
    to_name: row.toName ?? '',
    place_of_delivery: placeText({
      name: b.placeOfDelivery,
      country: b.placeOfDeliveryCountry,
      code: b.placeOfDeliveryCode,
    }),
    vessel: b.vessel,
    voyage: b.voyage,
    etd: b.etd,
    eta: b.eta,
    bl_no: b.blNo,
    so_no: b.soNo,
    service_term: serviceTermOf(b),
    requested_etd: b.requestedEtd,
    special_cargo: b.specialCargo,
    service_contract_reference: b.serviceContractReference,
    transport_document_type:
      b.transportDocumentType === 'BOL' || b.transportDocumentType === 'SWB' ? b.transportDocumentType : '',
    forwarder_name: hidden ? '' : (row.forwarderName ?? ''),
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
  options: { hidden: boolean; quoteSpaces: QuoteSpace[]; units: ReadonlyMap<number, string> },
): BookingForm {
  const unitName = (id: number) => options.units.get(id) ?? '';
  const b = row.booking;
  const items = lines.map(({ line, unitName, containerName }) => ({
    id: line.id,
    hs_code: line.hsCode,
    description: line.description,
    packages: line.packages,
    unit_id: line.unitId,
    unit_name: unitName ?? '',
    // A draft's line may not have them yet: shown empty, not as 0.000.
    weight: line.weight === null ? '' : fixed3(line.weight),
    volume: line.volume === null ? '' : fixed3(line.volume),
    container: { id: line.containerId, name: containerName ?? '', no: line.containerNo, seal: line.sealNo },
    quantity: line.quantity,
    line,
  }));
  return {
    id: b.id,
    order_no: b.orderNo,
    status: b.status,
    container_mode: b.containerMode,
    forwarder_id: options.hidden ? null : b.forwarderId,
    forwarder_name: options.hidden ? '' : (row.forwarderName ?? ''),
    forwarder_hidden: options.hidden,
    quote_id: b.quoteId,
    quote_spaces: options.quoteSpaces,
    shipper_id: b.shipperId,
    shipper: presentParty(b.shipper, countries),
    consignee_id: b.consigneeId,
    consignee: presentParty(b.consignee, countries),
    cust_ref_no: b.custRefNo,
    ready_date: b.readyDate,
    incoterm: row.incotermCode ?? '',
    place_of_receipt: b.placeOfReceipt,
    pol_id: b.polId,
    pod_id: b.podId,
    to_id: b.toId,
    carrier_id: b.carrierId,
    remark: b.remark,
    freight_term: b.freightTerm === 'prepaid' || b.freightTerm === 'collect' ? b.freightTerm : '',
    notify_party: b.notifyParty,
    commodity_cn: b.commodityCn,
    ...termForm(b),
    ...partiesForm(b),
    // By the booking's mode: a draft's container line may not have its type yet.
    cargo_items: items
      .filter(() => b.containerMode !== CONTAINER_MODES.fcl)
      .map(({ container: _c, quantity: _q, line, ...item }) => ({ ...item, ...cargoTermsOf(line) })),
    containers: items
      .filter(() => b.containerMode === CONTAINER_MODES.fcl)
      .map(({ container, line, ...item }) => ({
        ...item,
        ...containerTermsOf(line),
        commodities: line.commodities.map((c) => presentCommodity(c, unitName)),
        container_id: container.id,
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
  const zone = cutoffTimeZone(row.polTimeZone);
  const cutoff = (value: Date | null) => (value ? zonedIso(value, zone) : null);
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
    time_zone: zone,
    pickup_depot: b.pickupDepot,
    return_terminal: b.returnTerminal,
  };
}
