import {
  bookingInput,
  CONTAINER_MODES,
  isReadyDateAllowed,
  type Locale,
  PARSE_OPTIONS,
  sum3,
} from '@freight/contract';
import type { BookingPartySnapshot } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { AppError, type FieldIssue, RequestValidationError } from '../../platform/errors.js';
import { getContact } from '../contacts/service.js';
import type { Viewer } from './booking-common.js';
import { type Existing, resolveForwarder } from './from-quote.js';
import { type BookingValues, findIncoterm, type LineValues, referenceCheck } from './repo.js';

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
export async function toBookingValues(
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
      freightTerm: v.freight_term,
      notifyParty: v.notify_party,
      commodityCn: v.commodity_cn,
      totalWeight: sum3(lines.map((l) => l.weight)),
      totalVolume: sum3(lines.map((l) => l.volume)),
      totalPackages: lines.reduce((sum, l) => sum + l.packages, 0),
    },
    lines,
  };
}
