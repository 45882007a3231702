import {
  type AIR_EXCHANGE_UNITS,
  BOOKING_LIMITS,
  type ContainerLine,
  type DangerousGood,
  OUT_OF_GAUGE_SIDES,
  type OutOfGauge,
  type OutOfGaugeSide,
  type PackingGroup,
  type ReeferSettingsView,
  type TemperatureUnit,
} from '@freight/contract';

/*
 * What a booking line states beyond its cargo, as the form holds it and as the wire has it
 * (contract booking-cargo.ts): a container line's equipment (shipper-owned with its tare weight, a
 * reefer's settings or a reefer run dry, the overhang of an open-top or flat-rack), and any line's
 * dangerous goods. Numbers come from number inputs; what is left empty is sent as null.
 */

type AirExchangeUnit = (typeof AIR_EXCHANGE_UNITS)[number];

/** The reefer's handling asked for, each a checkbox. */
export const REEFER_FLAGS = [
  'pre_cooling',
  'cold_treatment',
  'controlled_atmosphere',
  'genset',
  'drainholes_open',
  'bulb_mode',
] as const;
type ReeferFlag = (typeof REEFER_FLAGS)[number];
/** The reefer's set points besides the temperature, in percent. */
export const REEFER_PERCENTS = ['humidity_setpoint', 'o2_setpoint', 'co2_setpoint'] as const;
type ReeferPercent = (typeof REEFER_PERCENTS)[number];

type ReeferFormValues = {
  temperature_setpoint?: number | null;
  temperature_unit?: TemperatureUnit;
  /** true open, false closed, null not stated */
  ventilation_open?: boolean | null;
  air_exchange_setpoint?: number | null;
  air_exchange_unit?: AirExchangeUnit;
} & Partial<Record<ReeferPercent, number | null>> &
  Partial<Record<ReeferFlag, boolean>>;

/** A dangerous good as the form holds it; an empty select is undefined, so that it shows its placeholder. */
export type DangerousGoodFormValues = {
  un_number?: string;
  na_number?: string;
  imo_class?: string;
  subsidiary_risk_1?: string;
  subsidiary_risk_2?: string;
  packing_group?: PackingGroup;
  proper_shipping_name?: string;
  technical_name?: string;
  ems_number?: string;
  is_marine_pollutant?: boolean;
  is_limited_quantity?: boolean;
  is_excepted_quantity?: boolean;
  flash_point?: number | null;
  flash_point_unit?: TemperatureUnit;
  inner_packaging?: string;
  outer_packaging?: string;
  net_explosive_content?: number | null;
  emergency_contact_name?: string;
  emergency_contact_phone?: string;
};

/** What an LCL cargo line states besides its cargo. */
export type CargoTermsFormValues = { dangerous_goods?: DangerousGoodFormValues[] };

/** What an FCL container line states besides its cargo. */
export type ContainerTermsFormValues = CargoTermsFormValues & {
  is_shipper_owned?: boolean;
  tare_weight?: number | null;
  is_non_operating_reefer?: boolean;
  /** kept while a reefer runs dry (non-operating), sent only while it runs (toContainerTerms) */
  reefer?: ReeferFormValues | null;
  out_of_gauge?: Partial<Record<OutOfGaugeSide, number | null>> | null;
};

export const emptyCargoTerms = (): Required<CargoTermsFormValues> => ({ dangerous_goods: [] });
export const emptyContainerTerms = (): ContainerTermsFormValues => ({
  is_shipper_owned: false,
  tare_weight: null,
  is_non_operating_reefer: false,
  reefer: null,
  out_of_gauge: null,
  dangerous_goods: [],
});

export const emptyReefer = (): ReeferFormValues => ({
  temperature_setpoint: null,
  temperature_unit: 'CEL',
  ventilation_open: null,
  air_exchange_setpoint: null,
  air_exchange_unit: 'MQH',
});

export const emptyDangerousGood = (): DangerousGoodFormValues => ({
  un_number: '',
  na_number: '',
  imo_class: '',
  proper_shipping_name: '',
  technical_name: '',
  ems_number: '',
  is_marine_pollutant: false,
  is_limited_quantity: false,
  is_excepted_quantity: false,
  flash_point: null,
  flash_point_unit: 'CEL',
  inner_packaging: '',
  outer_packaging: '',
  net_explosive_content: null,
  emergency_contact_name: '',
  emergency_contact_phone: '',
});

const num = (value: string | null) => (value === null || value === '' ? null : Number(value));

/** A saved dangerous good as the form edits it. */
function toDangerousGoodFormValues(dg: ContainerLine['dangerous_goods'][number]): DangerousGoodFormValues {
  return {
    ...dg,
    un_number: dg.un_number ?? '',
    na_number: dg.na_number ?? '',
    imo_class: dg.imo_class ?? '',
    subsidiary_risk_1: dg.subsidiary_risk_1 ?? undefined,
    subsidiary_risk_2: dg.subsidiary_risk_2 ?? undefined,
    packing_group: dg.packing_group ?? undefined,
    net_explosive_content: num(dg.net_explosive_content),
  };
}

/** A saved cargo line's dangerous goods as the form edits them (edit and copy keep them). */
export const toCargoTermsFormValues = (line: Pick<ContainerLine, 'dangerous_goods'>) => ({
  dangerous_goods: line.dangerous_goods.map(toDangerousGoodFormValues),
});

/** A saved container line's equipment and dangerous goods as the form edits them. */
export function toContainerTermsFormValues(line: ContainerLine): ContainerTermsFormValues {
  const oog = line.out_of_gauge;
  return {
    is_shipper_owned: line.is_shipper_owned,
    tare_weight: num(line.tare_weight),
    is_non_operating_reefer: line.is_non_operating_reefer,
    reefer: line.reefer ? { ...line.reefer } : null,
    out_of_gauge: oog
      ? Object.fromEntries(OUT_OF_GAUGE_SIDES.map((side) => [side, oog[side] ?? null]))
      : null,
    ...toCargoTermsFormValues(line),
  };
}

const text = (value: string | undefined) => value?.trim() ?? '';
const orNull = (value: string | undefined) => text(value) || null;
const numberOrNull = (value: number | null | undefined) => value ?? null;
export const decimalOrNull = (value: number | null | undefined) =>
  value === null || value === undefined ? null : String(Number(value.toFixed(BOOKING_LIMITS.decimals)));

/** A dangerous good as sent: texts trimmed, empty ones '' or null as the contract has them. */
export function toDangerousGood(dg: DangerousGoodFormValues): DangerousGood {
  return {
    un_number: orNull(dg.un_number),
    na_number: orNull(dg.na_number),
    imo_class: orNull(dg.imo_class),
    subsidiary_risk_1: orNull(dg.subsidiary_risk_1),
    subsidiary_risk_2: orNull(dg.subsidiary_risk_2),
    packing_group: dg.packing_group ?? null,
    proper_shipping_name: text(dg.proper_shipping_name),
    technical_name: text(dg.technical_name),
    ems_number: text(dg.ems_number),
    is_marine_pollutant: dg.is_marine_pollutant ?? false,
    is_limited_quantity: dg.is_limited_quantity ?? false,
    is_excepted_quantity: dg.is_excepted_quantity ?? false,
    flash_point: numberOrNull(dg.flash_point),
    flash_point_unit: dg.flash_point_unit ?? 'CEL',
    inner_packaging: text(dg.inner_packaging),
    outer_packaging: text(dg.outer_packaging),
    net_explosive_content: decimalOrNull(dg.net_explosive_content),
    emergency_contact_name: text(dg.emergency_contact_name),
    emergency_contact_phone: text(dg.emergency_contact_phone),
  };
}

/** A dangerous good with nothing in it: an entry added and not filled in, which is not sent. */
export function isEmptyDangerousGood(dg: DangerousGoodFormValues | undefined): boolean {
  if (!dg) return true;
  const sent = toDangerousGood(dg);
  return Object.entries(sent).every(
    ([name, value]) => value === null || value === '' || value === false || name === 'flash_point_unit',
  );
}

/** The dangerous goods as sent: the entries left empty are none. */
const toDangerousGoods = (goods: DangerousGoodFormValues[] | undefined) =>
  (goods ?? []).filter((dg) => !isEmptyDangerousGood(dg)).map(toDangerousGood);

/** The reefer's settings as sent; null when none is given (the units alone are no settings). */
function toReefer(reefer: ReeferFormValues | null | undefined): ReeferSettingsView | null {
  if (!reefer) return null;
  const sent: ReeferSettingsView = {
    temperature_setpoint: numberOrNull(reefer.temperature_setpoint),
    temperature_unit: reefer.temperature_unit ?? 'CEL',
    ventilation_open: reefer.ventilation_open ?? null,
    air_exchange_setpoint: numberOrNull(reefer.air_exchange_setpoint),
    air_exchange_unit: reefer.air_exchange_unit ?? 'MQH',
    humidity_setpoint: numberOrNull(reefer.humidity_setpoint),
    o2_setpoint: numberOrNull(reefer.o2_setpoint),
    co2_setpoint: numberOrNull(reefer.co2_setpoint),
    pre_cooling: reefer.pre_cooling ?? false,
    cold_treatment: reefer.cold_treatment ?? false,
    controlled_atmosphere: reefer.controlled_atmosphere ?? false,
    genset: reefer.genset ?? false,
    drainholes_open: reefer.drainholes_open ?? false,
    bulb_mode: reefer.bulb_mode ?? false,
  };
  const given =
    sent.temperature_setpoint !== null ||
    sent.ventilation_open !== null ||
    sent.air_exchange_setpoint !== null ||
    REEFER_PERCENTS.some((name) => sent[name] !== null) ||
    REEFER_FLAGS.some((name) => sent[name]);
  return given ? sent : null;
}

/** The overhang as sent: null when no side is filled in. */
function toOutOfGauge(oog: ContainerTermsFormValues['out_of_gauge']): OutOfGauge | null {
  if (!oog || OUT_OF_GAUGE_SIDES.every((side) => (oog[side] ?? null) === null)) return null;
  return Object.fromEntries(OUT_OF_GAUGE_SIDES.map((side) => [side, oog[side] ?? null])) as OutOfGauge;
}

/** A cargo line's terms as sent. */
export const toCargoTerms = (line: CargoTermsFormValues) => ({
  dangerous_goods: toDangerousGoods(line.dangerous_goods),
});

/**
 * A container line's terms as sent: the tare weight only of a shipper-owned container, the reefer's
 * settings only while it runs (a non-operating reefer takes none).
 */
export function toContainerTerms(line: ContainerTermsFormValues) {
  const isShipperOwned = line.is_shipper_owned ?? false;
  const isNonOperating = line.is_non_operating_reefer ?? false;
  return {
    is_shipper_owned: isShipperOwned,
    tare_weight: isShipperOwned ? decimalOrNull(line.tare_weight) : null,
    is_non_operating_reefer: isNonOperating,
    reefer: isNonOperating ? null : toReefer(line.reefer),
    out_of_gauge: toOutOfGauge(line.out_of_gauge),
    ...toCargoTerms(line),
  };
}

/** Whether a line states any special cargo (its details are shown open then). */
export function hasLineTerms(line: ContainerTermsFormValues | undefined): boolean {
  if (!line) return false;
  const terms = toContainerTerms(line);
  return (
    terms.is_shipper_owned ||
    terms.is_non_operating_reefer ||
    terms.reefer !== null ||
    terms.out_of_gauge !== null ||
    terms.dangerous_goods.length > 0
  );
}

/**
 * A line's terms as the contract's rules read them (bookingLineProblems): as sent, but with every
 * dangerous good the form has, so that a problem's row is the form's row while one is filled in.
 */
export const toLineTerms = (line: ContainerTermsFormValues) => ({
  ...toContainerTerms(line),
  dangerous_goods: (line.dangerous_goods ?? []).map(toDangerousGood),
});
