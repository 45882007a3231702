import '../../i18n/dayjs-locale';
import {
  BOOKING_LIMITS,
  CONTAINER_MODES,
  isReadyDateAllowed,
  lineTotals,
  type BookingForm,
  type BookingInput,
  type CommodityView,
  type NestedContainerLineInput,
  hsCodesText,
  type Quote,
  type RfqRecord,
  WIRE_DATE,
} from '@freight/contract';
import dayjs, { type Dayjs } from 'dayjs';
import {
  emptyCargoTerms,
  emptyContainerTerms,
  toCargoTerms,
  toCargoTermsFormValues,
  toContainerTerms,
  toContainerTermsFormValues,
  type CargoTermsFormValues,
  type ContainerTermsFormValues,
} from './booking-line-terms-values';
import {
  toCommercialFormValues,
  toCommercialInput,
  type CommercialFormValues,
} from './booking-commercial-values';
import { type PlacesFormValues, toPlacesFormValues, toPlacesInput } from './booking-places-values';
import {
  emptyParty,
  toPartiesFormValues,
  toPartiesInput,
  type PartiesFormValues,
} from './booking-parties-values';
import { toTermsFormValues, toTermsInput, type TermsFormValues } from './booking-terms-values';

export type BookingMode = 'fcl' | 'lcl';

/**
 * An LCL cargo line as the form holds it (numbers from number inputs, empty while not filled in),
 * with its dangerous goods (./booking-line-terms-values.ts).
 */
export type CargoFormLine = CargoTermsFormValues & {
  hs_code?: string;
  description?: string;
  packages?: number | null;
  unit_id?: number;
  weight?: number | null;
  volume?: number | null;
};

/**
 * A commodity of a container line beyond its first (the first is the line's own cargo cells):
 * `hs_code` holds its HS codes as typed, separated by commas.
 */
export type CommodityFormValues = CargoFormLine & { commodity_cn?: string; net_weight?: number | null };

/**
 * An FCL container line: `quantity` containers of one type (one when it has a container number),
 * with its equipment's terms. Its own cargo cells and dangerous goods are its first commodity
 * (with that one's Chinese name and net weight); `more_commodities` are the others its units hold.
 */
export type ContainerFormLine = CommodityFormValues &
  ContainerTermsFormValues & {
    container_id?: number;
    container_no?: string;
    seal_no?: string;
    quantity?: number | null;
    more_commodities?: CommodityFormValues[];
  };

/**
 * The booking form's values; the ready date is a picker value, the wire holds YYYY-MM-DD. The
 * booking's terms (service, sailing, loading stops, services) are in ./booking-terms-values.ts,
 * its commercial terms in ./booking-commercial-values.ts, its parties in ./booking-parties-values.ts,
 * its places beyond the ports in ./booking-places-values.ts.
 */
export type BookingFormValues = TermsFormValues &
  CommercialFormValues &
  PartiesFormValues &
  PlacesFormValues & {
    quote_id?: number | null;
    forwarder_id?: number | null;
    cust_ref_no?: string;
    ready_date?: Dayjs | null;
    incoterm?: string;
    place_of_receipt?: string;
    pol_id?: number;
    pod_id?: number;
    to_id?: number;
    carrier_id?: number | null;
    remark?: string;
    /** '' takes the Incoterm's (freightTermOf) */
    freight_term?: BookingForm['freight_term'];
    commodity_cn?: string;
    cargo_items: CargoFormLine[];
    containers: ContainerFormLine[];
  };

const num = (value: string) => (value === '' ? null : Number(value));

export const emptyCargoLine = (): CargoFormLine => ({
  packages: null,
  weight: null,
  volume: null,
  ...emptyCargoTerms(),
});
export const emptyCommodity = (): CommodityFormValues => ({
  commodity_cn: '',
  net_weight: null,
  ...emptyCargoLine(),
});
export const emptyContainerLine = (containerId?: number): ContainerFormLine => ({
  container_id: containerId,
  container_no: '',
  seal_no: '',
  packages: null,
  weight: null,
  volume: null,
  quantity: 1,
  commodity_cn: '',
  net_weight: null,
  more_commodities: [],
  ...emptyContainerTerms(),
});

/** A new booking, optionally prefilled from a quote's Book button (route, carrier, forwarder). */
export function newFormValues(mode: BookingMode, quote?: Quote): BookingFormValues {
  return {
    quote_id: quote?.id ?? null,
    forwarder_id: quote?.forwarder_id ?? null,
    cust_ref_no: '',
    place_of_receipt: '',
    remark: '',
    freight_term: '',
    notify_party: '',
    commodity_cn: '',
    container_positionings: [],
    requested_services: [],
    services_remark: '',
    shipper_party: emptyParty(),
    consignee_party: emptyParty(),
    notify_parties: [],
    booking_contact: { name: '', phone: '', email: '' },
    customs_references: [],
    pol_id: quote?.pol_id,
    pod_id: quote?.pod_id,
    to_id: quote?.to_id,
    carrier_id: quote?.carrier_id ?? null,
    cargo_items: mode === 'lcl' ? [emptyCargoLine()] : [],
    containers: mode === 'fcl' ? [emptyContainerLine(quote?.spaces[0]?.container_id)] : [],
  };
}

/**
 * A new booking from the answer to one's RFQ: the quote's route and carrier (newFormValues), a
 * container line per answered type with the quantity asked, and the answered prices in the remark
 * (`note`, written by the page in its language), as the booking has no price of its own.
 */
export function withRfqAnswer(values: BookingFormValues, rfq: RfqRecord, note: string): BookingFormValues {
  if (!rfq.answer) return values;
  const lines = rfq.answer.prices.map((price) => ({
    ...emptyContainerLine(price.container_id),
    quantity: rfq.quantities.find((q) => q.container_id === price.container_id)?.quantity ?? 1,
  }));
  return {
    ...values,
    containers: lines.length > 0 ? lines : values.containers,
    remark: note.slice(0, BOOKING_LIMITS.remarkMax),
  };
}

/**
 * A saved booking as the form edits it (edit and copy). A copy gets no ready date when the
 * original's has passed: the member must give a new one.
 */
export function toFormValues(booking: BookingForm, isCopy: boolean): BookingFormValues {
  const ready = booking.ready_date ? dayjs(booking.ready_date, WIRE_DATE) : null;
  return {
    quote_id: booking.quote_id,
    forwarder_id: booking.forwarder_id,
    ...toPartiesFormValues(booking),
    // A customer reference (PO) belongs to one order: a copy starts without it.
    cust_ref_no: isCopy ? '' : booking.cust_ref_no,
    ready_date: isCopy && ready && !isReadyDateAllowed(ready.format(WIRE_DATE)) ? null : ready,
    incoterm: booking.incoterm || undefined,
    place_of_receipt: booking.place_of_receipt,
    pol_id: booking.pol_id ?? undefined,
    pod_id: booking.pod_id ?? undefined,
    to_id: booking.to_id ?? undefined,
    carrier_id: booking.carrier_id,
    remark: booking.remark,
    freight_term: booking.freight_term,
    commodity_cn: booking.commodity_cn,
    // A copy keeps the terms, as the server's copy does.
    ...toTermsFormValues(booking),
    ...toCommercialFormValues(booking, isCopy),
    ...toPlacesFormValues(booking),
    cargo_items: booking.cargo_items.map((line) => ({
      hs_code: line.hs_code,
      description: line.description,
      packages: line.packages,
      unit_id: line.unit_id ?? undefined,
      weight: num(line.weight),
      volume: num(line.volume),
      ...toCargoTermsFormValues(line),
    })),
    containers: booking.containers.map((line) => {
      const [first, ...more] = line.commodities;
      return {
        container_id: line.container_id ?? undefined,
        // A copy is a new shipment: it keeps the container types, not the numbers of the boxes.
        container_no: isCopy ? '' : line.container_no,
        seal_no: isCopy ? '' : line.seal_no,
        quantity: line.quantity,
        // A copy ships the same goods in the same kind of equipment: it keeps their terms.
        ...toContainerTermsFormValues(line),
        // Every saved line holds one commodity at least (the contract refuses a line without).
        ...(first ? toCommodityFormValues(first) : {}),
        more_commodities: more.map(toCommodityFormValues),
      };
    }),
  };
}

/** A saved commodity as the form edits it; its HS codes as one text. */
function toCommodityFormValues(c: CommodityView): CommodityFormValues {
  return {
    hs_code: hsCodesText(c.hs_codes),
    description: c.description,
    commodity_cn: c.commodity_cn,
    packages: c.packages,
    unit_id: c.unit_id ?? undefined,
    weight: num(c.weight),
    net_weight: num(c.net_weight),
    volume: num(c.volume),
    ...toCargoTermsFormValues(c),
  };
}

const decimal = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Number(value.toFixed(BOOKING_LIMITS.decimals)));

const cargoLine = (line: CargoFormLine) => ({
  hs_code: line.hs_code ?? '',
  description: line.description ?? '',
  // Empty stays empty (null): a draft keeps it so, and a submit names it as missing.
  packages: line.packages ?? null,
  unit_id: line.unit_id ?? null,
  weight: decimal(line.weight),
  volume: decimal(line.volume),
});

/** A commodity as sent: its HS codes as typed (the contract splits them), its goods as sent. */
function toCommodityInput(c: CommodityFormValues) {
  const { hs_code: codes, ...cargo } = cargoLine(c);
  return {
    ...cargo,
    hs_codes: codes,
    commodity_cn: c.commodity_cn?.trim() ?? '',
    net_weight: decimal(c.net_weight),
    ...toCargoTerms(c),
  };
}

/** A booking as the form sends it: container lines with their commodities nested. */
export type BookingRequest = BookingInput & { containers: NestedContainerLineInput[] };

/** The payload of POST/PUT /order/booking (contract bookingInput): only the mode's own lines. */
export function toBookingInput(values: BookingFormValues, mode: BookingMode): BookingRequest {
  const isFcl = mode === 'fcl';
  return {
    container_mode: isFcl ? CONTAINER_MODES.fcl : CONTAINER_MODES.lcl,
    quote_id: values.quote_id ?? null,
    // From a quote the forwarder is the quote's, taken by the server; a member who may not see
    // whose quote it is may not name it (a copy of an accepted booking knows it, yet must not send it).
    forwarder_id: values.quote_id ? null : (values.forwarder_id ?? null),
    ...toPartiesInput(values),
    cust_ref_no: values.cust_ref_no?.trim() ?? '',
    ready_date: values.ready_date ? values.ready_date.format(WIRE_DATE) : '',
    incoterm: values.incoterm ?? '',
    place_of_receipt: values.place_of_receipt?.trim() ?? '',
    pol_id: values.pol_id,
    pod_id: values.pod_id,
    to_id: values.to_id,
    carrier_id: values.carrier_id ?? null,
    remark: values.remark?.trim() ?? '',
    freight_term: values.freight_term ?? '',
    commodity_cn: values.commodity_cn?.trim() ?? '',
    ...toTermsInput(values),
    ...toCommercialInput(values),
    ...toPlacesInput(values),
    cargo_items: isFcl
      ? []
      : (values.cargo_items ?? []).map((line) => ({ ...cargoLine(line), ...toCargoTerms(line) })),
    containers: isFcl
      ? (values.containers ?? []).map((line) => {
          const { dangerous_goods: _goods, ...terms } = toContainerTerms(line);
          return {
            container_id: line.container_id ?? null,
            container_no: line.container_no?.trim() ?? '',
            seal_no: line.seal_no?.trim() ?? '',
            quantity: line.quantity ?? null,
            ...terms,
            commodities: [line, ...(line.more_commodities ?? [])].map(toCommodityInput),
          };
        })
      : [],
  };
}

export type LiveTotals = { weight: string; volume: string; packages: number; containers: number };

/** Totals of the lines as the member types: the contract's lineTotals, as the server's. */
export function liveTotals(
  lines: (CargoFormLine & { quantity?: number | null; more_commodities?: CargoFormLine[] })[] | undefined,
  isFcl: boolean,
): LiveTotals {
  // A line's further commodities add their cargo, not containers.
  const counted = (lines ?? []).flatMap((line) => [
    line,
    ...(line.more_commodities ?? []).map((c) => ({ ...c, quantity: 0 })),
  ]);
  return lineTotals(counted, isFcl);
}
