import { isValidContainerNo } from '@freight/contract';
import type { Random } from './random.js';

/**
 * What the demo customer's suppliers make (HS code, description as it goes onto the B/L, package
 * unit), with a density in kg per CBM and packages per CBM, so that the weights, volumes and
 * package counts of a container or an LCL lot are plausible.
 */
export type Goods = {
  hs: string;
  description: string;
  unit: string;
  kgPerCbm: number;
  packagesPerCbm: number;
};

const goods = (
  hs: string,
  description: string,
  unit: string,
  kgPerCbm: number,
  packagesPerCbm: number,
): Goods => ({
  hs,
  description,
  unit,
  kgPerCbm,
  packagesPerCbm,
});

/** Each supplier of the contact book (by English name) with its products. */
export const SUPPLIER_GOODS: Record<string, Goods[]> = {
  'NINGBO BRIGHT ELECTRONICS CO., LTD': [
    goods('851762', 'WIRELESS ROUTERS', 'CT', 160, 22),
    goods('852872', 'LCD MONITORS', 'CT', 140, 9),
  ],
  'SUZHOU EVERGREEN TEXTILE CO., LTD': [
    goods('610910', 'COTTON T-SHIRTS', 'CT', 210, 18),
    goods('611020', 'KNITTED SWEATERS', 'CT', 170, 15),
  ],
  'YIWU HAPPY TOYS CO., LTD': [goods('950300', 'PLASTIC TOYS', 'CT', 110, 12)],
  'FOSHAN GRAND FURNITURE MANUFACTURING CO., LTD': [
    goods('940360', 'WOODEN FURNITURE', 'PK', 120, 4),
    goods('940161', 'UPHOLSTERED SOFAS', 'PK', 75, 2),
  ],
  'SHENZHEN BRIGHTSTAR TECHNOLOGY CO., LTD': [goods('851830', 'BLUETOOTH HEADPHONES', 'CT', 150, 20)],
  'DONGGUAN HUAXING SHOES CO., LTD': [goods('640411', 'SPORTS SHOES', 'CT', 130, 14)],
  'QINGDAO OCEANWAY TYRE CO., LTD': [goods('401110', 'PASSENGER CAR TYRES', 'NE', 250, 11)],
  'XIAMEN GREENLEAF TEA CO., LTD': [goods('090210', 'GREEN TEA', 'CT', 300, 25)],
  'WUXI SUNPOWER SOLAR CO., LTD': [goods('854143', 'SOLAR PANELS', 'PX', 260, 1)],
  'HANGZHOU WESTLAKE KITCHENWARE CO., LTD': [goods('732393', 'STAINLESS STEEL COOKWARE', 'CT', 190, 16)],
  'JINGDEZHEN FINE PORCELAIN CO., LTD': [goods('691110', 'PORCELAIN TABLEWARE', 'CT', 280, 20)],
  'ZHONGSHAN BRILLIANT LIGHTING CO., LTD': [goods('940542', 'LED LAMPS', 'CT', 120, 18)],
  'CIXI HARVEST HOUSEWARE CO., LTD': [goods('392490', 'PLASTIC HOUSEHOLD ARTICLES', 'CT', 100, 14)],
  'CHANGZHOU POWERTOOLS CO., LTD': [goods('846721', 'ELECTRIC DRILLS', 'CT', 330, 24)],
  'SHANTOU SEAVIEW PLASTICS CO., LTD': [goods('392410', 'PLASTIC TABLEWARE', 'CT', 140, 20)],
  'TIANJIN HAIHE STEEL PIPE CO., LTD': [goods('730630', 'WELDED STEEL PIPES', 'BE', 780, 2)],
  'DALIAN BLUESEA FOODS CO., LTD': [goods('200830', 'CANNED MANDARIN ORANGES', 'CT', 520, 45)],
  'SHAOXING KEQIAO SILK WEAVING CO., LTD': [goods('540752', 'POLYESTER FABRIC', 'RO', 330, 8)],
  'JIANGMEN FLYING DRAGON AUTO PARTS CO., LTD': [goods('870830', 'BRAKE PADS', 'CT', 650, 30)],
  'WENZHOU ORIENT VALVE CO., LTD': [goods('848180', 'BRASS VALVES', 'CS', 700, 12)],
  'KUNSHAN PRECISION PACKAGING CO., LTD': [goods('481910', 'CORRUGATED CARTONS', 'PX', 150, 1)],
  'LUCKY STAR TRADING (HK) LIMITED': [goods('', 'GENERAL MERCHANDISE', 'CT', 180, 15)],
};

/** Loaded cubic metres and the most a carrier takes by weight (kg) per container type. */
const CAPACITY: Record<string, [cbm: number, maxKg: number]> = {
  '20GP': [27, 21_000],
  '40GP': [56, 26_000],
  '40HQ': [66, 26_000],
  '45HQ': [78, 27_000],
  '20RF': [25, 20_000],
  '40RH': [58, 26_000],
};

const decimal = (value: number) => String(Math.round(value * 1000) / 1000);

/** An FCL line: `quantity` boxes of one type filled with the goods, within the box's weight limit. */
export function containerLine(random: Random, type: string, item: Goods, quantity: number) {
  const [cbm, maxKg] = CAPACITY[type] ?? [56, 26_000];
  const volume = cbm * (0.86 + random.next() * 0.12) * quantity;
  const weight = Math.min(volume * item.kgPerCbm, maxKg * 0.95 * quantity);
  return {
    type,
    hs_code: item.hs,
    description: item.description,
    packages: Math.max(quantity, Math.round(volume * item.packagesPerCbm)),
    unit: item.unit,
    weight: decimal(weight),
    volume: decimal(volume),
    quantity,
  };
}

/** An LCL lot of the goods: 1.5 to 12 CBM. */
export function cargoItem(random: Random, item: Goods) {
  const volume = 1.5 + random.next() * 10.5;
  return {
    hs_code: item.hs,
    description: item.description,
    packages: Math.max(1, Math.round(volume * item.packagesPerCbm)),
    unit: item.unit,
    weight: decimal(volume * item.kgPerCbm),
    volume: decimal(volume),
  };
}

/** Owner prefixes (ISO 6346) of the carriers' boxes; others sail in leased boxes. */
const BOX_OWNERS: Record<string, string> = {
  MAEU: 'MSKU',
  MSCU: 'MSCU',
  COSU: 'CSNU',
  CMDU: 'CMAU',
  HLCU: 'HLXU',
  ONEY: 'ONEU',
  EGLV: 'EGHU',
  OOLU: 'OOLU',
  HDMU: 'HDMU',
  YMLU: 'YMLU',
  ZIMU: 'ZIMU',
  WHLC: 'WHSU',
};

/** A container number with a valid ISO 6346 check digit. */
export function containerNumber(random: Random, carrier: string): string {
  const stem = `${BOX_OWNERS[carrier] ?? random.pick(['TGHU', 'TCLU', 'SEGU', 'FCIU'])}${String(random.int(0, 999_999)).padStart(6, '0')}`;
  for (let digit = 0; digit < 10; digit++)
    if (isValidContainerNo(`${stem}${digit}`)) return `${stem}${digit}`;
  throw new Error(`no check digit for ${stem}`);
}

/** Vessels of each carrier on the demo lanes; other carriers fall back to feeder names. */
const VESSELS: Record<string, string[]> = {
  MAEU: ['MAERSK ESSEN', 'MAERSK EINDHOVEN', 'MAERSK HANGZHOU'],
  MSCU: ['MSC GULSUN', 'MSC ISABELLA', 'MSC TESSA'],
  COSU: ['COSCO SHIPPING UNIVERSE', 'COSCO SHIPPING TAURUS', 'COSCO SHIPPING LEO'],
  CMDU: ['CMA CGM JACQUES SAADE', 'CMA CGM MARCO POLO', 'CMA CGM TROCADERO'],
  HLCU: ['BERLIN EXPRESS', 'HAMBURG EXPRESS', 'AL ZUBARA'],
  ONEY: ['ONE INNOVATION', 'ONE APUS', 'ONE TRUST'],
  EGLV: ['EVER ACE', 'EVER ALOT', 'EVER FAITH'],
  OOLU: ['OOCL HONG KONG', 'OOCL GERMANY', 'OOCL SPAIN'],
  HDMU: ['HMM ALGECIRAS', 'HMM OSLO'],
  YMLU: ['YM WELLNESS', 'YM WARRANTY'],
  ZIMU: ['ZIM SAMMY OFER', 'ZIM KINGSTON'],
  MATS: ['MANUKAI', 'MAUNAWILI'],
};
const FEEDERS = [
  'WAN HAI 322',
  'KOTA PEMIMPIN',
  'SITC BANGKOK',
  'TS KAOHSIUNG',
  'SINOTRANS DALIAN',
  'KMTC SHANGHAI',
];

export function vesselOf(random: Random, carrier: string): string {
  return random.pick(VESSELS[carrier] ?? FEEDERS);
}
