import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);
countries.registerLocale(require('i18n-iso-countries/langs/zh.json') as countries.LocaleData);

/** Names as Chinese and international forwarders write them on documents and in dropdowns. */
const OVERRIDES: Record<string, { en?: string; zh?: string }> = {
  CN: { en: 'China' },
  TW: { en: 'Taiwan, China', zh: '中国台湾' },
  HK: { en: 'Hong Kong, China', zh: '中国香港' },
  MO: { en: 'Macao, China', zh: '中国澳门' },
  US: { en: 'United States' },
  GB: { en: 'United Kingdom' },
  KR: { en: 'South Korea' },
  RU: { en: 'Russia' },
};

export type SeedCountry = { code: string; code3: string; name_en: string; name_zh: string };

/** ISO 3166-1: every officially assigned alpha-2 code with its alpha-3 code and both names. */
export function isoCountries(): SeedCountry[] {
  const en = countries.getNames('en', { select: 'official' });
  const zh = countries.getNames('zh', { select: 'official' });
  return Object.keys(countries.getAlpha2Codes())
    .filter((code) => code !== 'XK') // Kosovo's XK is user-assigned, not part of ISO 3166-1
    .sort()
    .map((code) => ({
      code,
      code3: countries.alpha2ToAlpha3(code) ?? code,
      name_en: OVERRIDES[code]?.en ?? en[code] ?? code,
      name_zh: OVERRIDES[code]?.zh ?? zh[code] ?? en[code] ?? code,
    }));
}
