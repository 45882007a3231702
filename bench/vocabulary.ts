/**
 * The vocabulary of the generated data: company and person names, places, goods, vessels and
 * reasons as members and forwarders write them, and how often each kind of value occurs.
 */

/* Members and contacts */

export const WORDS = [
  'PACIFIC',
  'ORIENT',
  'GLOBAL',
  'GOLDEN',
  'BRIGHT',
  'EVER',
  'UNITED',
  'GRAND',
  'SUNRISE',
  'HARBOR',
  'SILK',
  'DRAGON',
  'OCEAN',
  'STAR',
];
export const TRADES = [
  'LOGISTICS',
  'SHIPPING',
  'TRADING',
  'INDUSTRIAL',
  'ELECTRONICS',
  'TEXTILE',
  'MACHINERY',
  'FREIGHT',
];
export const ZH_WORDS = [
  '太平洋',
  '东方',
  '环球',
  '金',
  '明',
  '永',
  '联合',
  '宏',
  '日升',
  '海港',
  '丝路',
  '龙',
  '海洋',
  '星',
];
export const ZH_TRADES = ['物流', '船务', '贸易', '实业', '电子', '纺织', '机械', '货运'];
export const CITIES = [
  'SHANGHAI',
  'NINGBO',
  'SHENZHEN',
  'GUANGZHOU',
  'QINGDAO',
  'XIAMEN',
  'TIANJIN',
  'DALIAN',
  'HONG KONG',
  'SINGAPORE',
];
export const SURNAMES = ['WANG', 'LI', 'ZHANG', 'LIU', 'CHEN', 'YANG', 'HUANG', 'ZHAO', 'WU', 'ZHOU'];
export const SECOND_WORDS = [
  'STAR',
  'BRIDGE',
  'PEAK',
  'RIVER',
  'LINK',
  'BAY',
  'WAY',
  'STONE',
  'FIELD',
  'LAND',
  'WELL',
  'SEA',
  'HILL',
  'FORTUNE',
];
export const ZH_SECOND = ['星', '桥', '峰', '江', '联', '湾', '通', '石', '田', '地', '泉', '海', '山', '福'];
export const SUFFIXES = [
  'CO., LTD',
  'CO., LTD',
  'LIMITED',
  'INDUSTRY CO., LTD',
  'IMPORT AND EXPORT CO., LTD',
  'GROUP CO., LTD',
];
export const GIVEN_NAMES = [
  'WEI',
  'MING',
  'FANG',
  'JING',
  'LEI',
  'YAN',
  'JUN',
  'HUI',
  'TAO',
  'XIN',
  'PING',
  'HONG',
  'BIN',
  'LING',
  'QIANG',
  'YU',
  'HAO',
  'NA',
  'JIE',
  'KAI',
];
/** City, province, country (ISO code), dialling code, Chinese city name ('' abroad), postcode prefix. */
export const PLACES: [string, string, string, string, string, string][] = [
  ['SHANGHAI', 'SHANGHAI', 'CN', '86', '上海', '200'],
  ['NINGBO', 'ZHEJIANG', 'CN', '86', '宁波', '315'],
  ['SHENZHEN', 'GUANGDONG', 'CN', '86', '深圳', '518'],
  ['GUANGZHOU', 'GUANGDONG', 'CN', '86', '广州', '510'],
  ['QINGDAO', 'SHANDONG', 'CN', '86', '青岛', '266'],
  ['XIAMEN', 'FUJIAN', 'CN', '86', '厦门', '361'],
  ['TIANJIN', 'TIANJIN', 'CN', '86', '天津', '300'],
  ['SUZHOU', 'JIANGSU', 'CN', '86', '苏州', '215'],
  ['YIWU', 'ZHEJIANG', 'CN', '86', '义乌', '322'],
  ['DONGGUAN', 'GUANGDONG', 'CN', '86', '东莞', '523'],
  ['HONG KONG', '', 'HK', '852', '', ''],
  ['LOS ANGELES', 'CA', 'US', '1', '', '900'],
  ['NEW YORK', 'NY', 'US', '1', '', '100'],
  ['ROTTERDAM', '', 'NL', '31', '', '30'],
  ['HAMBURG', '', 'DE', '49', '', '20'],
  ['FELIXSTOWE', '', 'GB', '44', '', 'IP1'],
  ['SINGAPORE', '', 'SG', '65', '', '01'],
  ['DUBAI', '', 'AE', '971', '', ''],
  ['SANTOS', 'SP', 'BR', '55', '', '110'],
  ['SYDNEY', 'NSW', 'AU', '61', '', '20'],
  ['TOKYO', '', 'JP', '81', '', '100'],
  ['BUSAN', '', 'KR', '82', '', '48'],
];
export const MAIL_DOMAINS = ['163.com', 'qq.com', 'gmail.com', 'outlook.com', '126.com'];

/* Rates */

/**
 * Container types in the seed's order (20GP, 40GP, 40HQ, 45HQ, reefers, open tops, flat racks, tank):
 * how often a rate prices one, and its price against a 20GP.
 */
export const SPACE_SHARE = [0.85, 0.75, 1, 0.12, 0.06, 0.06, 0.08, 0.03, 0.03, 0.02, 0.02, 0.02];
export const SPACE_FACTOR = [1, 1.75, 1.8, 2.1, 1.9, 2.6, 2.8, 1.6, 2.4, 1.8, 2.6, 2.5];
export const REMARKS = [
  '',
  '',
  '',
  '',
  '',
  'SUBJECT TO SPACE',
  'FAK',
  'EXCL. THC',
  'VIA SINGAPORE',
  'SOC ACCEPTED',
];
/** Validity lengths in days that forwarders publish. */
export const VALIDITY_DAYS = [7, 14, 14, 15, 30, 30, 30, 31, 45, 60, 90];

/* Bookings */

/** Goods as members book them: HS code (6 digits) and the description that goes onto the B/L. */
export const GOODS: [string, string][] = [
  ['851762', 'WIRELESS ROUTERS'],
  ['852872', 'LCD MONITORS'],
  ['847130', 'LAPTOP COMPUTERS'],
  ['940360', 'WOODEN FURNITURE'],
  ['940161', 'UPHOLSTERED CHAIRS'],
  ['611020', 'COTTON KNITTED SWEATERS'],
  ['620462', 'LADIES COTTON TROUSERS'],
  ['640399', 'LEATHER FOOTWEAR'],
  ['950300', 'PLASTIC TOYS'],
  ['732393', 'STAINLESS STEEL KITCHENWARE'],
  ['850940', 'KITCHEN APPLIANCES'],
  ['870899', 'AUTO PARTS'],
  ['392690', 'PLASTIC ARTICLES'],
  ['630790', 'TEXTILE MADE-UP ARTICLES'],
  ['854143', 'SOLAR PANELS'],
  ['940542', 'LED LIGHTING FIXTURES'],
  ['420292', 'TRAVEL BAGS'],
  ['841451', 'ELECTRIC FANS'],
  ['691200', 'CERAMIC TABLEWARE'],
  ['848180', 'VALVES'],
  ['730890', 'STEEL STRUCTURES'],
  ['401110', 'PASSENGER CAR TYRES'],
];
/** Package units by UN/ECE Rec 21 code; the index lists below weight them (1-based positions). */
export const PACKAGE_UNITS = ['CT', 'PX', 'PK', 'BX', 'CS', 'BG', '7B', 'CR', 'DR', 'RO'];
export const FCL_UNIT_PICKS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 9, 10];
export const LCL_UNIT_PICKS = [2, 2, 2, 2, 1, 1, 1, 5, 7, 7, 8, 3];
/** Container types by position in the seed's order (20GP, 40GP, 40HQ, 45HQ, 20RF, 40RF, 40RH, 20OT, …). */
export const CONTAINER_PICKS = [
  3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12,
];
export const INCOTERM_PICKS = [
  'FOB',
  'FOB',
  'FOB',
  'FOB',
  'FOB',
  'FOB',
  'CIF',
  'CIF',
  'CFR',
  'EXW',
  'FCA',
  'FCA',
  'DAP',
  'DDP',
];
export const VESSELS = [
  'MAERSK ESSEN',
  'MAERSK EINDHOVEN',
  'COSCO SHIPPING ARIES',
  'COSCO SHIPPING TAURUS',
  'MSC GULSUN',
  'MSC TINA',
  'CMA CGM JACQUES SAADE',
  'CMA CGM MARCO POLO',
  'ONE APUS',
  'ONE STORK',
  'EVER ACE',
  'EVER GIVEN',
  'HMM ALGECIRAS',
  'OOCL HONG KONG',
  'YM WELLNESS',
  'HAPAG TOKYO EXPRESS',
  'ZIM KINGSTON',
  'WAN HAI 625',
];
export const MEMBER_CANCEL_REASONS = [
  'ORDER POSTPONED BY BUYER',
  'CARGO NOT READY',
  'BOOKED WITH ANOTHER FORWARDER',
  'PRICE CHANGED',
  'DUPLICATE BOOKING',
];
export const FORWARDER_VOID_REASONS = [
  'NO SPACE ON THE REQUESTED VESSEL',
  'ROLLED BY THE CARRIER',
  'CUSTOMER DID NOT CONFIRM',
  'EQUIPMENT SHORTAGE AT POL',
];
export const BOOKING_REMARKS = [
  'PLEASE ARRANGE TRUCKING',
  'FUMIGATION CERTIFICATE NEEDED',
  'NON-HAZARDOUS CARGO',
  'SHIPPER OWNED CONTAINER',
  'PLEASE ADVISE CUT-OFF',
];
