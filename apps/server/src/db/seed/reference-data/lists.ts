import type { SeedNamed } from './types.js';

/** The 11 Incoterms® 2020 rules, with the names used in Chinese trade (《国际贸易术语解释通则》). */
export const INCOTERMS: readonly SeedNamed[] = [
  { code: 'EXW', name_en: 'Ex Works', name_zh: '工厂交货' },
  { code: 'FCA', name_en: 'Free Carrier', name_zh: '货交承运人' },
  { code: 'CPT', name_en: 'Carriage Paid To', name_zh: '运费付至' },
  { code: 'CIP', name_en: 'Carriage and Insurance Paid To', name_zh: '运费和保险费付至' },
  { code: 'DAP', name_en: 'Delivered at Place', name_zh: '目的地交货' },
  { code: 'DPU', name_en: 'Delivered at Place Unloaded', name_zh: '卸货地交货' },
  { code: 'DDP', name_en: 'Delivered Duty Paid', name_zh: '完税后交货' },
  { code: 'FAS', name_en: 'Free Alongside Ship', name_zh: '船边交货' },
  { code: 'FOB', name_en: 'Free on Board', name_zh: '船上交货' },
  { code: 'CFR', name_en: 'Cost and Freight', name_zh: '成本加运费' },
  { code: 'CIF', name_en: 'Cost, Insurance and Freight', name_zh: '成本、保险费加运费' },
];

/** Common ocean freight charges and surcharges as they appear on quotes and debit notes. */
export const CHARGES: readonly SeedNamed[] = [
  // freight and surcharges
  { code: 'OFR', name_en: 'Ocean Freight', name_zh: '海运费' },
  { code: 'BAF', name_en: 'Bunker Adjustment Factor', name_zh: '燃油附加费' },
  { code: 'EBS', name_en: 'Emergency Bunker Surcharge', name_zh: '紧急燃油附加费' },
  { code: 'LSS', name_en: 'Low Sulphur Surcharge', name_zh: '低硫燃油附加费' },
  { code: 'CAF', name_en: 'Currency Adjustment Factor', name_zh: '货币贬值附加费' },
  { code: 'PSS', name_en: 'Peak Season Surcharge', name_zh: '旺季附加费' },
  { code: 'GRI', name_en: 'General Rate Increase', name_zh: '综合费率上涨附加费' },
  { code: 'CIC', name_en: 'Container Imbalance Charge', name_zh: '集装箱不平衡附加费' },
  { code: 'PCS', name_en: 'Port Congestion Surcharge', name_zh: '港口拥挤附加费' },
  { code: 'WRS', name_en: 'War Risk Surcharge', name_zh: '战争险附加费' },
  // terminal and port
  { code: 'ORC', name_en: 'Origin Receiving Charge', name_zh: '起运港收货费' },
  { code: 'THC', name_en: 'Terminal Handling Charge (Origin)', name_zh: '码头操作费' },
  { code: 'DTHC', name_en: 'Destination Terminal Handling Charge', name_zh: '目的港码头操作费' },
  { code: 'ISPS', name_en: 'ISPS Security Charge', name_zh: '港口保安费' },
  { code: 'CFS', name_en: 'Container Freight Station Charge', name_zh: '拼箱货运站费' },
  // documents and filings
  { code: 'DOC', name_en: 'Documentation Fee', name_zh: '文件费' },
  { code: 'BL', name_en: 'Bill of Lading Fee', name_zh: '提单费' },
  { code: 'TLX', name_en: 'Telex Release Fee', name_zh: '电放费' },
  { code: 'SEAL', name_en: 'Seal Fee', name_zh: '封条费' },
  { code: 'EIR', name_en: 'Equipment Interchange Receipt Fee', name_zh: '设备交接单费' },
  { code: 'VGM', name_en: 'VGM Submission Fee', name_zh: 'VGM申报费' },
  { code: 'AMS', name_en: 'AMS Filing Fee (USA)', name_zh: '美国舱单申报费' },
  { code: 'ACI', name_en: 'ACI Filing Fee (Canada)', name_zh: '加拿大舱单申报费' },
  { code: 'ENS', name_en: 'ENS Filing Fee (EU)', name_zh: '欧盟入境摘要申报费' },
  { code: 'AFR', name_en: 'AFR Filing Fee (Japan)', name_zh: '日本舱单申报费' },
  { code: 'COD', name_en: 'Change of Destination Fee', name_zh: '改港费' },
  // services
  { code: 'CUS', name_en: 'Customs Clearance', name_zh: '报关费' },
  { code: 'TRK', name_en: 'Trucking', name_zh: '拖车费' },
  { code: 'WHS', name_en: 'Warehousing', name_zh: '仓储费' },
  { code: 'FUM', name_en: 'Fumigation', name_zh: '熏蒸费' },
  { code: 'INS', name_en: 'Cargo Insurance', name_zh: '货物保险费' },
  // container use
  { code: 'DEM', name_en: 'Demurrage', name_zh: '滞期费' },
  { code: 'DET', name_en: 'Detention', name_zh: '滞箱费' },
];

/** Industries of shippers, for the customer profile and the forwarder directory. */
export const INDUSTRIES: readonly SeedNamed[] = [
  { code: 'ELEC', name_en: 'Electronics & Electrical Appliances', name_zh: '电子电器' },
  { code: 'MACH', name_en: 'Machinery & Equipment', name_zh: '机械设备' },
  { code: 'TEXT', name_en: 'Textiles & Garments', name_zh: '纺织服装' },
  { code: 'SHOE', name_en: 'Footwear, Bags & Luggage', name_zh: '鞋帽箱包' },
  { code: 'FURN', name_en: 'Furniture', name_zh: '家具' },
  { code: 'HOME', name_en: 'Household & Kitchenware', name_zh: '家居日用' },
  { code: 'LIGHT', name_en: 'Lighting', name_zh: '灯具照明' },
  { code: 'BLDG', name_en: 'Building Materials', name_zh: '建材' },
  { code: 'HARD', name_en: 'Hardware & Tools', name_zh: '五金工具' },
  { code: 'METL', name_en: 'Steel & Metal Products', name_zh: '钢材金属制品' },
  { code: 'CHEM', name_en: 'Chemicals', name_zh: '化工' },
  { code: 'PLAS', name_en: 'Plastics & Rubber Products', name_zh: '塑料橡胶制品' },
  { code: 'AUTO', name_en: 'Auto Parts', name_zh: '汽车配件' },
  { code: 'ENRG', name_en: 'New Energy (Solar & Batteries)', name_zh: '新能源（光伏/锂电）' },
  { code: 'TOYS', name_en: 'Toys', name_zh: '玩具' },
  { code: 'SPRT', name_en: 'Sports & Outdoor', name_zh: '运动户外' },
  { code: 'GIFT', name_en: 'Gifts & Crafts', name_zh: '礼品工艺品' },
  { code: 'STAT', name_en: 'Stationery & Office Supplies', name_zh: '文具办公' },
  { code: 'PAPR', name_en: 'Paper & Packaging', name_zh: '纸品包装' },
  { code: 'FOOD', name_en: 'Food & Beverages', name_zh: '食品饮料' },
  { code: 'AGRI', name_en: 'Agricultural Products', name_zh: '农产品' },
  { code: 'MED', name_en: 'Medical Devices & Pharmaceuticals', name_zh: '医疗器械与医药' },
  { code: 'BEAU', name_en: 'Cosmetics & Personal Care', name_zh: '美妆个护' },
  { code: 'PET', name_en: 'Pet Supplies', name_zh: '宠物用品' },
];

/** Main lines of business of a freight forwarder. */
export const BUSINESSES: readonly SeedNamed[] = [
  { code: 'FCL', name_en: 'Full Container Load (FCL)', name_zh: '整箱' },
  { code: 'LCL', name_en: 'Less than Container Load (LCL)', name_zh: '拼箱' },
  { code: 'AIR', name_en: 'Air Freight', name_zh: '空运' },
  { code: 'RAIL', name_en: 'Rail Freight', name_zh: '铁路' },
  { code: 'TRUCK', name_en: 'Trucking & Inland Transport', name_zh: '拖车/陆运' },
  { code: 'CUSTOMS', name_en: 'Customs Brokerage', name_zh: '报关' },
  { code: 'WAREHOUSE', name_en: 'Warehousing', name_zh: '仓储' },
  { code: 'DG', name_en: 'Dangerous Goods', name_zh: '危险品' },
  { code: 'REEFER', name_en: 'Cold Chain / Reefer', name_zh: '冷链' },
  { code: 'PROJECT', name_en: 'Project & Heavy-Lift Cargo', name_zh: '大件/项目物流' },
  { code: 'EXPRESS', name_en: 'Express Courier', name_zh: '快递' },
  { code: 'INSURANCE', name_en: 'Cargo Insurance', name_zh: '保险' },
  { code: 'BULK', name_en: 'Bulk & Breakbulk Cargo', name_zh: '散货' },
  { code: 'ECOM', name_en: 'Cross-border E-commerce Logistics', name_zh: '跨境电商' },
  { code: 'FBA', name_en: 'Amazon FBA Forwarding', name_zh: '亚马逊FBA头程' },
];
