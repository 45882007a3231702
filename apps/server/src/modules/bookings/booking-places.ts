import type { BookingForm } from '@freight/contract';
import type { BookingRecord } from './repo.js';

/*
 * The booking's places beyond the ports (booking-places.ts in the contract) between the API's names
 * and the columns. The place of receipt's name is an older field, kept with the form fields; its
 * country and code and the rest are terms (booking-terms.ts), saved, read, copied and traced alike.
 */

/** Column → API name of every place field but the place of receipt's name. */
export const PLACE_FIELDS = {
  placeOfReceiptCountry: 'place_of_receipt_country',
  placeOfReceiptCode: 'place_of_receipt_code',
  placeOfDelivery: 'place_of_delivery',
  placeOfDeliveryCountry: 'place_of_delivery_country',
  placeOfDeliveryCode: 'place_of_delivery_code',
  transshipmentPortId: 'transshipment_port_id',
} as const;

type PlaceColumn = keyof typeof PLACE_FIELDS;

/** The stored places by their API names. */
export function placesForm(
  row: Pick<BookingRecord, PlaceColumn>,
): Pick<BookingForm, (typeof PLACE_FIELDS)[PlaceColumn]> {
  return {
    place_of_receipt_country: row.placeOfReceiptCountry,
    place_of_receipt_code: row.placeOfReceiptCode,
    place_of_delivery: row.placeOfDelivery,
    place_of_delivery_country: row.placeOfDeliveryCountry,
    place_of_delivery_code: row.placeOfDeliveryCode,
    transshipment_port_id: row.transshipmentPortId,
  };
}
