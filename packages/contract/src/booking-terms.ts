import { z } from 'zod';
import {
  BOOKING_LIMITS,
  CONTAINER_MODES,
  draftable,
  plainText,
  positiveDecimal,
  upperRestricted,
} from './booking-fields.js';
import { phoneText } from './booking-parties.js';
import { localDateTime } from './booking-shipment.js';
import { containerKindOf } from './equipment-codes.js';
import { imoNumber } from './trade-codes.js';
import { addProblems, problemAt, type RuleOptions, type RuleProblem } from './trade-rules.js';
import { isoDate } from './validation.js';

/*
 * The terms a booking states so that a forwarder can act on it without phoning back: the service
 * at each end (CY, door, CFS), the sailing asked for, the reefer's settings, shipper-owned
 * equipment and the door where the trucker loads; the parties as documents print them are in
 * booking-parties.ts. Each piece is a set of zod fields to spread into the booking's schema, and a
 * rule across them that answers RuleProblems (addProblems puts them on a schema). A rule that asks
 * for something missing does so only on submit (`submit: false` for a draft, which may be
 * incomplete); one that finds values contradicting each other refuses them in a draft too.
 */

/* ---------- service at origin and destination ---------- */

/** DCSA's receipt and delivery types: container yard, store door (carrier haulage), freight station. */
export const SERVICE_TYPES = ['CY', 'SD', 'CFS'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** A chosen service type; '' leaves it to the booking's mode (serviceTypesOf), as freight_term does. */
export const serviceTypeChoice = z.union([z.literal(''), z.enum(SERVICE_TYPES)]);

/** `receiptTypeAtOrigin` and `deliveryTypeAtDestination`, each '' until chosen. */
export const serviceTermFields = {
  receipt_type: serviceTypeChoice.default(''),
  delivery_type: serviceTypeChoice.default(''),
};

/**
 * The service a mode implies when none is chosen: a full container is handed over and taken at
 * the yard (CY); a less-than-container load at the freight station (CFS), where it is consolidated.
 */
export function defaultServiceType(containerMode: number): ServiceType {
  return containerMode === CONTAINER_MODES.lcl ? 'CFS' : 'CY';
}

/** The booking's service at each end: the chosen type, else its mode's (defaultServiceType). */
export function serviceTypesOf(booking: {
  container_mode: number;
  receipt_type?: ServiceType | '' | null;
  delivery_type?: ServiceType | '' | null;
}): { receipt: ServiceType; delivery: ServiceType } {
  const fallback = defaultServiceType(booking.container_mode);
  return { receipt: booking.receipt_type || fallback, delivery: booking.delivery_type || fallback };
}

/** How each type is printed in the 运输条款: forwarders and carriers write the store door as DOOR. */
const PRINTED: Readonly<Record<ServiceType, string>> = { CY: 'CY', SD: 'DOOR', CFS: 'CFS' };

/** The 运输条款 as documents print it: "CY-CY", "CY-DOOR", "CFS-CFS", "DOOR-CY". */
export function serviceTermText(receipt: ServiceType, delivery: ServiceType): string {
  return `${PRINTED[receipt]}-${PRINTED[delivery]}`;
}

/* ---------- the sailing asked for ---------- */

/** DCSA's lengths for the vessel, voyage and service asked for. */
export const REQUESTED_SAILING_LIMITS = {
  vesselName: 50,
  voyage: 50,
  serviceCode: 11,
  serviceName: 50,
} as const;

/**
 * The sailing the shipper asks for (DCSA's `expectedDepartureDate`, the arrival window at the place
 * of delivery, `vessel` with its IMO number, `carrierExportVoyageNumber`, the service's code and
 * name), and the latest shipment date of a letter of credit, which only the booking note prints.
 * Every one is optional; what DCSA needs of them together is sailingProblem.
 */
export const requestedSailingFields = {
  requested_etd: draftable(isoDate),
  requested_arrival_from: draftable(isoDate),
  requested_arrival_to: draftable(isoDate),
  requested_vessel_name: upperRestricted(REQUESTED_SAILING_LIMITS.vesselName).default(''),
  requested_vessel_imo: draftable(imoNumber),
  requested_voyage: upperRestricted(REQUESTED_SAILING_LIMITS.voyage).default(''),
  requested_service_code: upperRestricted(REQUESTED_SAILING_LIMITS.serviceCode).default(''),
  requested_service_name: upperRestricted(REQUESTED_SAILING_LIMITS.serviceName).default(''),
  latest_shipment_date: draftable(isoDate),
};

export type RequestedSailing = {
  requested_etd: string | null;
  requested_arrival_from: string | null;
  requested_arrival_to: string | null;
  requested_vessel_name: string;
  requested_vessel_imo: string | null;
  requested_voyage: string;
  requested_service_code: string;
  requested_service_name: string;
  latest_shipment_date: string | null;
};

/**
 * The rules across the sailing's own fields: the arrival window has both ends and does not end
 * before it starts; an IMO number belongs to a named vessel (DCSA's `vessel` requires its name); a
 * voyage belongs to a vessel or a service, without which no carrier can tell which voyage "2103S"
 * is; and the departure asked for is not after the credit's latest shipment date, which it could
 * then never meet.
 */
export function requestedSailingProblems(
  sailing: RequestedSailing,
  options: RuleOptions = {},
): RuleProblem[] {
  const at = options.at ?? [];
  const problems: RuleProblem[] = [];
  const from = sailing.requested_arrival_from;
  const to = sailing.requested_arrival_to;
  if (from && !to)
    problems.push(problemAt(at, 'requested_arrival_to', 'bookingTerms.arrivalWindowIncomplete'));
  if (to && !from)
    problems.push(problemAt(at, 'requested_arrival_from', 'bookingTerms.arrivalWindowIncomplete'));
  if (from && to && to < from)
    problems.push(problemAt(at, 'requested_arrival_to', 'bookingTerms.arrivalOrder'));
  if (sailing.requested_vessel_imo && !sailing.requested_vessel_name)
    problems.push(problemAt(at, 'requested_vessel_name', 'bookingTerms.vesselNameRequired'));
  if (
    sailing.requested_voyage &&
    !sailing.requested_vessel_name &&
    !sailing.requested_service_code &&
    !sailing.requested_service_name
  )
    problems.push(problemAt(at, 'requested_voyage', 'bookingTerms.voyageNeedsVessel'));
  const latest = sailing.latest_shipment_date;
  if (latest && sailing.requested_etd && sailing.requested_etd > latest)
    problems.push(problemAt(at, 'requested_etd', 'bookingTerms.etdAfterLatestShipment'));
  return problems;
}

/**
 * DCSA's condition on a booking's dates: it must say when, by at least one of the departure asked
 * for, the cargo ready date (`expectedDepartureFromPlaceOfReceiptDate`), a complete arrival window,
 * or the vessel, voyage or service. A booking that says none is missing its departure date; the
 * problem names that field, the first a form offers. Null when the condition is met.
 */
export function sailingProblem(
  booking: RequestedSailing & { ready_date: string | null },
  options: RuleOptions = {},
): RuleProblem | null {
  const named =
    booking.requested_vessel_name ||
    booking.requested_voyage ||
    booking.requested_service_code ||
    booking.requested_service_name;
  const window = booking.requested_arrival_from && booking.requested_arrival_to;
  if (booking.requested_etd || booking.ready_date || window || named) return null;
  return problemAt(options.at ?? [], 'requested_etd', 'bookingTerms.sailingRequired');
}

/** The sailing's fields with the rules across them (requestedSailingProblems), as a schema of their own. */
export const requestedSailingInput = z
  .strictObject(requestedSailingFields)
  .superRefine((sailing, ctx) => addProblems(ctx, requestedSailingProblems(sailing)));

/* ---------- reefer settings ---------- */

export const TEMPERATURE_UNITS = ['CEL', 'FAH'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
export const AIR_EXCHANGE_UNITS = ['MQH', 'FQH'] as const;

const fahrenheit = (celsius: number) => Math.round((celsius * 9) / 5 + 32);

/**
 * The set temperatures a reefer can hold: −70 °C (the deepest of the super-freezer units) to
 * +40 °C, and the same range in °F when the setting is given in Fahrenheit (−94 to +104 °F).
 */
export const REEFER_TEMPERATURE_RANGE: Readonly<Record<TemperatureUnit, { min: number; max: number }>> = {
  CEL: { min: -70, max: 40 },
  FAH: { min: fahrenheit(-70), max: fahrenheit(40) },
};

/** The largest air exchange accepted: a bound on what is stored, well above any reefer's fan. */
const AIR_EXCHANGE_MAX = 99_999;

/**
 * An optional number that may come as text (a form field): '' and absent read as null; text that is
 * not a plain decimal stays text, so that it is refused as the wrong type rather than read oddly
 * (Number would take "0x10" as 16 and " " as 0). At most two decimals.
 */
export function optionalNumber(schema: z.ZodNumber) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return null;
    return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }, schema.multipleOf(0.01).nullable());
}
const percent = optionalNumber(z.number().min(0).max(100));

/**
 * DCSA's `activeReeferSettings`: the set temperature with its unit, the ventilation (an air
 * exchange rate with its unit; `ventilation_open` false is a closed vent, null not said), humidity
 * and controlled-atmosphere set points in percent, and the handling asked for.
 */
export const reeferSettingsFields = {
  temperature_setpoint: optionalNumber(z.number()),
  temperature_unit: z.enum(TEMPERATURE_UNITS).default('CEL'),
  ventilation_open: z.boolean().nullable().default(null),
  air_exchange_setpoint: optionalNumber(z.number().min(0).max(AIR_EXCHANGE_MAX)),
  air_exchange_unit: z.enum(AIR_EXCHANGE_UNITS).default('MQH'),
  humidity_setpoint: percent,
  o2_setpoint: percent,
  co2_setpoint: percent,
  drainholes_open: z.boolean().default(false),
  bulb_mode: z.boolean().default(false),
  cold_treatment: z.boolean().default(false),
  controlled_atmosphere: z.boolean().default(false),
  pre_cooling: z.boolean().default(false),
  genset: z.boolean().default(false),
};

export type ReeferSettings = {
  temperature_setpoint: number | null;
  temperature_unit: TemperatureUnit;
  ventilation_open: boolean | null;
  air_exchange_setpoint: number | null;
};

/**
 * The rules across a reefer's settings: the set temperature within REEFER_TEMPERATURE_RANGE for its
 * unit, and no air exchange through a closed vent. Whether a temperature is needed at all is the
 * equipment's rule (equipmentProblems).
 */
export function reeferSettingsProblems(reefer: ReeferSettings, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  const problems: RuleProblem[] = [];
  const range = REEFER_TEMPERATURE_RANGE[reefer.temperature_unit];
  const value = reefer.temperature_setpoint;
  if (value !== null && (value < range.min || value > range.max))
    problems.push(
      problemAt(at, 'temperature_setpoint', 'bookingTerms.temperatureRange', {
        min: range.min,
        max: range.max,
        unit: reefer.temperature_unit === 'CEL' ? '°C' : '°F',
      }),
    );
  if (reefer.ventilation_open === false && (reefer.air_exchange_setpoint ?? 0) > 0)
    problems.push(problemAt(at, 'air_exchange_setpoint', 'bookingTerms.ventilationClosed'));
  return problems;
}

export const reeferSettingsInput = z
  .strictObject(reeferSettingsFields)
  .superRefine((reefer, ctx) => addProblems(ctx, reeferSettingsProblems(reefer)));

/* ---------- equipment: reefer or not, shipper-owned ---------- */

/**
 * What an equipment group states beyond its type and units: shipper-owned (SOC, DCSA's
 * `isShipperOwned`) with the empty container's tare weight in KG, a reefer booked to run dry
 * (`isNonOperatingReefer`), and the reefer's settings. Their rules need the group's type, which the
 * caller knows from the container type chosen: equipmentProblems.
 */
export const equipmentTermFields = {
  is_shipper_owned: z.boolean().default(false),
  tare_weight: draftable(positiveDecimal(BOOKING_LIMITS.maxWeightKg, 'booking.weightFormat')),
  is_non_operating_reefer: z.boolean().default(false),
  reefer: reeferSettingsInput.nullable().default(null),
};

export type EquipmentTerms = {
  /** the group's type: the portal's name (40RH) or an ISO 6346 code; null while not chosen */
  type_code: string | null;
  is_shipper_owned: boolean;
  tare_weight: string | number | null;
  is_non_operating_reefer: boolean;
  reefer: { temperature_setpoint: number | null } | null;
};

/**
 * The rules of an equipment group. A shipper-owned container needs its tare weight: the carrier's
 * own boxes have theirs on file, a shipper's do not, and the VGM cannot be checked without it. A
 * reefer type runs at a set temperature, which it needs, unless booked as a non-operating reefer
 * (a reefer carrying dry cargo), which takes no settings. A dry, open-top, flat-rack or tank type is
 * no reefer: it takes neither the non-operating choice nor reefer settings.
 */
export function equipmentProblems(equipment: EquipmentTerms, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  const submit = options.submit ?? true;
  const problems: RuleProblem[] = [];
  if (
    submit &&
    equipment.is_shipper_owned &&
    (equipment.tare_weight === null || equipment.tare_weight === '')
  )
    problems.push(problemAt(at, 'tare_weight', 'bookingTerms.tareWeightRequired'));
  if (equipment.type_code === null) return problems;
  const reeferType = containerKindOf(equipment.type_code) === 'reefer';
  if (!reeferType && equipment.is_non_operating_reefer)
    problems.push(problemAt(at, 'is_non_operating_reefer', 'bookingTerms.notReeferType'));
  if ((!reeferType || equipment.is_non_operating_reefer) && equipment.reefer !== null)
    problems.push(problemAt(at, 'reefer', 'bookingTerms.reeferSettingsNotApplicable'));
  if (
    submit &&
    reeferType &&
    !equipment.is_non_operating_reefer &&
    (equipment.reefer?.temperature_setpoint ?? null) === null
  )
    problems.push(
      problemAt([...at, 'reefer'], 'temperature_setpoint', 'bookingTerms.reeferTemperatureRequired'),
    );
  return problems;
}

/* ---------- the door where the container is loaded ---------- */

/** At most this many loading stops per booking (DCSA's `containerPositionings`, in visiting order). */
export const CONTAINER_POSITIONINGS_MAX = 5;

/**
 * Where and when the trucker brings the empty container for loading (装货地址, 联系人, 做柜时间):
 * for the trucker, not for a document, so in any script. The time is local to the place, as the
 * cut-offs are.
 */
export const containerPositioningInput = z.strictObject({
  location_name: plainText(100).default(''),
  address: plainText(250).pipe(z.string().min(1)),
  contact_name: plainText(35).default(''),
  phone: phoneText(30).default(''),
  loading_time: draftable(localDateTime),
});

export type ContainerPositioning = z.output<typeof containerPositioningInput>;

export const containerPositioningsField = z
  .array(containerPositioningInput)
  .max(CONTAINER_POSITIONINGS_MAX)
  .default([]);

/**
 * The door's rule: a door receipt (SD) is carrier haulage to the shipper's premises, so the booking
 * names where to load (at least one loading address, on submit); a booking received at the yard or
 * the freight station has no loading stops to give.
 */
export function doorProblems(
  booking: {
    container_mode: number;
    receipt_type?: ServiceType | '' | null;
    container_positionings: readonly { address: string }[];
  },
  options: RuleOptions = {},
): RuleProblem[] {
  const at = options.at ?? [];
  const { receipt } = serviceTypesOf(booking);
  const stops = booking.container_positionings;
  if (receipt === 'SD' && (options.submit ?? true) && !stops.some((stop) => stop.address.trim() !== ''))
    return [problemAt(at, 'container_positionings', 'bookingTerms.loadingAddressRequired')];
  if (receipt !== 'SD' && stops.length > 0)
    return [problemAt(at, 'container_positionings', 'bookingTerms.positioningsDoorOnly')];
  return [];
}

export * from './booking-parties.js';
