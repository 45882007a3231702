import type { SeedContainer } from './types.js';

/** Container types as quoted by forwarders, with their ISO 6346 size-and-type code. */
export const CONTAINERS: readonly SeedContainer[] = [
  { code: '20GP', iso_code: '22G1', teu: 1, name_en: "20' General Purpose", name_zh: '20尺普柜' },
  { code: '40GP', iso_code: '42G1', teu: 2, name_en: "40' General Purpose", name_zh: '40尺普柜' },
  { code: '40HQ', iso_code: '45G1', teu: 2, name_en: "40' High Cube", name_zh: '40尺高柜' },
  { code: '45HQ', iso_code: 'L5G1', teu: 2.25, name_en: "45' High Cube", name_zh: '45尺高柜' },
  { code: '20RF', iso_code: '22R1', teu: 1, name_en: "20' Reefer", name_zh: '20尺冷柜' },
  { code: '40RF', iso_code: '42R1', teu: 2, name_en: "40' Reefer", name_zh: '40尺冷柜' },
  { code: '40RH', iso_code: '45R1', teu: 2, name_en: "40' High Cube Reefer", name_zh: '40尺冷高柜' },
  { code: '20OT', iso_code: '22U1', teu: 1, name_en: "20' Open Top", name_zh: '20尺开顶柜' },
  { code: '40OT', iso_code: '42U1', teu: 2, name_en: "40' Open Top", name_zh: '40尺开顶柜' },
  { code: '20FR', iso_code: '22P1', teu: 1, name_en: "20' Flat Rack", name_zh: '20尺框架柜' },
  { code: '40FR', iso_code: '42P1', teu: 2, name_en: "40' Flat Rack", name_zh: '40尺框架柜' },
  { code: '20TK', iso_code: '22T1', teu: 1, name_en: "20' Tank", name_zh: '20尺罐式柜' },
];
