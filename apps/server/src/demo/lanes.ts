/**
 * Real lanes from Chinese ports, by trade route: destination ports (UN/LOCODE) with the transit
 * from Shanghai in days, the carriers that serve them, and the going spot price of a 20' and a 40'
 * dry container in US$ (the quote board's realistic range; 40HQ a little above 40GP, 45HQ on the
 * North American lanes only).
 */
export type Lane = {
  ports: [code: string, transitDays: number][];
  carriers: string[];
  price20: number;
  price40: number;
  /** North America: 45' high cubes are quoted too */
  hq45?: boolean;
};

export const LANES: Record<string, Lane> = {
  EU: {
    ports: [
      ['NLRTM', 30],
      ['DEHAM', 33],
      ['BEANR', 31],
      ['GBFXT', 29],
      ['FRLEH', 32],
      ['PLGDN', 38],
    ],
    carriers: ['MAEU', 'MSCU', 'CMDU', 'COSU', 'HLCU', 'ONEY', 'EGLV', 'OOLU', 'HDMU'],
    price20: 1650,
    price40: 2650,
  },
  MED: {
    ports: [
      ['ITGOA', 27],
      ['ESVLC', 25],
      ['ESBCN', 26],
      ['GRPIR', 22],
      ['TRAMB', 26],
      ['SIKOP', 30],
      ['EGALY', 24],
    ],
    carriers: ['MSCU', 'CMDU', 'COSU', 'EGLV', 'ZIMU', 'MAEU', 'HLCU'],
    price20: 2050,
    price40: 3250,
  },
  USWC: {
    ports: [
      ['USLAX', 15],
      ['USLGB', 15],
      ['USOAK', 17],
      ['USSEA', 14],
    ],
    carriers: ['COSU', 'OOLU', 'EGLV', 'ONEY', 'YMLU', 'HDMU', 'MATS', 'CMDU'],
    price20: 1750,
    price40: 2250,
    hq45: true,
  },
  USEC: {
    ports: [
      ['USNYC', 34],
      ['USSAV', 33],
      ['USCHS', 35],
      ['USORF', 36],
    ],
    carriers: ['COSU', 'MSCU', 'ZIMU', 'ONEY', 'HLCU', 'EGLV', 'CMDU'],
    price20: 3050,
    price40: 3750,
    hq45: true,
  },
  CA: {
    ports: [
      ['CAVAN', 14],
      ['CAPRR', 12],
    ],
    carriers: ['COSU', 'OOLU', 'ONEY', 'HLCU'],
    price20: 1900,
    price40: 2500,
    hq45: true,
  },
  SEA: {
    ports: [
      ['SGSIN', 7],
      ['VNSGN', 6],
      ['THLCH', 8],
      ['MYPKG', 8],
      ['IDJKT', 9],
      ['PHMNL', 5],
      ['VNHPH', 4],
    ],
    carriers: ['WHLC', '12PD', 'PCIU', 'REGU', '13DF', 'COSU', 'ONEY', '12AT'],
    price20: 250,
    price40: 430,
  },
  ME: {
    ports: [
      ['AEJEA', 20],
      ['SADMM', 24],
      ['OMSOH', 18],
      ['QAHMD', 23],
      ['KWSWK', 25],
    ],
    carriers: ['COSU', 'CMDU', 'ESPU', 'EGLV', 'OOLU', 'MSCU'],
    price20: 1350,
    price40: 2050,
  },
  JPK: {
    ports: [
      ['JPTYO', 4],
      ['JPOSA', 3],
      ['JPNGO', 4],
      ['KRPUS', 2],
      ['KRINC', 2],
    ],
    carriers: ['12PD', 'KMTU', 'SMLM', 'PCSL', '12IH'],
    price20: 140,
    price40: 260,
  },
  ISC: {
    ports: [
      ['INNSA', 18],
      ['INMUN', 17],
      ['LKCMB', 13],
      ['PKKHI', 16],
    ],
    carriers: ['COSU', 'ONEY', 'WHLC', 'PCIU', 'SCIU', 'EGLV'],
    price20: 780,
    price40: 1250,
  },
  ANZ: {
    ports: [
      ['AUSYD', 16],
      ['AUMEL', 18],
      ['AUBNE', 15],
      ['NZAKL', 19],
    ],
    carriers: ['COSU', 'OOLU', 'ANNU', 'CHVW', 'MSCU'],
    price20: 1150,
    price40: 2000,
  },
  LATW: {
    ports: [
      ['CLSAI', 30],
      ['PECLL', 26],
      ['MXLZC', 20],
      ['ECGYE', 28],
    ],
    carriers: ['COSU', 'ONEY', 'HLCU', 'MSCU'],
    price20: 2250,
    price40: 3350,
  },
  LATE: {
    ports: [
      ['BRSSZ', 35],
      ['ARBUE', 40],
      ['UYMVD', 38],
      ['BRPNG', 37],
    ],
    carriers: ['COSU', 'MSCU', 'MAEU', 'CMDU', 'HLCU'],
    price20: 2650,
    price40: 3950,
  },
  RS: {
    ports: [
      ['SAJED', 19],
      ['DJJIB', 17],
      ['EGSOK', 21],
    ],
    carriers: ['COSU', 'CMDU', 'ESPU', 'EGLV'],
    price20: 1950,
    price40: 3150,
  },
  WAF: {
    ports: [
      ['NGAPP', 38],
      ['GHTEM', 35],
      ['CIABJ', 36],
      ['TGLFW', 34],
    ],
    carriers: ['MAEU', 'CMDU', 'MSCU', 'PCIU', 'COSU'],
    price20: 2950,
    price40: 4450,
  },
};

/** Days a port of loading adds to (or saves on) the transit from Shanghai. */
export const POL_TRANSIT: Record<string, number> = {
  CNSHA: 0,
  CNNGB: 0,
  CNTAG: 1,
  CNTAO: 2,
  CNRZH: 2,
  CNTXG: 3,
  CNDLC: 3,
  CNYIK: 4,
  CNXMN: -1,
  CNFOC: 0,
  CNYTN: -2,
  CNSHK: -2,
  CNNSA: -2,
  CNHUA: -1,
};

/** How a port of loading moves the price: the north pays a feeder, the south is served direct. */
export const POL_PRICE: Record<string, number> = {
  CNTAO: 1.05,
  CNRZH: 1.06,
  CNTXG: 1.07,
  CNDLC: 1.07,
  CNYIK: 1.08,
  CNYTN: 0.97,
  CNSHK: 0.97,
  CNNSA: 0.98,
};

/** Carriers that price above or below the market. */
export const CARRIER_PRICE: Record<string, number> = {
  MAEU: 1.06,
  HLCU: 1.05,
  MATS: 1.12,
  ZIMU: 0.96,
  ONEY: 0.97,
  '13DF': 0.95,
};

/** Remarks as Chinese forwarders write them on a rate sheet (both languages, for foreign customers). */
export const REMARKS = [
  '每周二截关，周四开船 / Cut-off Tue, sails Thu',
  '直航，不含目的港费用 / Direct, destination charges excluded',
  '含BAF/LSS，不含起运港THC / BAF and LSS included, origin THC excluded',
  '经新加坡中转 / Via Singapore',
  '旺季附加费另计 / PSS extra',
  '舱位紧张，请提前一周订舱 / Space tight: book a week ahead',
  '仅限普货，危险品另询 / General cargo only, DG on request',
  '',
];
