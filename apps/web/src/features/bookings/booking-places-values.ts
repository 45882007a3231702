import {
  type BookingForm,
  type BookingPlaces,
  type LocationItem,
  locationDocumentName,
} from '@freight/contract';
import type { BookingFormValues } from './booking-form-values';

/*
 * The booking's places beyond the ports between the form and the wire (booking-places.ts in the
 * contract): the place of receipt's country and code, the place of delivery beyond the destination
 * port with its country and code, and the transshipment port. The place of receipt's name is an
 * older field of the form (booking-form-values.ts).
 */

export type PlacesFormValues = {
  place_of_receipt_country?: string | null;
  place_of_receipt_code?: string;
  place_of_delivery?: string;
  place_of_delivery_country?: string | null;
  place_of_delivery_code?: string;
  transshipment_port_id?: number | null;
};

/** The fields of this part, by their API names (a refusal at one of them unfolds the part). */
export const PLACE_FIELDS = [
  'place_of_receipt',
  'place_of_receipt_country',
  'place_of_receipt_code',
  'place_of_delivery',
  'place_of_delivery_country',
  'place_of_delivery_code',
  'transshipment_port_id',
] as const;

type PlacesInput = Omit<BookingPlaces, 'place_of_receipt' | 'pol_id' | 'pod_id'>;

const text = (value: string | null | undefined) => value?.trim() ?? '';
const code = (value: string | null | undefined) => (text(value) === '' ? null : text(value).toUpperCase());

/** The saved places as the form edits them. */
export function toPlacesFormValues(booking: BookingForm): PlacesFormValues {
  return {
    place_of_receipt_country: booking.place_of_receipt_country,
    place_of_receipt_code: booking.place_of_receipt_code ?? '',
    place_of_delivery: booking.place_of_delivery,
    place_of_delivery_country: booking.place_of_delivery_country,
    place_of_delivery_code: booking.place_of_delivery_code ?? '',
    transshipment_port_id: booking.transshipment_port_id,
  };
}

/** The places as they are sent: '' and null are "not said". */
export function toPlacesInput(values: PlacesFormValues): PlacesInput {
  return {
    place_of_receipt_country: code(values.place_of_receipt_country),
    place_of_receipt_code: code(values.place_of_receipt_code),
    place_of_delivery: text(values.place_of_delivery),
    place_of_delivery_country: code(values.place_of_delivery_country),
    place_of_delivery_code: code(values.place_of_delivery_code),
    transshipment_port_id: values.transshipment_port_id ?? null,
  };
}

/** The places as the contract's rules read them (placeProblems), with the ports they are held to. */
export function toBookingPlaces(values: BookingFormValues): BookingPlaces {
  return {
    place_of_receipt: text(values.place_of_receipt).toUpperCase(),
    ...toPlacesInput(values),
    place_of_delivery: text(values.place_of_delivery).toUpperCase(),
    pol_id: values.pol_id ?? null,
    pod_id: values.pod_id ?? null,
  };
}

/** Whether the booking states a place beyond the ports or a transshipment port (the part starts open). */
export function hasPlaces(values: BookingFormValues): boolean {
  const { pol_id: _pol, pod_id: _pod, ...places } = toBookingPlaces(values);
  return Object.values(places).some((value) => value !== null && value !== '');
}

/** What picking a place from the search fills in: its name as documents print it, country and code. */
export function pickedPlace(item: LocationItem): { name: string; country: string; code: string } {
  return { name: locationDocumentName(item), country: item.country, code: item.code };
}
