import { z } from 'zod';

/*
 * Kinds of package by UN/ECE Recommendation 21 (Annex VI), the codes DCSA's `packageCode` takes:
 * the ones a forwarder's customers ship, each with its name in English (Rec. 21's) and Chinese (as
 * Chinese booking notes write them). The same codes as the portal's package-unit list, plus a few
 * that list lacks. Rec. 21 has traps for anyone guessing from English: a pallet is PX (PL is a
 * pail), a roll is RO (RL is a reel), an IBC is WA (IB is a cardboard display package).
 */

export type PackageCode = { code: string; name_en: string; name_zh: string };

export const PACKAGE_CODES: readonly PackageCode[] = [
  { code: 'CT', name_en: 'Carton', name_zh: '纸箱' },
  { code: 'PK', name_en: 'Package', name_zh: '件' },
  { code: 'PX', name_en: 'Pallet', name_zh: '托盘' },
  { code: 'BX', name_en: 'Box', name_zh: '箱' },
  { code: 'CS', name_en: 'Case', name_zh: '货箱' },
  { code: '7B', name_en: 'Case, wooden', name_zh: '木箱' },
  { code: 'CR', name_en: 'Crate', name_zh: '板条箱' },
  { code: 'BG', name_en: 'Bag', name_zh: '袋' },
  { code: 'SA', name_en: 'Sack', name_zh: '麻袋' },
  { code: 'JB', name_en: 'Bag, jumbo', name_zh: '吨袋' },
  { code: 'DR', name_en: 'Drum', name_zh: '桶' },
  { code: 'BA', name_en: 'Barrel', name_zh: '琵琶桶' },
  { code: 'PL', name_en: 'Pail', name_zh: '提桶' },
  { code: 'JC', name_en: 'Jerrican, rectangular', name_zh: '方桶' },
  { code: 'WA', name_en: 'Intermediate bulk container', name_zh: '吨桶（IBC）' },
  { code: 'FE', name_en: 'Flexitank', name_zh: '液袋' },
  { code: 'CY', name_en: 'Cylinder', name_zh: '钢瓶' },
  { code: 'RO', name_en: 'Roll', name_zh: '卷' },
  { code: 'RL', name_en: 'Reel', name_zh: '卷盘' },
  { code: 'CL', name_en: 'Coil', name_zh: '盘' },
  { code: 'BL', name_en: 'Bale, compressed', name_zh: '包' },
  { code: 'BE', name_en: 'Bundle', name_zh: '捆' },
  { code: 'PP', name_en: 'Piece', name_zh: '个' },
  { code: 'NE', name_en: 'Unpacked or unpackaged', name_zh: '裸装' },
];

const BY_CODE = new Map(PACKAGE_CODES.map((entry) => [entry.code, entry]));

/** The package kind of a code ("ct" is CT), or null for a code outside PACKAGE_CODES. */
export function packageCodeOf(code: string): PackageCode | null {
  return BY_CODE.get(code.trim().toUpperCase()) ?? null;
}

/** A package code field: one of PACKAGE_CODES, stored in upper case. */
export const packageCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .pipe(z.string().refine((code) => BY_CODE.has(code), { error: 'tradeCodes.packageCode' }));
