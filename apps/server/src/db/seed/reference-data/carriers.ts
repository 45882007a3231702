import type { SeedCarrier } from './types.js';

/**
 * Ocean carriers by SCAC. SITC, T.S. Lines, Sinotrans, HASCO, Jinjiang, Minsheng and Interasia have no
 * alphabetic SCAC of their own: their code is the carrier code that US Customs (AMS) issued to them and
 * that carriers, NVOCCs and tracking services use in the SCAC field.
 */
export const CARRIERS: readonly SeedCarrier[] = [
  { code: 'MSCU', name_en: 'MSC (Mediterranean Shipping Company)', name_zh: '地中海航运' },
  { code: 'MAEU', name_en: 'Maersk', name_zh: '马士基' },
  { code: 'CMDU', name_en: 'CMA CGM', name_zh: '达飞轮船' },
  { code: 'COSU', name_en: 'COSCO Shipping Lines', name_zh: '中远海运集运' },
  { code: 'HLCU', name_en: 'Hapag-Lloyd', name_zh: '赫伯罗特' },
  { code: 'ONEY', name_en: 'Ocean Network Express (ONE)', name_zh: '海洋网联船务' },
  { code: 'EGLV', name_en: 'Evergreen Line', name_zh: '长荣海运' },
  { code: 'OOLU', name_en: 'OOCL (Orient Overseas Container Line)', name_zh: '东方海外' },
  { code: 'HDMU', name_en: 'HMM (Hyundai Merchant Marine)', name_zh: '现代商船' },
  { code: 'YMLU', name_en: 'Yang Ming', name_zh: '阳明海运' },
  { code: 'ZIMU', name_en: 'ZIM', name_zh: '以星航运' },
  { code: 'WHLC', name_en: 'Wan Hai Lines', name_zh: '万海航运' },
  { code: 'PCIU', name_en: 'PIL (Pacific International Lines)', name_zh: '太平船务' },
  { code: '12PD', name_en: 'SITC Container Lines', name_zh: '海丰国际' },
  { code: 'KMTU', name_en: 'KMTC (Korea Marine Transport)', name_zh: '高丽海运' },
  { code: 'SMLM', name_en: 'SM Line', name_zh: '森罗商船' },
  { code: '13DF', name_en: 'T.S. Lines', name_zh: '德翔海运' },
  { code: '12IH', name_en: 'Sinotrans Container Lines', name_zh: '中外运集运' },
  { code: 'CULU', name_en: 'China United Lines (CU Lines)', name_zh: '中联航运' },
  { code: '12GE', name_en: 'HASCO (Shanghai Hai Hua Shipping)', name_zh: '海华轮船' },
  { code: '11WJ', name_en: 'Jin Jiang Shipping', name_zh: '锦江航运' },
  { code: '13CQ', name_en: 'Minsheng Ocean Shipping', name_zh: '民生轮船' },
  { code: '12AT', name_en: 'Interasia Lines', name_zh: '运达航运' },
  { code: 'REGU', name_en: 'RCL (Regional Container Lines)', name_zh: '宏海箱运' },
  { code: 'MATS', name_en: 'Matson', name_zh: '美森轮船' },
  { code: 'ESPU', name_en: 'Emirates Shipping Line', name_zh: '阿联酋航运' },
  { code: 'SEJJ', name_en: 'Sealand (A Maersk Company)', name_zh: '海陆马士基' },
  { code: 'APLU', name_en: 'APL (American President Lines)', name_zh: '美国总统轮船' },
  { code: 'ANNU', name_en: 'ANL Container Line', name_zh: '澳国航运' },
  { code: 'SUDU', name_en: 'Hamburg Süd', name_zh: '汉堡南美' },
  { code: 'CHVW', name_en: 'Swire Shipping (China Navigation Co.)', name_zh: '太古船务' },
  { code: 'ARKU', name_en: 'Arkas Line', name_zh: '阿卡斯航运' },
  { code: 'CAMN', name_en: 'Crowley', name_zh: '克劳利海运' },
  { code: 'LMCU', name_en: 'Ignazio Messina', name_zh: '梅西纳航运' },
  { code: 'GRIU', name_en: 'Grimaldi', name_zh: '格里马尔迪航运' },
  { code: 'ACLU', name_en: 'ACL (Atlantic Container Line)', name_zh: '大西洋集装箱航运' },
  { code: 'FESO', name_en: 'FESCO', name_zh: '远东海运' },
  { code: 'SCIU', name_en: 'Shipping Corporation of India', name_zh: '印度航运' },
  { code: 'POBU', name_en: 'Pan Ocean', name_zh: '泛洋海运' },
  { code: 'PCSL', name_en: 'Dong Young Shipping', name_zh: '东映海运' },
];
