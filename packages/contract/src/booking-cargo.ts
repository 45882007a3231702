import { z } from 'zod';
import { BOOKING_LIMITS, draftable, plainText, positiveDecimal, upperRestricted } from './booking-fields.js';
import { phoneText } from './booking-parties.js';
import {
  AIR_EXCHANGE_UNITS,
  equipmentTermFields,
  optionalNumber,
  TEMPERATURE_UNITS,
} from './booking-terms.js';
import {
  dangerousGoodsCodeFields,
  dangerousGoodsProblems,
  dgNumberText,
  imoClass,
  packingGroupText,
  parseImoClass,
} from './dangerous-goods.js';
import { problemAt, type RuleOptions, type RuleProblem } from './trade-rules.js';

/*
 * What a booking line carries beyond its cargo: for a container line the equipment's own terms
 * (shipper-owned with its tare weight, a reefer's settings or a reefer run dry, the cargo's
 * overhang on an open-top or flat-rack), and for any line the dangerous goods in it. The rules that
 * depend on the line's container type (a reefer needs a temperature, only an open-top or flat-rack
 * takes overhang) need that type's code, which the caller knows: bookingLineProblems.
 */

/* ---------- dangerous goods ---------- */

/** Dangerous goods entries per commodity (DCSA's list). */
export const DANGEROUS_GOODS_PER_LINE_MAX = 5;

/** DCSA's lengths for a dangerous good's texts and its emergency contact. */
export const DANGEROUS_GOODS_LIMITS = {
  properShippingName: 250,
  technicalName: 250,
  emsNumber: 7,
  packaging: 100,
  contactName: 100,
  contactPhone: 30,
} as const;

/**
 * One dangerous good of a line (DCSA's `dangerousGoods`): its codes (UN or NA number, class,
 * subsidiary risks, packing group), the proper shipping name and technical name, the EmS number,
 * the marine pollutant, limited and excepted quantity marks, the flash point with its unit, the
 * inner and outer packaging as declared, the net explosive content in KG (class 1), and whom to call
 * in an emergency. Everything may be left empty in a draft; what a submit needs is
 * dangerousGoodProblems.
 */
export const dangerousGoodInput = z.strictObject({
  ...dangerousGoodsCodeFields,
  imo_class: draftable(imoClass),
  proper_shipping_name: upperRestricted(DANGEROUS_GOODS_LIMITS.properShippingName).default(''),
  technical_name: upperRestricted(DANGEROUS_GOODS_LIMITS.technicalName).default(''),
  ems_number: upperRestricted(DANGEROUS_GOODS_LIMITS.emsNumber).default(''),
  is_marine_pollutant: z.boolean().default(false),
  is_limited_quantity: z.boolean().default(false),
  is_excepted_quantity: z.boolean().default(false),
  flash_point: optionalNumber(z.number().min(-100).max(400)),
  flash_point_unit: z.enum(TEMPERATURE_UNITS).default('CEL'),
  inner_packaging: upperRestricted(DANGEROUS_GOODS_LIMITS.packaging).default(''),
  outer_packaging: upperRestricted(DANGEROUS_GOODS_LIMITS.packaging).default(''),
  net_explosive_content: draftable(positiveDecimal(BOOKING_LIMITS.maxWeightKg, 'booking.weightFormat')),
  emergency_contact_name: plainText(DANGEROUS_GOODS_LIMITS.contactName).default(''),
  emergency_contact_phone: phoneText(DANGEROUS_GOODS_LIMITS.contactPhone).default(''),
});
export type DangerousGoodInput = z.input<typeof dangerousGoodInput>;
export type DangerousGood = z.output<typeof dangerousGoodInput>;

const isClass1 = (imoClassText: string | null) =>
  imoClassText !== null && (parseImoClass(imoClassText)?.division.startsWith('1.') ?? false);

/** What a submit asks for that a draft may leave out; the rest are contradictions, refused always. */
const MISSING_ONLY = new Set(['tradeCodes.unOrNaRequired', 'tradeCodes.packingGroupRequired']);

/**
 * The rules of one dangerous good. Always: a UN or an NA number, not both; no packing group for a
 * class that takes none; a net explosive content only for explosives; limited and excepted quantity
 * are two different regimes, not both. On submit besides: the number, the class and the proper
 * shipping name (what the carrier's DG desk checks first), the packing group its class needs, the
 * net explosive content of class 1, and an emergency contact with a phone (DCSA requires one).
 */
export function dangerousGoodProblems(dg: DangerousGood, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  const submit = options.submit ?? true;
  const problems = dangerousGoodsProblems(dg, at).filter(
    (problem) => submit || !MISSING_ONLY.has(problem.key),
  );
  const required = (field: string) => problems.push(problemAt(at, field, 'validation.required'));
  if (submit) {
    if (dg.imo_class === null) required('imo_class');
    if (dg.proper_shipping_name === '') required('proper_shipping_name');
    if (isClass1(dg.imo_class) && dg.net_explosive_content === null)
      problems.push(problemAt(at, 'net_explosive_content', 'bookingTerms.netExplosiveRequired'));
    if (dg.emergency_contact_name === '')
      problems.push(problemAt(at, 'emergency_contact_name', 'bookingTerms.emergencyContactRequired'));
    if (dg.emergency_contact_phone === '')
      problems.push(problemAt(at, 'emergency_contact_phone', 'bookingTerms.emergencyContactRequired'));
  }
  if (dg.net_explosive_content !== null && dg.imo_class !== null && !isClass1(dg.imo_class))
    problems.push(problemAt(at, 'net_explosive_content', 'bookingTerms.netExplosiveClass1Only'));
  if (dg.is_limited_quantity && dg.is_excepted_quantity)
    problems.push(problemAt(at, 'is_excepted_quantity', 'bookingTerms.limitedOrExcepted'));
  return problems;
}

/* ---------- out of gauge ---------- */

/** The overhang accepted per side, in cm: more than a road or a ship's cell takes from one box. */
export const OUT_OF_GAUGE_MAX_CM = 2000;

/** The overhang's sides, in the order a booking note prints them. */
export const OUT_OF_GAUGE_SIDES = [
  'over_length_front',
  'over_length_back',
  'over_width_left',
  'over_width_right',
  'over_height',
] as const;
export type OutOfGaugeSide = (typeof OUT_OF_GAUGE_SIDES)[number];

const overhang = optionalNumber(z.number().int().min(0).max(OUT_OF_GAUGE_MAX_CM));

/**
 * How far the cargo stands out of an open-top, flat-rack or platform, in whole cm per side. DCSA's
 * booking has no such fields; the portal keeps them and prints them on the booking note, since a
 * carrier prices and stows an out-of-gauge unit by them.
 */
export const outOfGaugeInput = z.strictObject(
  Object.fromEntries(OUT_OF_GAUGE_SIDES.map((side) => [side, overhang])) as Record<
    OutOfGaugeSide,
    typeof overhang
  >,
);
export type OutOfGauge = Record<OutOfGaugeSide, number | null>;

/** Whether an overhang states anything: a side above 0. */
export const hasOverhang = (oog: OutOfGauge | null) =>
  oog !== null && OUT_OF_GAUGE_SIDES.some((side) => (oog[side] ?? 0) > 0);

/* ---------- the lines ---------- */

/**
 * What a container line states about its equipment (shipper-owned, reefer, overhang); its
 * dangerous goods are its commodities' (booking-commodities.ts).
 */
export const containerLineTermFields = {
  ...equipmentTermFields,
  out_of_gauge: outOfGaugeInput.nullable().default(null),
};

/** Whether a booking's lines carry dangerous goods (the list's and the documents' DG mark). */
export const carriesDangerousGoods = (lines: readonly { dangerous_goods: readonly unknown[] }[]) =>
  lines.some((line) => line.dangerous_goods.length > 0);

/* ---------- as the replies give them ---------- */

const temperatureUnit = z.enum(TEMPERATURE_UNITS);

/** A stored dangerous good, as a reply gives it (dangerousGoodInput's output). */
export const dangerousGoodView = z.object({
  un_number: z.string().nullable(),
  na_number: z.string().nullable(),
  imo_class: z.string().nullable(),
  subsidiary_risk_1: z.string().nullable(),
  subsidiary_risk_2: z.string().nullable(),
  packing_group: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  proper_shipping_name: z.string(),
  technical_name: z.string(),
  ems_number: z.string(),
  is_marine_pollutant: z.boolean(),
  is_limited_quantity: z.boolean(),
  is_excepted_quantity: z.boolean(),
  flash_point: z.number().nullable(),
  flash_point_unit: temperatureUnit,
  inner_packaging: z.string(),
  outer_packaging: z.string(),
  /** KG, 3 decimals */
  net_explosive_content: z.string().nullable(),
  emergency_contact_name: z.string(),
  emergency_contact_phone: z.string(),
});

/** A stored reefer's settings (reeferSettingsInput's output). */
export const reeferSettingsView = z.object({
  temperature_setpoint: z.number().nullable(),
  temperature_unit: temperatureUnit,
  ventilation_open: z.boolean().nullable(),
  air_exchange_setpoint: z.number().nullable(),
  air_exchange_unit: z.enum(AIR_EXCHANGE_UNITS),
  humidity_setpoint: z.number().nullable(),
  o2_setpoint: z.number().nullable(),
  co2_setpoint: z.number().nullable(),
  drainholes_open: z.boolean(),
  bulb_mode: z.boolean(),
  cold_treatment: z.boolean(),
  controlled_atmosphere: z.boolean(),
  pre_cooling: z.boolean(),
  genset: z.boolean(),
});
export type ReeferSettingsView = z.infer<typeof reeferSettingsView>;

/** What a container line's reply says of its equipment and dangerous goods. */
export const containerLineTermsView = {
  is_shipper_owned: z.boolean(),
  /** KG, 3 decimals; null unless shipper-owned */
  tare_weight: z.string().nullable(),
  is_non_operating_reefer: z.boolean(),
  reefer: reeferSettingsView.nullable(),
  out_of_gauge: z
    .object(Object.fromEntries(OUT_OF_GAUGE_SIDES.map((side) => [side, z.number().int().nullable()])))
    .nullable(),
  dangerous_goods: z.array(dangerousGoodView),
};
export const cargoItemTermsView = { dangerous_goods: z.array(dangerousGoodView) };

/* ---------- as documents print them ---------- */

const DEGREES: Readonly<Record<(typeof TEMPERATURE_UNITS)[number], string>> = { CEL: '°C', FAH: '°F' };
const AIR_EXCHANGE: Readonly<Record<(typeof AIR_EXCHANGE_UNITS)[number], string>> = {
  MQH: 'CBM/H',
  FQH: 'CFT/H',
};
const number = (value: number) => String(value);

/** A dangerous good as a booking note prints it: "UN 1263 PAINT CL 3 (8) PG III EMS F-E,S-E MP". */
export function dangerousGoodText(dg: z.infer<typeof dangerousGoodView>): string {
  const risks = [dg.subsidiary_risk_1, dg.subsidiary_risk_2].filter(Boolean).join('/');
  return [
    dgNumberText(dg),
    dg.proper_shipping_name,
    dg.technical_name ? `(${dg.technical_name})` : '',
    dg.imo_class ? `CL ${dg.imo_class}${risks ? ` (${risks})` : ''}` : '',
    dg.packing_group ? `PG ${packingGroupText(dg.packing_group)}` : '',
    dg.ems_number ? `EMS ${dg.ems_number}` : '',
    dg.flash_point === null ? '' : `FP ${number(dg.flash_point)} ${DEGREES[dg.flash_point_unit]}`,
    dg.is_marine_pollutant ? 'MARINE POLLUTANT' : '',
    dg.is_limited_quantity ? 'LTD QTY' : '',
    dg.is_excepted_quantity ? 'EXCEPTED QTY' : '',
    dg.net_explosive_content === null ? '' : `NEC ${dg.net_explosive_content} KG`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A container line's equipment terms in the trade's own abbreviations, which carriers read in any
 * language: "SOC TARE 2200.000 KG", "NOR" (a reefer run dry), "-18 °C VENT CLOSED", "+5 °C VENT 25
 * CBM/H", "OOG L 0/50 W 20/20 H 30 CM" (front/back, left/right, height). Empty for a plain line.
 */
export function equipmentTermsText(line: {
  is_shipper_owned: boolean;
  tare_weight: string | null;
  is_non_operating_reefer: boolean;
  reefer: ReeferSettingsView | null;
  out_of_gauge: Partial<Record<OutOfGaugeSide, number | null>> | null;
}): string[] {
  const parts: string[] = [];
  if (line.is_shipper_owned) parts.push(line.tare_weight ? `SOC TARE ${line.tare_weight} KG` : 'SOC');
  if (line.is_non_operating_reefer) parts.push('NOR');
  const reefer = line.reefer;
  if (reefer && reefer.temperature_setpoint !== null) {
    const value = reefer.temperature_setpoint;
    const vent =
      reefer.ventilation_open === false
        ? 'VENT CLOSED'
        : reefer.air_exchange_setpoint !== null
          ? `VENT ${number(reefer.air_exchange_setpoint)} ${AIR_EXCHANGE[reefer.air_exchange_unit]}`
          : '';
    const extras = [
      reefer.humidity_setpoint === null ? '' : `RH ${number(reefer.humidity_setpoint)}%`,
      reefer.o2_setpoint === null ? '' : `O2 ${number(reefer.o2_setpoint)}%`,
      reefer.co2_setpoint === null ? '' : `CO2 ${number(reefer.co2_setpoint)}%`,
      reefer.pre_cooling ? 'PRE-COOL' : '',
      reefer.cold_treatment ? 'COLD TREATMENT' : '',
      reefer.controlled_atmosphere ? 'CA' : '',
      reefer.genset ? 'GENSET' : '',
    ];
    parts.push(
      [`${value > 0 ? '+' : ''}${number(value)} ${DEGREES[reefer.temperature_unit]}`, vent, ...extras]
        .filter(Boolean)
        .join(' '),
    );
  }
  const oog = line.out_of_gauge;
  if (oog && OUT_OF_GAUGE_SIDES.some((side) => (oog[side] ?? 0) > 0)) {
    const cm = (side: OutOfGaugeSide) => number(oog[side] ?? 0);
    parts.push(
      `OOG L ${cm('over_length_front')}/${cm('over_length_back')} W ${cm('over_width_left')}/${cm('over_width_right')} H ${cm('over_height')} CM`,
    );
  }
  return parts;
}

/** The longest special-cargo summary kept with a booking (its list row and export). */
export const SPECIAL_CARGO_SUMMARY_MAX = 255;

/**
 * A booking's special cargo in one short line, for its list row and export, so that a forwarder
 * sees at a glance what needs its DG, reefer or project desk: "DG UN 1263, UN 1993 · RF -18 °C ·
 * OOG · SOC". Empty for plain dry cargo.
 */
export function specialCargoSummary(
  lines: readonly {
    is_shipper_owned?: boolean;
    is_non_operating_reefer?: boolean;
    reefer?: {
      temperature_setpoint: number | null;
      temperature_unit: (typeof TEMPERATURE_UNITS)[number];
    } | null;
    out_of_gauge?: OutOfGauge | null;
    dangerous_goods: readonly { un_number: string | null; na_number: string | null }[];
  }[],
): string {
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
  const goods = unique(lines.flatMap((line) => line.dangerous_goods.map(dgNumberText)));
  const temperatures = unique(
    lines.map((line) => {
      const value = line.reefer?.temperature_setpoint;
      if (value === null || value === undefined || !line.reefer) return '';
      return `${value > 0 ? '+' : ''}${number(value)} ${DEGREES[line.reefer.temperature_unit]}`;
    }),
  );
  const parts = [
    lines.some((line) => line.dangerous_goods.length > 0) ? `DG ${goods.join(', ')}`.trim() : '',
    temperatures.length > 0 ? `RF ${temperatures.join(', ')}` : '',
    lines.some((line) => line.is_non_operating_reefer) ? 'NOR' : '',
    lines.some((line) => hasOverhang(line.out_of_gauge ?? null)) ? 'OOG' : '',
    lines.some((line) => line.is_shipper_owned) ? 'SOC' : '',
  ];
  const text = parts.filter(Boolean).join(' · ');
  return text.length > SPECIAL_CARGO_SUMMARY_MAX ? `${text.slice(0, SPECIAL_CARGO_SUMMARY_MAX - 1)}…` : text;
}
