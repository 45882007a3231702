import { z } from 'zod';
import { draftable, upperRestricted } from './booking-fields.js';
import { requiredId } from './common.js';
import { countryCode, unLocode } from './trade-codes.js';
import { problemAt, type RuleOptions, type RuleProblem } from './trade-rules.js';

/*
 * The places a booking names besides its ports (DCSA's shipmentLocations): the place of receipt
 * (PRE) and the place of delivery (PDE), each as the documents print it (a name, its country and,
 * when known, its UN/LOCODE), and the transshipment port asked for (RTP). Either place may be an
 * inland point beyond the port list: the name and country are what the documents need, the code
 * what a carrier's system reads. `to_id` stays the destination port that rates and quotes price;
 * a place of delivery is where the cargo goes beyond it, and without one it is that port.
 */

/** DCSA's `locationName` is at most 100 characters. */
export const PLACE_NAME_MAX = 100;

/** The two places, by the API name of their name field. */
export const BOOKING_PLACES = ['place_of_receipt', 'place_of_delivery'] as const;
export type BookingPlace = (typeof BOOKING_PLACES)[number];

/** The fields of a place beside its name: its country and its UN/LOCODE. */
export const placeCountryField = (place: BookingPlace) => `${place}_country` as const;
export const placeCodeField = (place: BookingPlace) => `${place}_code` as const;

/** An optional port id: absent, empty or null reads as null. */
const optionalPortId = draftable(requiredId);

/**
 * The booking's place fields beside `place_of_receipt` (the name, a field older than these), each
 * optional: '' or null is "not said". Names are document text in capitals; codes and countries are
 * read as people type them ("de dui" is DEDUI, "uk" is GB).
 */
export const bookingPlaceFields = {
  place_of_receipt_country: draftable(countryCode),
  place_of_receipt_code: draftable(unLocode),
  place_of_delivery: upperRestricted(PLACE_NAME_MAX).default(''),
  place_of_delivery_country: draftable(countryCode),
  place_of_delivery_code: draftable(unLocode),
  /** DCSA's RTP: a port of the list, neither the port of loading nor of discharge */
  transshipment_port_id: optionalPortId,
};

/** The places of a booking as the rules read them. */
export type BookingPlaces = {
  place_of_receipt: string;
  place_of_receipt_country: string | null;
  place_of_receipt_code: string | null;
  place_of_delivery: string;
  place_of_delivery_country: string | null;
  place_of_delivery_code: string | null;
  transshipment_port_id: number | null;
  pol_id: number | null;
  pod_id: number | null;
};

/** The places in a view of a booking (the form and the detail). */
export const bookingPlacesView = {
  place_of_receipt_country: z.string().nullable(),
  place_of_receipt_code: z.string().nullable(),
  place_of_delivery: z.string(),
  place_of_delivery_country: z.string().nullable(),
  place_of_delivery_code: z.string().nullable(),
  transshipment_port_id: z.number().int().nullable(),
};

/**
 * The rules across the places, all contradictions (refused in a draft too): a country or a code
 * says where a named place is, so it needs the name the documents print; a UN/LOCODE begins with
 * its country's code, so a code of another country than the one given is a typing mistake in one
 * of them; and a transshipment port is a third port, since the cargo is already at the port of
 * loading and of discharge.
 */
export function placeProblems(places: BookingPlaces, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  const problems: RuleProblem[] = [];
  for (const place of BOOKING_PLACES) {
    const country = places[placeCountryField(place)];
    const code = places[placeCodeField(place)];
    if (places[place] === '' && (country !== null || code !== null))
      problems.push(problemAt(at, place, 'bookingPlaces.nameRequired'));
    if (country !== null && code !== null && code.slice(0, 2) !== country)
      problems.push(problemAt(at, placeCodeField(place), 'bookingPlaces.codeCountry', { country }));
  }
  const transshipment = places.transshipment_port_id;
  if (transshipment !== null && transshipment === places.pol_id)
    problems.push(problemAt(at, 'transshipment_port_id', 'bookingPlaces.transshipmentIsPol'));
  else if (transshipment !== null && transshipment === places.pod_id)
    problems.push(problemAt(at, 'transshipment_port_id', 'bookingPlaces.transshipmentIsPod'));
  return problems;
}

/** A place as it is kept: its name, country and code ('' and null where not said). */
export type PlaceParts = { name: string; country: string | null; code: string | null };

/** One of a booking's places by its parts. */
export function placeOf(
  places: Omit<BookingPlaces, 'pol_id' | 'pod_id' | 'transshipment_port_id'>,
  place: BookingPlace,
): PlaceParts {
  return {
    name: places[place],
    country: places[placeCountryField(place)],
    code: places[placeCodeField(place)],
  };
}

/**
 * A place as documents and pages print it: "CHONGQING, CN (CNCKG)", "NINGBO FACTORY" (a name
 * alone, as bookings made before places had countries); the country is the code's when only the
 * code is given. '' for a place not given.
 */
export function placeText(place: PlaceParts): string {
  if (!place.name) return '';
  const country = place.country ?? place.code?.slice(0, 2) ?? '';
  const named = country ? `${place.name}, ${country}` : place.name;
  return place.code ? `${named} (${place.code})` : named;
}
