import {
  type BookingCargoItem,
  type BookingContainerLine,
  bookingDraftInput,
  cargoItemCommodity,
  commodityTotals,
  storedCommodity,
  type DocumentParty,
  bookingInput,
  CONTAINER_MODES,
  isReadyDateAllowed,
  type Locale,
  PARSE_OPTIONS,
  specialCargoSummary,
  sum3,
} from '@freight/contract';
import { z } from 'zod';
import type { BookingPartySnapshot, bookingLines } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { AppError, type FieldIssue, RequestValidationError } from '../../platform/errors.js';
import { getContact } from '../contacts/service.js';
import type { Viewer } from './booking-common.js';
import { contactParty, partiesColumns, partiesForm, partyIssues } from './booking-parties.js';
import { termForm, termValues } from './booking-terms.js';
import { cargoTermsOf, containerTermsOf, lineTermIssues, lineTermValues } from './line-terms.js';
import { type Existing, resolveForwarder } from './from-quote.js';
import {
  type BookingRecord,
  type BookingValues,
  findIncoterm,
  type LineValues,
  referenceCheck,
} from './repo.js';

/** A container line as stored: its equipment, its terms and its commodities. */
const equipmentLine = (line: BookingContainerLine) => ({ ...line, field: 'containers' });

/** An LCL cargo line as stored: no equipment, itself its one commodity. */
const cargoLine = (item: BookingCargoItem) => ({
  ...item,
  container_id: null,
  container_no: '',
  seal_no: '',
  quantity: 1,
  commodities: [cargoItemCommodity(item)],
  field: 'cargo_items',
});

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/** A party not chosen yet in a draft: the snapshot's fields all empty. */
const NO_PARTY: BookingPartySnapshot = {
  company1: '',
  company2: '',
  linkman: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  countryId: 0,
  zipCode: '',
  phone: '',
  email: '',
};

/** A party chosen from the member's book: its snapshot (for the pages) and its document party. */
async function fromContact(
  db: Db,
  companyId: number,
  id: number | null,
  field: 'shipper_id' | 'consignee_id',
): Promise<{ snapshot: BookingPartySnapshot; party: DocumentParty | null } | FieldIssue> {
  if (id === null) return { snapshot: NO_PARTY, party: null };
  try {
    const c = await getContact({ db, context: { companyId: companyId, locale: 'en-US' }, id });
    const party = await contactParty(db, c, field);
    if ('field' in party) return party;
    return {
      snapshot: {
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
      },
      party,
    };
  } catch (error) {
    if (isNotFound(error)) return { field, key: 'booking.contactNotYours' };
    throw error;
  }
}

/**
 * Checks a booking form as a draft (bookingDraftInput: the format of what is given) against the
 * contract and the data it names (contacts of the member's own book, reference ids, the quote and
 * the forwarder) and turns it into rows. Field errors are collected and answered together (400).
 * What a submit needs besides is checked on the stored draft (missingFields); with `submit` the
 * form itself is held to the full rules first (422).
 */
export async function toBookingValues(
  db: Db,
  viewer: Viewer,
  input: unknown,
  locale: Locale,
  existing?: Existing,
  submit = false,
): Promise<{ values: BookingValues; lines: LineValues[] }> {
  const parsed = bookingDraftInput.safeParse(input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  // Saved and submitted in one go: what is well-formed but still missing is named as on submit.
  if (submit) {
    const full = bookingInput.safeParse(input, PARSE_OPTIONS);
    if (!full.success) throw new RequestValidationError(full.error, 422);
  }
  const v = parsed.data;
  if (v.ready_date !== null && !isReadyDateAllowed(v.ready_date))
    throw new AppError(400, 'booking.readyDatePast', {}, [{ field: 'ready_date' }]);
  const { forwarderId, quoteId } = await resolveForwarder(db, viewer, v, locale, existing);

  const fcl = v.container_mode === CONTAINER_MODES.fcl;
  const lineInputs = fcl ? v.containers.map(equipmentLine) : v.cargo_items.map(cargoLine);
  const [shipper, consignee, incoterm, known] = await Promise.all([
    fromContact(db, viewer.companyId, v.shipper_id, 'shipper_id'),
    fromContact(db, viewer.companyId, v.consignee_id, 'consignee_id'),
    v.incoterm === null ? null : findIncoterm(db, v.incoterm),
    referenceCheck(db, {
      ports: [v.pol_id, v.pod_id, v.to_id, v.transshipment_port_id].filter((id) => id !== null),
      carriers: v.carrier_id === null ? [] : [v.carrier_id],
      containers: lineInputs.flatMap((l) => (l.container_id === null ? [] : [l.container_id])),
      units: lineInputs.flatMap((l) => l.commodities.flatMap((c) => (c.unit_id === null ? [] : [c.unit_id]))),
    }),
  ]);
  const bad: FieldIssue[] = [];
  if ('field' in shipper) bad.push(shipper);
  if ('field' in consignee) bad.push(consignee);
  if (incoterm === undefined) bad.push({ field: 'incoterm' });
  for (const field of ['pol_id', 'pod_id', 'to_id', 'transshipment_port_id'] as const) {
    const id = v[field];
    if (id !== null && !known.ports.has(id)) bad.push({ field });
  }
  if (v.carrier_id !== null && !known.carriers.has(v.carrier_id)) bad.push({ field: 'carrier_id' });
  lineInputs.forEach((line, i) => {
    if (line.container_id !== null && !known.containers.has(line.container_id))
      bad.push({ field: `${line.field}.${i}.container_id` });
    line.commodities.forEach((c, j) => {
      if (c.unit_id !== null && !known.packageUnits.has(c.unit_id))
        bad.push({ field: fcl ? `containers.${i}.commodities.${j}.unit_id` : `cargo_items.${i}.unit_id` });
    });
  });
  if (bad.length > 0 || 'field' in shipper || 'field' in consignee || incoterm === undefined)
    throw new AppError(400, 'validation.invalidValue', {}, bad);
  // A party typed on the booking is kept as typed; one chosen only, as its contact reads now.
  const parties = {
    shipperParty: v.shipper_party ?? shipper.party,
    consigneeParty: v.consignee_party ?? consignee.party,
    consigneeIsNotify: v.consignee_is_notify,
    notifyParties: v.notify_parties,
    bookingContact: v.booking_contact,
  };
  // The rules that need each line's container type or the resolved parties: contradictions
  // always, what is missing on submit.
  const ruleIssues = [...lineTermIssues(v, known.containers, submit), ...partyIssues(parties, submit)];
  if (ruleIssues.length > 0) throw new RequestValidationError(new z.ZodError(ruleIssues), submit ? 422 : 400);

  const lines: LineValues[] = lineInputs.map((line, i) => {
    const commodities = line.commodities.map(storedCommodity);
    const totals = commodityTotals(commodities);
    return {
      lineNo: i + 1,
      containerId: line.container_id,
      containerNo: line.container_no,
      sealNo: line.seal_no,
      // A draft's container line without a quantity yet is one container until it is given.
      quantity: line.quantity ?? 1,
      hsCode: totals.hs_code,
      description: totals.description,
      packages: totals.packages,
      unitId: totals.unit_id,
      weight: totals.weight,
      volume: totals.volume,
      ...lineTermValues(line),
      dangerousGoods: totals.dangerous_goods,
      commodities,
    };
  });
  return {
    values: {
      forwarderId,
      quoteId,
      // Once from a quote, always: a draft edit keeps the quote, and a deleted quote changes nothing.
      fromQuote: quoteId !== null || (existing?.fromQuote ?? false),
      containerMode: v.container_mode,
      shipperId: v.shipper_id,
      shipper: shipper.snapshot,
      consigneeId: v.consignee_id,
      consignee: consignee.snapshot,
      ...parties,
      custRefNo: v.cust_ref_no,
      readyDate: v.ready_date,
      incotermId: incoterm?.id ?? null,
      placeOfReceipt: v.place_of_receipt,
      polId: v.pol_id,
      podId: v.pod_id,
      toId: v.to_id,
      carrierId: v.carrier_id,
      remark: v.remark,
      freightTerm: v.freight_term,
      notifyParty: v.notify_party,
      commodityCn: v.commodity_cn,
      ...termValues(v),
      specialCargo: specialCargoSummary(
        lineInputs.map((line) => ({
          ...line,
          dangerous_goods: line.commodities.flatMap((c) => c.dangerous_goods),
        })),
      ),
      totalWeight: sum3(lines.map((l) => l.weight)),
      totalVolume: sum3(lines.map((l) => l.volume)),
      totalPackages: lines.reduce((sum, l) => sum + (l.packages ?? 0), 0),
    },
    lines,
  };
}

/**
 * What a submit is held to: the stored draft read back as a booking form must pass the full
 * bookingInput and name its forwarder. The issues of each field still missing (none: complete).
 */
export function missingFields(
  row: BookingRecord,
  lines: (typeof bookingLines.$inferSelect)[],
  containerCodes: ReadonlyMap<number, string>,
): z.core.$ZodIssue[] {
  const fcl = row.containerMode === CONTAINER_MODES.fcl;
  const line = (l: typeof bookingLines.$inferSelect) => ({
    hs_code: l.hsCode,
    description: l.description,
    packages: l.packages,
    unit_id: l.unitId,
    weight: l.weight,
    volume: l.volume,
  });
  const form = {
    container_mode: row.containerMode,
    forwarder_id: row.forwarderId,
    quote_id: row.quoteId,
    shipper_id: row.shipperId,
    consignee_id: row.consigneeId,
    cust_ref_no: row.custRefNo,
    ready_date: row.readyDate,
    incoterm: row.incotermId === null ? null : String(row.incotermId),
    place_of_receipt: row.placeOfReceipt,
    pol_id: row.polId,
    pod_id: row.podId,
    to_id: row.toId,
    carrier_id: row.carrierId,
    remark: row.remark,
    freight_term: row.freightTerm,
    notify_party: row.notifyParty,
    commodity_cn: row.commodityCn,
    ...termForm(row),
    ...partiesForm(row),
    cargo_items: fcl ? [] : lines.map((l) => ({ ...line(l), ...cargoTermsOf(l) })),
    containers: fcl
      ? lines.map((l) => ({
          ...containerTermsOf(l),
          commodities: l.commodities,
          container_id: l.containerId,
          container_no: l.containerNo,
          seal_no: l.sealNo,
          quantity: l.quantity,
        }))
      : [],
  };
  const parsed = bookingInput.safeParse(form, PARSE_OPTIONS);
  const issues = parsed.success ? [] : [...parsed.error.issues];
  if (parsed.success)
    issues.push(
      ...lineTermIssues(parsed.data, containerCodes, true),
      ...partyIssues(partiesColumns(row), true),
    );
  // The rules across fields wait for the fields to pass; that the booking has no line is said at once.
  const linesField = fcl ? 'containers' : 'cargo_items';
  if (lines.length === 0 && !issues.some((issue) => issue.path[0] === linesField))
    issues.push({
      code: 'custom',
      path: [linesField],
      message: fcl ? 'booking.addContainer' : 'booking.addCargo',
      input: [],
    });
  if (row.forwarderId === null)
    issues.unshift({
      code: 'custom',
      path: ['forwarder_id'],
      message: 'booking.selectForwarder',
      input: null,
    });
  return issues;
}

/** Refuses (422) a draft with fields missing, naming each (missingFields). */
export function assertComplete(issues: z.core.$ZodIssue[]): void {
  if (issues.length > 0) throw new RequestValidationError(new z.ZodError(issues), 422);
}
