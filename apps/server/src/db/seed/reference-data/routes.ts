import type { SeedNamed } from './types.js';

/** Trade routes (航线) as Chinese forwarders group destinations on their rate sheets. */
export const TRADE_ROUTES: readonly SeedNamed[] = [
  { code: 'CN', name_en: 'China domestic (coastal)', name_zh: '内贸（沿海）' },
  { code: 'IA', name_en: 'Intra-Asia', name_zh: '近洋/亚洲' },
  { code: 'JPK', name_en: 'Japan & Korea', name_zh: '日韩线' },
  { code: 'SEA', name_en: 'Southeast Asia', name_zh: '东南亚线' },
  { code: 'ISC', name_en: 'Indian Subcontinent', name_zh: '印巴线' },
  { code: 'ME', name_en: 'Middle East', name_zh: '中东线' },
  { code: 'RS', name_en: 'Red Sea', name_zh: '红海线' },
  { code: 'EU', name_en: 'North Europe', name_zh: '欧洲线' },
  { code: 'MED', name_en: 'Mediterranean', name_zh: '地中海线' },
  { code: 'USWC', name_en: 'US West Coast', name_zh: '美西线' },
  { code: 'USEC', name_en: 'US East Coast', name_zh: '美东线' },
  { code: 'USGC', name_en: 'US Gulf', name_zh: '美湾' },
  { code: 'CA', name_en: 'Canada', name_zh: '加拿大线' },
  { code: 'LATW', name_en: 'Latin America West Coast', name_zh: '南美西' },
  { code: 'LATE', name_en: 'Latin America East Coast', name_zh: '南美东' },
  { code: 'CAR', name_en: 'Central America & Caribbean', name_zh: '中美加勒比' },
  { code: 'WAF', name_en: 'West Africa', name_zh: '西非线' },
  { code: 'EAF', name_en: 'East Africa', name_zh: '东非线' },
  { code: 'SAF', name_en: 'South Africa', name_zh: '南非线' },
  { code: 'ANZ', name_en: 'Australia & New Zealand', name_zh: '澳新线' },
];
