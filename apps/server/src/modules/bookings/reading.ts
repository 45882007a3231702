import {
  BOOKING_EXPORT_MAX_ROWS,
  type BookingDetail,
  type BookingDocking,
  type BookingForm,
  type BookingParty,
  type BookingQuery,
  type BookingRow,
  type BookingShipment,
  canBooking,
  formatDate,
  type ListData,
  type Locale,
  type MessageKey,
  shipmentPrefillOf,
  translate,
  goodsText,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { getSiteConfig } from '../system/service.js';
import { writeWorkbook } from '../../platform/spreadsheet.js';
import { type Authorities, type Common, notFound, scopeOf, zhOf } from './booking-common.js';
import { quoteSpacesOf } from './from-quote.js';
import { hidesForwarder, presentForm, presentRow, presentSchedule, type Reader } from './present.js';
import { presentDetail, presentDocument, presentHistory, presentInstructions } from './present-detail.js';
import {
  countryNames,
  documentsOf,
  findBooking,
  findBookingOfParty,
  commoditiesOf,
  findBookingPage,
  findMember,
  historyOf,
  instructionsOf,
  linesOf,
  type Scope,
  unitNames,
} from './repo.js';

/* Reading bookings, either side: the list and its .xlsx export, the form, the detail, liaison and SI data. */

export async function listBookings(
  options: Common & Authorities & { party: BookingParty; viewerCompanyId: number; query: BookingQuery },
): Promise<ListData<BookingRow>> {
  const { rows, total } = await findBookingPage(
    options.db,
    scopeOf(options.party, options.viewerCompanyId),
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
  const units = await unitNames(
    db,
    lines.flatMap(({ line }) => line.commodities.flatMap((c) => (c.unit_id === null ? [] : [c.unit_id]))),
    zhOf(locale),
  );
  const hidden = hidesForwarder(reader, row.booking);
  return { row, hidden, form: presentForm(row, lines, countries, { hidden, quoteSpaces, units }) };
}

/** GET /order/booking/{id}: the member's booking as the form edits it. */
export async function getBookingForm(
  options: Common & Authorities & { viewerCompanyId: number; id: number },
): Promise<BookingForm> {
  const reader = { party: 'member' as const, authorities: options.authorities };
  return (
    await loadForm(options.db, { companyId: options.viewerCompanyId }, options.id, options.locale, reader)
  ).form;
}

/** The detail with its timeline, documents and shipping instructions, for the member or the forwarder. */
export async function getBookingDetail(
  options: Common & Authorities & { party: BookingParty; viewerCompanyId: number; id: number },
): Promise<BookingDetail> {
  const { db, locale } = options;
  const scope = scopeOf(options.party, options.viewerCompanyId);
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
    documents: documents.map((d) => presentDocument(d, options.viewerCompanyId, locale, hidden)),
    shipment: presentInstructions(instructions),
    party: options.party,
    readOnly: options.readOnly === true,
    locale,
  });
}

/**
 * The detail for whichever side of the booking asks: its member (any status) or the forwarder it
 * is addressed to (once submitted). Anyone else: 404.
 */
export async function getBookingForParty(
  options: Common & Authorities & { viewerCompanyId: number; id: number },
): Promise<{ party: BookingParty; detail: BookingDetail }> {
  const found = await findBookingOfParty(options.db, options.viewerCompanyId, options.id);
  if (!found) throw notFound();
  const party: BookingParty = found.companyId === options.viewerCompanyId ? 'member' : 'forwarder';
  return { party, detail: await getBookingDetail({ ...options, party }) };
}

/** GET /order/docking/{id}: the forwarder's contact (unless hidden) and the vessel schedule. */
export async function getDocking(
  options: Common & Authorities & { viewerCompanyId: number; id: number },
): Promise<BookingDocking> {
  const row = await findBooking(
    options.db,
    { companyId: options.viewerCompanyId },
    options.id,
    zhOf(options.locale),
  );
  if (!row) throw notFound();
  const schedule = presentSchedule(row);
  if (hidesForwarder({ party: 'member', authorities: options.authorities }, row.booking))
    return { forwarder: null, forwarder_hidden: true, schedule };
  // A draft not yet addressed to a forwarder has no one to liaise with.
  const forwarderId = row.booking.forwarderId;
  const forwarder = forwarderId === null ? undefined : await findMember(options.db, forwarderId);
  if (!forwarder) return { forwarder: null, forwarder_hidden: false, schedule };
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
/** At most this many container rows of a new SI are prefilled from what was booked. */
const SI_PREFILL_MAX = 50;

export async function getShipment(
  options: Common & { viewerCompanyId: number; id: number },
): Promise<BookingShipment> {
  const { row, form, prefill } = await shipmentStart(
    options.db,
    options.viewerCompanyId,
    options.id,
    options.locale,
  );
  return {
    id: row.booking.id,
    order_no: row.booking.orderNo,
    status: row.booking.status,
    container_mode: row.booking.containerMode,
    editable: canBooking('submit_si', row.booking.status),
    booked: form.totals.containers,
    instructions: presentInstructions(await instructionsOf(options.db, options.id)),
    prefill,
  };
}

/** The member's booking with what a new SI of it starts from (shipmentPrefillOf). */
export async function shipmentStart(db: Db, companyId: number, id: number, locale: Locale) {
  const [{ row, form }, site] = await Promise.all([
    loadForm(db, { companyId }, id, locale, { party: 'member' }),
    getSiteConfig({ db }),
  ]);
  return { row, form, prefill: shipmentPrefillOf(form, site.freight_collect, SI_PREFILL_MAX) };
}

/* ---------- export ---------- */

type Goods = ReadonlyMap<number, string>;

const EXPORT_COLUMNS: [MessageKey, (row: BookingRow, locale: Locale, goods: Goods) => string][] = [
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
  ['bookingExport.placeOfDelivery', (r) => r.place_of_delivery],
  ['bookingExport.serviceTerm', (r) => r.service_term],
  ['bookingExport.requestedEtd', (r, l) => formatDate(r.requested_etd, l)],
  ['bookingExport.specialCargo', (r) => r.special_cargo],
  ['bookingExport.goods', (r, _l, goods) => goods.get(r.id) ?? ''],
  ['bookingExport.serviceContract', (r) => r.service_contract_reference],
  [
    'bookingExport.transportDocument',
    (r, l) =>
      r.transport_document_type
        ? translate(l, `dictionary.transportDocumentType.${r.transport_document_type}`)
        : '',
  ],
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
  options: Common & Authorities & { party: BookingParty; viewerCompanyId: number; query: BookingQuery },
): Promise<Buffer> {
  const { rows } = await findBookingPage(
    options.db,
    scopeOf(options.party, options.viewerCompanyId),
    { ...options.query, page: 1, size: BOOKING_EXPORT_MAX_ROWS },
    zhOf(options.locale),
    false,
  );
  const { locale } = options;
  const lines = rows.map((row) => presentRow(row, locale, options));
  const commodities = await commoditiesOf(
    options.db,
    rows.map((row) => row.booking.id),
  );
  const goods: Goods = new Map([...commodities].map(([id, byLine]) => [id, goodsText(byLine)]));
  return writeWorkbook([
    {
      name: translate(locale, 'bookingExport.sheet'),
      rows: [
        EXPORT_COLUMNS.map(([key]) => translate(locale, key)),
        ...lines.map((line) => EXPORT_COLUMNS.map(([, value]) => value(line, locale, goods))),
      ],
    },
  ]);
}
