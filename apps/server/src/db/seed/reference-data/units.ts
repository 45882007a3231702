import type { SeedUnit } from './types.js';

/**
 * Units. Weight and volume use UN/ECE Recommendation 20 codes; package kinds use UN/ECE Recommendation 21
 * codes (note that in Rec 21 a pallet is PX and PL is a pail, a roll is RO and RL is a reel).
 */
export const UNITS: readonly SeedUnit[] = [
  // weight (Rec 20)
  { code: 'KGM', type: 1, name_en: 'Kilogram', name_zh: '千克' },
  { code: 'TNE', type: 1, name_en: 'Tonne (metric ton)', name_zh: '吨' },
  { code: 'LBR', type: 1, name_en: 'Pound', name_zh: '磅' },
  // volume (Rec 20)
  { code: 'MTQ', type: 2, name_en: 'Cubic metre', name_zh: '立方米' },
  { code: 'FTQ', type: 2, name_en: 'Cubic foot', name_zh: '立方英尺' },
  { code: 'LTR', type: 2, name_en: 'Litre', name_zh: '升' },
  // packages (Rec 21)
  { code: 'CT', type: 3, name_en: 'Carton', name_zh: '纸箱' },
  { code: 'PK', type: 3, name_en: 'Package', name_zh: '件' },
  { code: 'PX', type: 3, name_en: 'Pallet', name_zh: '托盘' },
  { code: 'BX', type: 3, name_en: 'Box', name_zh: '箱' },
  { code: 'CS', type: 3, name_en: 'Case', name_zh: '货箱' },
  { code: '7B', type: 3, name_en: 'Case, wooden', name_zh: '木箱' },
  { code: 'CR', type: 3, name_en: 'Crate', name_zh: '板条箱' },
  { code: 'BG', type: 3, name_en: 'Bag', name_zh: '袋' },
  { code: 'SA', type: 3, name_en: 'Sack', name_zh: '麻袋' },
  { code: 'DR', type: 3, name_en: 'Drum', name_zh: '桶' },
  { code: 'BA', type: 3, name_en: 'Barrel', name_zh: '琵琶桶' },
  { code: 'JC', type: 3, name_en: 'Jerrican, rectangular', name_zh: '方桶' },
  { code: 'CY', type: 3, name_en: 'Cylinder', name_zh: '钢瓶' },
  { code: 'RO', type: 3, name_en: 'Roll', name_zh: '卷' },
  { code: 'RL', type: 3, name_en: 'Reel', name_zh: '卷盘' },
  { code: 'BL', type: 3, name_en: 'Bale, compressed', name_zh: '包' },
  { code: 'BE', type: 3, name_en: 'Bundle', name_zh: '捆' },
  { code: 'NE', type: 3, name_en: 'Unpacked or unpackaged', name_zh: '裸装' },
];
