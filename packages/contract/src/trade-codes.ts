import { z } from 'zod';
import { COUNTRY_CODE_ALIASES } from './contacts.js';
import { codeField, compactCode as compact } from './trade-rules.js';

/*
 * The codes of the trade that a booking carries, checked alike by the server, the web and the DCSA
 * door: IMO ship numbers, HS codes, UN/LOCODEs, ISO 4217 currencies and ISO 3166 countries here;
 * ISO 6346 equipment codes, UN/ECE Rec. 21 package codes, and the dangerous goods' UN and NA
 * numbers, classes and packing groups in the modules re-exported at the end. Each check is a plain
 * function (for lists, imports and the door) and a zod field whose refusal carries a message key,
 * so that a form, the API and an import all say the same thing about the same value.
 */

/* ---------- IMO ship numbers ---------- */

/** An IMO number as written ("IMO 9074729", "9074729"): its seven digits, the "IMO" prefix dropped. */
export function normalizeImoNumber(text: string): string {
  return compact(text).replace(/^IMO/, '');
}

/**
 * Whether text is a ship's IMO number: seven digits whose last is the check digit, the last digit of
 * the sum of the first six weighted 7, 6, 5, 4, 3, 2 (9074729: 63+0+35+16+21+4 = 139, ends in 9).
 * DCSA's pattern also lets eight digits through; an eight-digit value has no check digit anyone can
 * verify, and a mistyped IMO number sends the booking to the wrong ship, so only real seven-digit
 * numbers pass. None starts with 0 (they were issued from Lloyd's Register numbers, 1000000 up), so
 * "0000000", whose sum trivially checks, is refused too.
 */
export function isImoNumber(text: string): boolean {
  const digits = normalizeImoNumber(text);
  if (!/^[1-9]\d{6}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]);
}

/** An IMO ship number field: stored as its seven digits. */
export const imoNumber = codeField(isImoNumber, 'tradeCodes.imoNumber', (code) => code.replace(/^IMO/, ''));

/* ---------- HS codes ---------- */

/** The digits an HS code may have here: the six of the Harmonized System up to a national ten. */
export const HS_CODE_DIGITS = { min: 6, max: 10 } as const;
/** At most this many HS codes per commodity (a commodity line is one kind of goods). */
export const HS_CODES_MAX = 10;

/** An HS code as people write it ("8471.30.00", "8471 30"): its digits only ("84713000"). */
export function normalizeHsCode(text: string): string {
  return text.replace(/[.\s]/g, '');
}

/** Whether text, once normalized, is an HS code of 6 to 10 digits. */
export function isHsCode(text: string): boolean {
  return /^\d{6,10}$/.test(normalizeHsCode(text));
}

/** Several HS codes of one commodity, each normalized and checked; a repeated code is kept once. */
export const hsCodeList = z
  .array(codeField(isHsCode, 'booking.hsCode', normalizeHsCode))
  .max(HS_CODES_MAX)
  .transform((codes) => [...new Set(codes)]);

/* ---------- countries (ISO 3166-1 alpha-2) ---------- */

/** Every officially assigned ISO 3166-1 alpha-2 code (249). */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(ISO_COUNTRY_CODES);

/** A country code as written: upper case, and the usual non-ISO spellings (UK) as their ISO code. */
export function normalizeCountryCode(text: string): string {
  const code = compact(text);
  return COUNTRY_CODE_ALIASES[code] ?? code;
}

/** Whether text is an ISO 3166-1 alpha-2 country code (after normalizeCountryCode: "uk" is GB). */
export function isCountryCode(text: string): boolean {
  return COUNTRIES.has(normalizeCountryCode(text));
}

/** A country code field, stored in upper case ("GB" for "uk"). */
export const countryCode = codeField(isCountryCode, 'tradeCodes.countryCode', normalizeCountryCode);

/* ---------- UN/LOCODE ---------- */

/**
 * Whether text is a UN/LOCODE: a country (ISO 3166 alpha-2, or XZ for installations in international
 * waters) and three letters or digits 2 to 9 (0 and 1 are left out as too like O and I): "CNSHA",
 * "DEHAM", "CN SHA" (the blank people put after the country is dropped). Whether the place exists
 * is the port list's business, not the format's.
 */
export function isUnLocode(text: string): boolean {
  const code = compact(text);
  return /^[A-Z]{2}[A-Z2-9]{3}$/.test(code) && (COUNTRIES.has(code.slice(0, 2)) || code.startsWith('XZ'));
}

/** A UN/LOCODE field, stored without blanks in upper case. */
export const unLocode = codeField(isUnLocode, 'tradeCodes.unLocode');

/* ---------- currencies (ISO 4217) ---------- */

/**
 * The ISO 4217 currencies in circulation, for a declared value or a charge: the list as of 2026,
 * without the fund and accounting units (BOV, CLF, USN, XDR …), the metals, the test code and the
 * currencies since replaced (HRK by EUR, BGN by EUR in 2026, SLL by SLE, ZWL by ZWG, ANG by XCG).
 */
export const ISO_CURRENCY_CODES: readonly string[] = (
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD ' +
  'CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
  'GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD ' +
  'KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO ' +
  'NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE ' +
  'SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND ' +
  'VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
).split(' ');
const CURRENCIES = new Set(ISO_CURRENCY_CODES);

/** Whether text is an ISO 4217 code of a currency in circulation ("usd" is USD). */
export function isCurrencyCode(text: string): boolean {
  return CURRENCIES.has(compact(text));
}

/** A currency field, stored in upper case. */
export const currencyCode = codeField(isCurrencyCode, 'tradeCodes.currencyCode');

export { addProblems, problemAt, type RuleOptions, type RulePath, type RuleProblem } from './trade-rules.js';
export * from './equipment-codes.js';
export * from './package-codes.js';
export * from './dangerous-goods.js';
