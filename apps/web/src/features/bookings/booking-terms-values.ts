import '../../i18n/dayjs-locale';
import {
  type BookingForm,
  type BookingInput,
  type CustomsBy,
  type RequestedSailing,
  type RequestedService,
  type ServiceType,
  WIRE_DATE,
} from '@freight/contract';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The booking's terms as the form holds them and as the wire has them (contract bookingInput,
 * bookingForm): the service at each end, the sailing asked for, the loading stops of a door
 * receipt, and the services asked of the forwarder.
 */

/** A loading stop of a door receipt as the form holds it; the time is a picker value. */
export type PositioningFormLine = {
  location_name?: string;
  address?: string;
  contact_name?: string;
  phone?: string;
  loading_time?: Dayjs | null;
};

/** The dates of the sailing asked for: picker values in the form, YYYY-MM-DD or null on the wire. */
export const SAILING_DATES = [
  'requested_etd',
  'requested_arrival_from',
  'requested_arrival_to',
  'latest_shipment_date',
] as const;
/** The sailing's text fields (the server upper-cases them). */
export const SAILING_TEXTS = [
  'requested_vessel_name',
  'requested_vessel_imo',
  'requested_voyage',
  'requested_service_code',
  'requested_service_name',
] as const;
export type SailingDate = (typeof SAILING_DATES)[number];
export type SailingText = (typeof SAILING_TEXTS)[number];

/**
 * The terms' form values. An empty choice ('' on the wire: the mode's service type, customs not
 * said) is undefined here, so that its select shows its placeholder.
 */
export type TermsFormValues = {
  receipt_type?: ServiceType;
  delivery_type?: ServiceType;
  export_customs_by?: CustomsBy;
  /** kept while another receipt type is chosen, sent only for a door receipt (toPositionings) */
  container_positionings?: PositioningFormLine[];
  requested_services?: RequestedService[];
  services_remark?: string;
} & Partial<Record<SailingDate, Dayjs | null>> &
  Partial<Record<SailingText, string>>;

/** A loading stop's time on the wire: local to the place, no time zone. */
const LOADING_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export const emptyPositioning = (): PositioningFormLine => ({
  location_name: '',
  address: '',
  contact_name: '',
  phone: '',
  loading_time: null,
});

/** A stop with nothing in it: a row added and not filled in, which is not sent. */
export const isEmptyStop = (stop: PositioningFormLine | undefined) =>
  !stop ||
  Object.values(stop).every((value) => value === null || value === undefined || String(value).trim() === '');

/** The stops without the empty ones, unless all are (the row to fill in stays). */
export function withoutEmptyStops(stops: PositioningFormLine[]): PositioningFormLine[] {
  const kept = stops.filter((stop) => !isEmptyStop(stop));
  return kept.length > 0 ? kept : stops;
}

const picked = (value: string | null, format: string) => (value ? dayjs(value, format) : null);
const wireDate = (value: Dayjs | null | undefined) => (value ? value.format(WIRE_DATE) : null);

/** A saved booking's terms as the form edits them. */
export function toTermsFormValues(booking: BookingForm): TermsFormValues {
  return {
    receipt_type: booking.receipt_type || undefined,
    delivery_type: booking.delivery_type || undefined,
    requested_etd: picked(booking.requested_etd, WIRE_DATE),
    requested_arrival_from: picked(booking.requested_arrival_from, WIRE_DATE),
    requested_arrival_to: picked(booking.requested_arrival_to, WIRE_DATE),
    latest_shipment_date: picked(booking.latest_shipment_date, WIRE_DATE),
    requested_vessel_name: booking.requested_vessel_name,
    requested_vessel_imo: booking.requested_vessel_imo ?? '',
    requested_voyage: booking.requested_voyage,
    requested_service_code: booking.requested_service_code,
    requested_service_name: booking.requested_service_name,
    container_positionings: booking.container_positionings.map((stop) => ({
      ...stop,
      loading_time: picked(stop.loading_time, LOADING_TIME_FORMAT),
    })),
    export_customs_by: booking.export_customs_by || undefined,
    requested_services: booking.requested_services,
    services_remark: booking.services_remark,
  };
}

/** Whether any of the sailing asked for is filled in (the form shows it open then). */
export function hasRequestedSailing(values: TermsFormValues): boolean {
  const sailing = toRequestedSailing(values);
  return Object.values(sailing).some((value) => value !== null && value !== '');
}

/** The sailing asked for, as the wire has it: empty dates null, texts trimmed. */
export function toRequestedSailing(values: TermsFormValues): RequestedSailing {
  const text = (name: SailingText) => values[name]?.trim() ?? '';
  return {
    requested_etd: wireDate(values.requested_etd),
    requested_arrival_from: wireDate(values.requested_arrival_from),
    requested_arrival_to: wireDate(values.requested_arrival_to),
    latest_shipment_date: wireDate(values.latest_shipment_date),
    requested_vessel_name: text('requested_vessel_name'),
    requested_vessel_imo: text('requested_vessel_imo') || null,
    requested_voyage: text('requested_voyage'),
    requested_service_code: text('requested_service_code'),
    requested_service_name: text('requested_service_name'),
  };
}

/**
 * The loading stops as sent: only a door receipt (SD) has any (the server refuses them otherwise),
 * and a stop left entirely empty (a row added and not filled in) is no stop.
 */
export function toPositionings(values: TermsFormValues) {
  if (values.receipt_type !== 'SD') return [];
  return (values.container_positionings ?? [])
    .filter((stop) => !isEmptyStop(stop))
    .map((stop) => ({
      location_name: stop.location_name?.trim() ?? '',
      address: stop.address?.trim() ?? '',
      contact_name: stop.contact_name?.trim() ?? '',
      phone: stop.phone?.trim() ?? '',
      loading_time: stop.loading_time ? stop.loading_time.format(LOADING_TIME_FORMAT) : null,
    }));
}

type TermsInput = Pick<
  BookingInput,
  | 'receipt_type'
  | 'delivery_type'
  | SailingDate
  | SailingText
  | 'container_positionings'
  | 'export_customs_by'
  | 'requested_services'
  | 'services_remark'
>;

/** The terms of the payload of POST/PUT /order/booking. */
export function toTermsInput(values: TermsFormValues): TermsInput {
  return {
    receipt_type: values.receipt_type ?? '',
    delivery_type: values.delivery_type ?? '',
    ...toRequestedSailing(values),
    container_positionings: toPositionings(values),
    export_customs_by: values.export_customs_by ?? '',
    requested_services: values.requested_services ?? [],
    services_remark: values.services_remark?.trim() ?? '',
  };
}
