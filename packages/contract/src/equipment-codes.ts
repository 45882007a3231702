import { z } from 'zod';

/*
 * ISO 6346 size-and-type codes of containers, and how they meet the portal's container types.
 *
 * A code has two forms: the detailed size-type (22G1: 20 ft, 8'6" high, general purpose with vents)
 * and the type group (22GP: 20 ft, 8'6", any general purpose). The portal stores the detailed form,
 * the one `container_types.iso_code` already holds for each type: it is the more precise of the two,
 * every DCSA example sends it (42G1, 45R1), and a carrier's equipment list is written in it. A
 * group code is accepted wherever a code comes in (DCSA allows either) and read as the portal type
 * of that very group; a group the portal has no type of (a platform, a tank for dangerous liquids,
 * a collapsible flat rack) is refused rather than swapped for a near one, since the carrier would
 * then supply equipment the shipper did not ask for.
 */

/** What a container is, as the booking's rules need it: reefers need settings, some need OOG data. */
export const CONTAINER_KINDS = ['dry', 'reefer', 'open_top', 'flat_rack', 'platform', 'tank'] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

/** The type groups of ISO 6346 by the detailed type codes they hold (type letter and digit). */
const TYPE_GROUPS: Readonly<Record<string, string>> = {
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [`G${d}`, 'GP'])),
  V0: 'VH',
  V2: 'VH',
  V4: 'VH',
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [`B${d}`, 'BU'])),
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [`S${d}`, 'SN'])),
  R0: 'RE',
  R1: 'RT',
  R2: 'RS',
  R3: 'RS',
  H0: 'HR',
  H1: 'HR',
  H2: 'HR',
  H5: 'HI',
  H6: 'HI',
  ...Object.fromEntries([0, 1, 2, 3, 4, 5].map((d) => [`U${d}`, 'UT'])),
  P0: 'PL',
  P1: 'PF',
  P2: 'PF',
  P3: 'PC',
  P4: 'PC',
  P5: 'PS',
  ...Object.fromEntries([0, 1, 2].map((d) => [`T${d}`, 'TN'])),
  ...Object.fromEntries([3, 4, 5, 6].map((d) => [`T${d}`, 'TD'])),
  ...Object.fromEntries([7, 8, 9].map((d) => [`T${d}`, 'TG'])),
  A0: 'AS',
};

/**
 * The kind of each type group. Insulated and porthole containers (HR, HI) and air/surface units
 * (AS) have none: the portal books none of them, and calling them dry or reefer would mislead.
 */
const GROUP_KINDS: Readonly<Record<string, ContainerKind>> = {
  GP: 'dry',
  VH: 'dry',
  BU: 'dry',
  SN: 'dry',
  RE: 'reefer',
  RT: 'reefer',
  RS: 'reefer',
  UT: 'open_top',
  PF: 'flat_rack',
  PC: 'flat_rack',
  PL: 'platform',
  PS: 'platform',
  TN: 'tank',
  TD: 'tank',
  TG: 'tank',
};
const ALL_GROUPS = new Set([...Object.values(TYPE_GROUPS)]);

/** A portal container type with its two ISO 6346 forms and its kind. */
export type PortalContainerType = {
  /** the portal's own name of the type, as forwarders say it (40HQ) */
  code: string;
  /** the detailed size-type the portal stores and sends */
  iso_code: string;
  /** the type group that is read as this type too */
  group_code: string;
  kind: ContainerKind;
};

/** The portal's container types (the reference list's twelve), each with its ISO 6346 codes. */
export const PORTAL_CONTAINER_TYPES: readonly PortalContainerType[] = [
  { code: '20GP', iso_code: '22G1', group_code: '22GP', kind: 'dry' },
  { code: '40GP', iso_code: '42G1', group_code: '42GP', kind: 'dry' },
  { code: '40HQ', iso_code: '45G1', group_code: '45GP', kind: 'dry' },
  { code: '45HQ', iso_code: 'L5G1', group_code: 'L5GP', kind: 'dry' },
  { code: '20RF', iso_code: '22R1', group_code: '22RT', kind: 'reefer' },
  { code: '40RF', iso_code: '42R1', group_code: '42RT', kind: 'reefer' },
  { code: '40RH', iso_code: '45R1', group_code: '45RT', kind: 'reefer' },
  { code: '20OT', iso_code: '22U1', group_code: '22UT', kind: 'open_top' },
  { code: '40OT', iso_code: '42U1', group_code: '42UT', kind: 'open_top' },
  { code: '20FR', iso_code: '22P1', group_code: '22PF', kind: 'flat_rack' },
  { code: '40FR', iso_code: '42P1', group_code: '42PF', kind: 'flat_rack' },
  { code: '20TK', iso_code: '22T1', group_code: '22TN', kind: 'tank' },
];

/** Length code, height-and-width code, then the type: "22G1" or "22GP". */
const SIZE_TYPE = /^[1-9A-Z][0-9A-Z][A-Z]\d$/;
const GROUP = /^[1-9A-Z][0-9A-Z][A-Z]{2}$/;

/**
 * The type group of an ISO 6346 code: "22G1" → "22GP", "45R1" → "45RT"; a group code is its own
 * ("22GP"). Null for text that is neither (a portal name such as "40HQ", a type digit ISO leaves
 * unassigned, "22X9").
 */
export function isoTypeGroupOf(code: string): string | null {
  const text = code.trim().toUpperCase();
  if (SIZE_TYPE.test(text)) {
    const group = TYPE_GROUPS[text.slice(2)];
    return group ? text.slice(0, 2) + group : null;
  }
  if (GROUP.test(text) && ALL_GROUPS.has(text.slice(2))) return text;
  return null;
}

/** The portal type of an ISO 6346 code (either form), by its type group; null when it books none. */
function typeOfIsoCode(code: string): PortalContainerType | null {
  const group = isoTypeGroupOf(code);
  return group ? (PORTAL_CONTAINER_TYPES.find((type) => type.group_code === group) ?? null) : null;
}

/**
 * The portal type a code stands for: the portal's own name ("40HQ"), its stored size-type ("45G1"),
 * another size-type of the same group ("45G0"), or the group ("45GP"). Null for a code of a type
 * the portal does not book. The names 20GP and 40GP are also ISO group codes, of containers 8 ft
 * high that nobody ships any more; here, where a person may type either, the portal's name wins.
 */
export function portalContainerTypeOf(code: string): PortalContainerType | null {
  const text = code.trim().toUpperCase();
  return PORTAL_CONTAINER_TYPES.find((type) => type.code === text) ?? typeOfIsoCode(text);
}

/**
 * The kind of a container type, from the portal's name or any ISO 6346 code, whether the portal
 * books the type or not (22P0 is a platform); null when the code says nothing the portal knows.
 */
export function containerKindOf(code: string): ContainerKind | null {
  const named = PORTAL_CONTAINER_TYPES.find((type) => type.code === code.trim().toUpperCase());
  if (named) return named.kind;
  const group = isoTypeGroupOf(code);
  return group ? (GROUP_KINDS[group.slice(2)] ?? null) : null;
}

/** Whether a type is a reefer, which runs at a set temperature unless booked as non-operating. */
export const isReefer = (code: string) => containerKindOf(code) === 'reefer';

/**
 * Whether a type may carry cargo beyond its outline (open top, flat rack, platform), so that the
 * booking asks for the over-length, over-width and over-height.
 */
export function isOutOfGaugeType(code: string): boolean {
  const kind = containerKindOf(code);
  return kind === 'open_top' || kind === 'flat_rack' || kind === 'platform';
}

/**
 * An ISO equipment code field (a DCSA `ISOEquipmentCode`, either form): stored as the portal type's
 * size-type ("22GP" comes in, "22G1" is kept); a type the portal does not book is refused. Only ISO
 * readings count here: a system that sends ISO codes means 20GP as ISO does (8 ft high, which the
 * portal does not book), so it is refused with a message rather than guessed to be 22G1.
 */
export const isoEquipmentCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .pipe(
    z
      .string()
      .refine((code) => typeOfIsoCode(code) !== null, { error: 'tradeCodes.isoEquipmentCode' })
      .transform((code) => typeOfIsoCode(code)?.iso_code ?? code),
  );
