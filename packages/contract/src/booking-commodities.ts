import { z } from 'zod';
import { requiredId } from './common.js';
import {
  BOOKING_LIMITS,
  cargoItemDraft,
  cargoItemInput,
  cargoPackages,
  cargoVolume,
  cargoWeight,
  CONTAINER_MODES,
  containerLineInput,
  draftable,
  plainText,
  upperRestricted,
  wholeNumber,
} from './booking-fields.js';
import {
  containerLineTermFields,
  DANGEROUS_GOODS_PER_LINE_MAX,
  type DangerousGood,
  dangerousGoodInput,
  dangerousGoodProblems,
  dangerousGoodView,
  hasOverhang,
  type OutOfGauge,
} from './booking-cargo.js';
import { equipmentProblems } from './booking-terms.js';
import { isOutOfGaugeType } from './equipment-codes.js';
import { fixed3, sum3, toThousandths } from './booking-totals.js';
import { hsCodeList } from './trade-codes.js';
import { problemAt, type RuleProblem } from './trade-rules.js';

/*
 * An FCL container line is an equipment group as DCSA nests it (`requestedEquipments[]`): units of
 * one container type, each holding the same list of commodities (`commodities[]`): three 40HQ of
 * shoes and T-shirts are one line with two commodities, not two lines (which would be six boxes).
 * A commodity has its description, its HS codes, its Chinese name, its packages with their Rec. 21
 * code, its gross and net weight, its volume and its dangerous goods. Only the description and the
 * weight are needed at booking; packages and volume may follow with the shipping instructions. An LCL cargo line is
 * itself one commodity and keeps its flat fields.
 */

export const COMMODITY_LIMITS = {
  descriptionMax: BOOKING_LIMITS.descriptionMax,
  perLine: 50,
  /** all the booking's commodities together: what one booking note and one form can hold */
  perBooking: 500,
} as const;

/** How people separate several HS codes in one field: commas, semicolons, 、 or new lines. */
const HS_CODE_SEPARATORS = /[,;，；、\n]+/;

/**
 * A commodity's HS codes: a list, or one text with the codes separated by commas (as the form and
 * spreadsheets give them); each checked and kept once (trade-codes.ts).
 */
export const commodityHsCodes = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(HS_CODE_SEPARATORS)
          .map((code) => code.trim())
          .filter((code) => code !== '')
      : (value ?? []),
  hsCodeList,
);

/** The codes as one field shows them: "847130, 847330". */
export const hsCodesText = (codes: readonly string[]) => codes.join(', ');

/** One commodity of an equipment group, as a submit takes it: weight and description required. */
export const commodityInput = z.object({
  description: upperRestricted(COMMODITY_LIMITS.descriptionMax, true).pipe(z.string().min(1)),
  hs_codes: commodityHsCodes,
  /** 中文品名 of this commodity, for the booking note; the booking's own is for all of them */
  commodity_cn: plainText(BOOKING_LIMITS.commodityCnMax).default(''),
  packages: draftable(cargoPackages),
  /** a package unit (UN/ECE Rec. 21): GET /api/unit?type=3 */
  unit_id: draftable(requiredId),
  weight: cargoWeight,
  net_weight: draftable(cargoWeight),
  volume: draftable(cargoVolume),
  dangerous_goods: z.array(dangerousGoodInput).max(DANGEROUS_GOODS_PER_LINE_MAX).default([]),
});
/** A draft's commodity: the description and the weight may be left empty too. */
export const commodityDraft = commodityInput.extend({
  description: upperRestricted(COMMODITY_LIMITS.descriptionMax, true).default(''),
  weight: draftable(cargoWeight),
});
export type CommodityInput = z.input<typeof commodityInput>;
export type Commodity = z.output<typeof commodityDraft>;

const commodityList = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, { error: 'booking.addCommodity' }).max(COMMODITY_LIMITS.perLine);

/** The cargo fields a line gave before its commodities were nested, read as its one commodity. */
const FLAT_CARGO = ['hs_code', 'description', 'packages', 'unit_id', 'weight', 'volume', 'dangerous_goods'];

/**
 * A container line on the wire: with `commodities`, or in the flat shape of one commodity
 * (hs_code, description, packages, unit_id, weight, volume, dangerous_goods on the line), which is
 * read as its one commodity. With `commodities` given, the line's flat cargo fields are ignored:
 * a reply carries them as the line's totals, and a client sending a reply back is not refused.
 */
function nestCommodities(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const line = value as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(line).filter(([key]) => !FLAT_CARGO.includes(key)));
  if (line.commodities !== undefined) return rest;
  const commodity = Object.fromEntries(
    FLAT_CARGO.filter((key) => line[key] !== undefined).map((key) => [
      key === 'hs_code' ? 'hs_codes' : key,
      line[key],
    ]),
  );
  return { ...rest, commodities: [commodity] };
}

/** What an equipment group states besides its commodities: its type, count, number and terms. */
const equipmentFields = containerLineInput
  .pick({ container_id: true, container_no: true, seal_no: true, quantity: true })
  .extend(containerLineTermFields);

/** An equipment group as a submit takes it; its field rules for the web's cells (zodRules). */
export const bookingContainerLine = equipmentFields.extend({ commodities: commodityList(commodityInput) });
export const bookingContainerLineDraft = equipmentFields.extend({
  container_id: draftable(requiredId),
  quantity: draftable(wholeNumber(BOOKING_LIMITS.maxQuantity)),
  commodities: commodityList(commodityDraft),
});
/** The lines as the booking schemas read them: commodities nested, or one in the flat shape. */
export const containerLineWire = z.preprocess(nestCommodities, bookingContainerLine);
export const containerLineDraftWire = z.preprocess(nestCommodities, bookingContainerLineDraft);
export type BookingContainerLine = z.output<typeof bookingContainerLineDraft>;
/** A container line on the wire with its commodities nested. */
export type NestedContainerLineInput = z.input<typeof bookingContainerLine>;

/** An LCL cargo line: one commodity in the flat shape, with its dangerous goods. */
const cargoItemTermFields = { dangerous_goods: commodityInput.shape.dangerous_goods };
export const bookingCargoItem = cargoItemInput.extend(cargoItemTermFields);
export const bookingCargoItemDraft = cargoItemDraft.extend(cargoItemTermFields);
export type BookingCargoItem = z.output<typeof bookingCargoItemDraft>;

/** An LCL cargo line as the one commodity it is. */
export const cargoItemCommodity = (item: BookingCargoItem): Commodity => ({
  description: item.description,
  hs_codes: item.hs_code === '' ? [] : [item.hs_code],
  commodity_cn: '',
  packages: item.packages,
  unit_id: item.unit_id,
  weight: item.weight,
  net_weight: null,
  volume: item.volume,
  dangerous_goods: item.dangerous_goods,
});

/**
 * A line's cargo summed over its commodities, as the list, the totals and the flat fields of a
 * reply give it: the first commodity's description and HS code, the packages and the volume as far
 * as they are given (null when none is), the weight summed, the dangerous goods of all of them.
 */
export function commodityTotals(commodities: readonly Commodity[]) {
  const given = <T>(values: (T | null)[]) => values.filter((value): value is T => value !== null);
  const packages = given(commodities.map((c) => c.packages));
  const volumes = given(commodities.map((c) => c.volume));
  const weights = given(commodities.map((c) => c.weight));
  const first = commodities[0];
  return {
    hs_code: first?.hs_codes[0] ?? '',
    description: first?.description ?? '',
    packages: packages.length > 0 ? packages.reduce((sum, value) => sum + value, 0) : null,
    unit_id: first?.unit_id ?? null,
    weight: weights.length > 0 ? sum3(weights) : null,
    volume: volumes.length > 0 ? sum3(volumes) : null,
    dangerous_goods: commodities.flatMap((c) => c.dangerous_goods),
  };
}

/** A commodity as it is kept: decimals with their three places. */
export const storedCommodity = (c: Commodity): Commodity => ({
  ...c,
  weight: c.weight === null ? null : fixed3(c.weight),
  net_weight: c.net_weight === null ? null : fixed3(c.net_weight),
  volume: c.volume === null ? null : fixed3(c.volume),
});

/**
 * The rules of one commodity beyond its fields' formats. Always: the net weight is not above the
 * gross. On submit: packages come with their package code and the code with a count.
 */
export function commodityProblems(c: Commodity, at: (string | number)[], submit: boolean): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (c.net_weight !== null && c.weight !== null && toThousandths(c.net_weight) > toThousandths(c.weight))
    problems.push(problemAt(at, 'net_weight', 'booking.netAboveGross'));
  if (submit && c.packages !== null && c.unit_id === null)
    problems.push(problemAt(at, 'unit_id', 'validation.selectRequired'));
  if (submit && c.unit_id !== null && c.packages === null)
    problems.push(problemAt(at, 'packages', 'validation.requiredPlural'));
  return problems;
}

type LineTerms = {
  container_id: number | null;
  is_shipper_owned: boolean;
  tare_weight: string | null;
  is_non_operating_reefer: boolean;
  reefer: { temperature_setpoint: number | null } | null;
  out_of_gauge: OutOfGauge | null;
  commodities: readonly Commodity[];
};

/**
 * The rules of a booking's lines that need each line's container type, named by `typeCodeOf` (the
 * portal's name, 40RF, or an ISO code; null while unknown): equipmentProblems, overhang only on an
 * open-top, flat-rack or platform, each commodity's rules and each dangerous good's, and at most
 * COMMODITY_LIMITS.perBooking commodities in all. On a draft only contradictions are refused
 * (`submit` false); on submit what is missing too.
 */
export function bookingLineProblems(
  booking: {
    container_mode: number;
    containers: readonly LineTerms[];
    cargo_items: readonly { dangerous_goods: readonly DangerousGood[] }[];
  },
  typeCodeOf: (containerId: number) => string | null,
  options: { submit: boolean },
): RuleProblem[] {
  const { submit } = options;
  const dangerous = (goods: readonly DangerousGood[], at: (string | number)[]) =>
    goods.flatMap((dg, i) => dangerousGoodProblems(dg, { at: [...at, 'dangerous_goods', i], submit }));
  if (booking.container_mode !== CONTAINER_MODES.fcl)
    return booking.cargo_items.flatMap((item, i) => dangerous(item.dangerous_goods, ['cargo_items', i]));
  const problems = booking.containers.flatMap((line, i) => {
    const at = ['containers', i];
    const typeCode = line.container_id === null ? null : typeCodeOf(line.container_id);
    const found = equipmentProblems({ ...line, type_code: typeCode }, { at, submit });
    if (typeCode !== null && !isOutOfGaugeType(typeCode) && hasOverhang(line.out_of_gauge))
      found.push(problemAt(at, 'out_of_gauge', 'bookingTerms.outOfGaugeNotApplicable'));
    line.commodities.forEach((c, j) => {
      const commodityAt = [...at, 'commodities', j];
      found.push(...commodityProblems(c, commodityAt, submit), ...dangerous(c.dangerous_goods, commodityAt));
    });
    return found;
  });
  const count = booking.containers.reduce((sum, line) => sum + line.commodities.length, 0);
  if (count > COMMODITY_LIMITS.perBooking)
    problems.push({
      field: 'containers',
      key: 'booking.tooManyCommodities',
      params: { max: COMMODITY_LIMITS.perBooking },
    });
  return problems;
}

/**
 * A booking's goods in one cell of its export: each commodity of each line with its HS codes,
 * "LEATHER SHOES (640399, 640411); PAINT IN TINS (320810)"; a commodity repeated on several lines
 * is named once.
 */
export function goodsText(
  lines: readonly (readonly Pick<Commodity, 'description' | 'hs_codes'>[])[],
): string {
  const named = lines
    .flat()
    .map((c) => (c.hs_codes.length > 0 ? `${c.description} (${hsCodesText(c.hs_codes)})` : c.description));
  return [...new Set(named.filter(Boolean))].join('; ');
}

/* ---------- as the replies give them ---------- */

/** A stored commodity as a reply gives it; weights and the volume '' while a draft lacks them. */
export const commodityView = z.object({
  description: z.string(),
  hs_codes: z.array(z.string()),
  commodity_cn: z.string(),
  packages: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  unit_name: z.string(),
  /** KG, 3 decimals */
  weight: z.string(),
  net_weight: z.string(),
  /** CBM, 3 decimals */
  volume: z.string(),
  dangerous_goods: z.array(dangerousGoodView),
});
export type CommodityView = z.infer<typeof commodityView>;

/** A stored commodity for a reply, with its package unit's name. */
export const presentCommodity = (c: Commodity, unitName: (id: number) => string): CommodityView => ({
  description: c.description,
  hs_codes: c.hs_codes,
  commodity_cn: c.commodity_cn,
  packages: c.packages,
  unit_id: c.unit_id,
  unit_name: c.unit_id === null ? '' : unitName(c.unit_id),
  weight: c.weight ?? '',
  net_weight: c.net_weight ?? '',
  volume: c.volume ?? '',
  dangerous_goods: c.dangerous_goods,
});
