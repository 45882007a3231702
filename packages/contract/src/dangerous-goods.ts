import { z } from 'zod';
import { draftable } from './booking-fields.js';
import { codeField, compactCode, problemAt, type RuleProblem, type RulePath } from './trade-rules.js';

/*
 * Dangerous goods by the IMDG Code: UN and NA numbers, the hazard classes and divisions, class 1's
 * compatibility groups, packing groups, and the rule that says whether a packing group is required,
 * not taken, or left to the shipper.
 */

/* ---------- UN and NA numbers ---------- */

/** The UN numbers in use run from 0004 to about 3560; a little room is left above for new entries. */
export const UN_NUMBER_RANGE = { min: 1, max: 3599 } as const;

/** A UN or NA number as written ("UN 1263", "na1993"): its four digits. */
export function normalizeDgNumber(text: string): string {
  return compactCode(text).replace(/^(UN|NA)/, '');
}

/** Whether text is a UN number: four digits from 0001 to 3599, "UN" before it or not ("UN1263"). */
export function isUnNumber(text: string): boolean {
  const code = compactCode(text);
  if (!/^(UN)?\d{4}$/.test(code)) return false;
  const value = Number(normalizeDgNumber(code));
  return value >= UN_NUMBER_RANGE.min && value <= UN_NUMBER_RANGE.max;
}

/**
 * Whether text is a North American (US DOT) number: four digits, "NA" before them or not ("NA1993"),
 * for the few substances regulated in the US that have no UN number. Its range overlaps the UN one,
 * so which of the two a number is depends on the field it is given in, never on its digits.
 */
export function isNaNumber(text: string): boolean {
  const code = compactCode(text);
  return /^(NA)?\d{4}$/.test(code) && Number(normalizeDgNumber(code)) > 0;
}

/** A UN number field: stored as its four digits (DCSA's `UNNumber`). */
export const unNumber = codeField(isUnNumber, 'tradeCodes.unNumber', normalizeDgNumber);
/** An NA number field: stored as its four digits (DCSA's `NANumber`). */
export const naNumber = codeField(isNaNumber, 'tradeCodes.naNumber', normalizeDgNumber);

/** How a dangerous good's number is printed: "UN 1263", "NA 1993" (empty when it has neither). */
export function dgNumberText(dg: { un_number?: string | null; na_number?: string | null }): string {
  if (dg.un_number) return `UN ${dg.un_number}`;
  if (dg.na_number) return `NA ${dg.na_number}`;
  return '';
}

/* ---------- classes ---------- */

export type ImoClass = { code: string; name_en: string; name_zh: string };

/** The classes and divisions of the IMDG Code, in its order. */
export const IMO_CLASSES: readonly ImoClass[] = [
  { code: '1.1', name_en: 'Explosives with a mass explosion hazard', name_zh: '有整体爆炸危险的爆炸品' },
  { code: '1.2', name_en: 'Explosives with a projection hazard', name_zh: '有迸射危险的爆炸品' },
  { code: '1.3', name_en: 'Explosives with a fire hazard', name_zh: '有燃烧危险的爆炸品' },
  { code: '1.4', name_en: 'Explosives presenting no significant hazard', name_zh: '无重大危险的爆炸品' },
  { code: '1.5', name_en: 'Very insensitive explosive substances', name_zh: '非常不敏感的爆炸物质' },
  { code: '1.6', name_en: 'Extremely insensitive explosive articles', name_zh: '极端不敏感的爆炸物品' },
  { code: '2.1', name_en: 'Flammable gases', name_zh: '易燃气体' },
  { code: '2.2', name_en: 'Non-flammable, non-toxic gases', name_zh: '非易燃无毒气体' },
  { code: '2.3', name_en: 'Toxic gases', name_zh: '毒性气体' },
  { code: '3', name_en: 'Flammable liquids', name_zh: '易燃液体' },
  { code: '4.1', name_en: 'Flammable solids, self-reactive substances', name_zh: '易燃固体、自反应物质' },
  { code: '4.2', name_en: 'Substances liable to spontaneous combustion', name_zh: '易于自燃的物质' },
  {
    code: '4.3',
    name_en: 'Substances emitting flammable gases with water',
    name_zh: '遇水放出易燃气体的物质',
  },
  { code: '5.1', name_en: 'Oxidizing substances', name_zh: '氧化性物质' },
  { code: '5.2', name_en: 'Organic peroxides', name_zh: '有机过氧化物' },
  { code: '6.1', name_en: 'Toxic substances', name_zh: '毒性物质' },
  { code: '6.2', name_en: 'Infectious substances', name_zh: '感染性物质' },
  { code: '7', name_en: 'Radioactive material', name_zh: '放射性物质' },
  { code: '8', name_en: 'Corrosive substances', name_zh: '腐蚀性物质' },
  { code: '9', name_en: 'Miscellaneous dangerous substances and articles', name_zh: '杂项危险物质和物品' },
];
const CLASS_CODES = new Set(IMO_CLASSES.map((entry) => entry.code));

/**
 * The compatibility groups each division of class 1 has (1.4S, 1.1D): the letters the IMDG Code
 * combines with it, so that a combination it never assigns (1.4A) is refused.
 */
const COMPATIBILITY_GROUPS: Readonly<Record<string, string>> = {
  '1.1': 'ABCDEFGJL',
  '1.2': 'BCDEFGHJKL',
  '1.3': 'CGHJKL',
  '1.4': 'BCDEFGS',
  '1.5': 'D',
  '1.6': 'N',
};

/**
 * An IMO class as written on a declaration ("3", "4.1", "1.4S"): its class or division and, for
 * class 1, the compatibility group when given. The group may be left out (the division alone
 * decides the packing group rule), but a given one must be one the division has. Null for anything
 * else ("4" alone is no class: class 4 is always 4.1, 4.2 or 4.3).
 */
export function parseImoClass(text: string): { division: string; compatibility_group: string | null } | null {
  const match = /^(\d(?:\.\d)?)([A-Z])?$/.exec(text.trim().toUpperCase());
  if (!match) return null;
  const [, division = '', group] = match;
  if (!CLASS_CODES.has(division)) return null;
  if (group === undefined) return { division, compatibility_group: null };
  return COMPATIBILITY_GROUPS[division]?.includes(group) ? { division, compatibility_group: group } : null;
}

export const isImoClass = (text: string) => parseImoClass(text) !== null;

/** An IMO class field ("1.4s" is stored as 1.4S). */
export const imoClass = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .pipe(z.string().refine(isImoClass, { error: 'tradeCodes.imoClass' }));

/** A subsidiary risk: a class or division without a compatibility group (DCSA's "2.1", "8"). */
export const subsidiaryRisk = z
  .string()
  .trim()
  .pipe(z.string().refine((text) => CLASS_CODES.has(text), { error: 'tradeCodes.imoClass' }));

/* ---------- packing groups ---------- */

/** Packing groups as DCSA sends them (1 great danger, 2 medium, 3 minor) and as documents print them. */
export const PACKING_GROUPS = [1, 2, 3] as const;
export type PackingGroup = (typeof PACKING_GROUPS)[number];
const ROMAN = ['I', 'II', 'III'] as const;

/** A packing group as a document prints it: 3 → "III". */
export const packingGroupText = (group: PackingGroup) => ROMAN[group - 1];

/** A packing group field: 1, 2, 3, "2", or the roman "I", "II", "III" ("PG III" too); stored as 1–3. */
export const packingGroup = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value
      .trim()
      .toUpperCase()
      .replace(/^PG\s*/, '');
    const roman = ROMAN.indexOf(text as (typeof ROMAN)[number]);
    return roman >= 0 ? roman + 1 : /^\d$/.test(text) ? Number(text) : text;
  },
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'tradeCodes.packingGroup' }),
);

/**
 * UN numbers the IMDG Code lists without a packing group although their class usually takes one:
 * articles and substances whose danger is not graded by packing group. Self-reactive (3221–3240)
 * and polymerizing (3531–3534) substances of class 4.1; lithium and sodium batteries and the cargo
 * units or vehicles they are built into (3090, 3091, 3480, 3481, 3536, 3551, 3552, 3556–3558, and
 * 3292 in class 4.3); vehicles, engines and machinery (3166, 3171, 3363, 3528, 3530); fuel cell
 * cartridges (3473, 3476, 3477); life-saving appliances and safety devices (2990, 3072, 3268);
 * capacitors (3499, 3508); articles containing dangerous goods (3537–3548); and dry ice (1845),
 * genetically modified organisms (3245), fumigated units (3359) and discarded packagings (3509).
 * For these a packing group is not asked for; one given is kept, so that a later amendment of the
 * Code that grades one of them is not refused here.
 */
const WITHOUT_PACKING_GROUP = new Set<number>([
  ...range(3221, 3240),
  ...range(3531, 3534),
  ...[3090, 3091, 3292, 3480, 3481, 3536, 3551, 3552, 3556, 3557, 3558],
  ...[3166, 3171, 3363, 3528, 3530],
  ...[3473, 3476, 3477],
  ...[2990, 3072, 3268],
  ...[3499, 3508],
  ...range(3537, 3548),
  ...[1845, 3245, 3359, 3509],
]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The classes whose dangers are graded by packing group; the others (1, 2, 5.2, 6.2, 7) take none. */
const GRADED_CLASSES = new Set(['3', '4.1', '4.2', '4.3', '5.1', '6.1', '8', '9']);

/**
 * Whether dangerous goods of a class (and UN number, when known) need a packing group: `required`
 * for classes 3, 4.1–4.3, 5.1, 6.1, 8 and 9; `none` for explosives, gases, organic peroxides,
 * infectious and radioactive material, which the Code never assigns one (a packing group given
 * for them is a mistake); `optional` for the listed entries of graded classes that have none
 * (WITHOUT_PACKING_GROUP). Null for a class that is not one.
 */
export function packingGroupRule(
  imoClassText: string,
  unNumberText?: string | null,
): 'required' | 'none' | 'optional' | null {
  const parsed = parseImoClass(imoClassText);
  if (!parsed) return null;
  if (!GRADED_CLASSES.has(parsed.division)) return 'none';
  if (unNumberText && WITHOUT_PACKING_GROUP.has(Number(unNumberText.replace(/\D/g, '')))) return 'optional';
  return 'required';
}

/** The identifying codes of one dangerous good, as a commodity carries them. */
export type DangerousGoodsCodes = {
  un_number: string | null;
  na_number: string | null;
  imo_class: string | null;
  packing_group: PackingGroup | null;
};

/**
 * The rules across a dangerous good's codes: a UN number or an NA number, not both (DCSA's
 * `UNNumber` xor `NANumber`), and the packing group its class and number call for.
 */
export function dangerousGoodsProblems(dg: DangerousGoodsCodes, at: RulePath = []): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (!dg.un_number && !dg.na_number) problems.push(problemAt(at, 'un_number', 'tradeCodes.unOrNaRequired'));
  if (dg.un_number && dg.na_number) problems.push(problemAt(at, 'na_number', 'tradeCodes.unOrNaNotBoth'));
  const rule = dg.imo_class ? packingGroupRule(dg.imo_class, dg.un_number) : null;
  const params = { imo_class: dg.imo_class ?? '' };
  if (rule === 'required' && dg.packing_group === null)
    problems.push(problemAt(at, 'packing_group', 'tradeCodes.packingGroupRequired', params));
  if (rule === 'none' && dg.packing_group !== null)
    problems.push(problemAt(at, 'packing_group', 'tradeCodes.packingGroupNotTaken', params));
  return problems;
}

/**
 * The code fields of a dangerous good, to spread into the commodity's dangerous goods object;
 * its rules across them are dangerousGoodsProblems.
 */
export const dangerousGoodsCodeFields = {
  un_number: draftable(unNumber),
  na_number: draftable(naNumber),
  imo_class: imoClass,
  subsidiary_risk_1: draftable(subsidiaryRisk),
  subsidiary_risk_2: draftable(subsidiaryRisk),
  packing_group: draftable(packingGroup),
};
