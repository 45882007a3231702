import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Locale } from './language.js';
import {
  containerKindOf,
  countryCode,
  currencyCode,
  hsCodeList,
  imoNumber,
  isCountryCode,
  isCurrencyCode,
  isHsCode,
  isImoNumber,
  isNaNumber,
  isOutOfGaugeType,
  isReefer,
  isUnLocode,
  isUnNumber,
  isoEquipmentCode,
  isoTypeGroupOf,
  ISO_COUNTRY_CODES,
  ISO_CURRENCY_CODES,
  naNumber,
  normalizeHsCode,
  normalizeImoNumber,
  packageCode,
  packageCodeOf,
  PACKAGE_CODES,
  portalContainerTypeOf,
  PORTAL_CONTAINER_TYPES,
  unLocode,
  unNumber,
} from './trade-codes.js';
import { PARSE_OPTIONS, toFieldErrors } from './validation.js';

/** The localized errors of one value put into `field` of a one-field schema (none when it passes). */
function errorsOf(field: string, schema: z.ZodType, value: unknown, locale: Locale = 'en-US') {
  const result = z.object({ [field]: schema }).safeParse({ [field]: value }, PARSE_OPTIONS);
  return result.success ? [] : toFieldErrors(result.error, locale);
}

describe('IMO ship numbers', () => {
  it('verify the check digit: the last digit of the first six weighted 7 down to 2', () => {
    expect(isImoNumber('9074729')).toBe(true);
    expect(isImoNumber('9074728')).toBe(false);
    // DCSA's example vessel: 63 + 18 + 10 + 4 + 12 + 16 = 123, ending in its last digit 3.
    expect(isImoNumber('9321483')).toBe(true);
    expect(isImoNumber('9321484')).toBe(false);
  });

  it('take the number as people write it, and nothing but seven real digits', () => {
    expect(isImoNumber('IMO 9074729')).toBe(true);
    expect(isImoNumber(' imo9074729 ')).toBe(true);
    expect(normalizeImoNumber('IMO 907 4729')).toBe('9074729');
    // Eight digits (DCSA's pattern lets them through) have no check digit to verify.
    expect(isImoNumber('90747290')).toBe(false);
    expect(isImoNumber('907472')).toBe(false);
    expect(isImoNumber('907472A')).toBe(false);
    // Sums trivially to a 0 check digit, but no ship has it.
    expect(isImoNumber('0000000')).toBe(false);
  });

  it('store the digits and refuse a wrong one naming the field, in both languages', () => {
    expect(imoNumber.parse('IMO 9074729')).toBe('9074729');
    expect(errorsOf('requested_vessel_imo', imoNumber, '9074728')).toEqual([
      {
        field: 'requested_vessel_imo',
        message: 'Vessel IMO number is not a valid IMO number: 7 digits, the last of them a check digit',
      },
    ]);
    expect(errorsOf('requested_vessel_imo', imoNumber, '9074728', 'zh-CN')[0]?.message).toBe(
      '船舶 IMO 编号不是有效的 IMO 编号：须为 7 位数字，最后一位是校验码',
    );
  });
});

describe('UN and NA numbers', () => {
  it('take four digits from 0001 to 3599, with or without "UN"', () => {
    expect(['1263', 'UN1263', 'un 1263', '0004', '3599'].map(isUnNumber)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0000', '3600', '9037', '126', '12634', 'NA1263', 'UN12A3'].map(isUnNumber)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(unNumber.parse('UN 1263')).toBe('1263');
  });

  it('take NA numbers in their own field, stored as their digits', () => {
    expect(isNaNumber('NA1993')).toBe(true);
    expect(isNaNumber('na 9037')).toBe(true);
    expect(isNaNumber('UN1993')).toBe(false);
    expect(isNaNumber('NA0000')).toBe(false);
    expect(naNumber.parse('NA 1993')).toBe('1993');
    expect(errorsOf('un_number', unNumber, 'UN 36000')[0]?.message).toBe(
      'UN number must be 4 digits (0001–3599), e.g. UN 1263',
    );
  });
});

describe('HS codes', () => {
  it('drop the dots and blanks people write and take 6 to 10 digits', () => {
    expect(normalizeHsCode('8471.30.00')).toBe('84713000');
    expect(normalizeHsCode('8471 30')).toBe('847130');
    expect(['847130', '8471.30', '6109.10.00.00', '6109100010'].map(isHsCode)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['84713', '61091000101', '8471-30', '8471.3A'].map(isHsCode)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('list several codes of a commodity, normalized, each once, and refuse a bad one by its row', () => {
    expect(hsCodeList.parse(['6109.10', '610910', '6110.20.00'])).toEqual(['610910', '61102000']);
    expect(errorsOf('hs_codes', hsCodeList, ['610910', '6109'])).toEqual([
      { field: 'hs_codes.1', message: 'HS codes (row 2) must have 6 to 10 digits' },
    ]);
  });
});

describe('countries, UN/LOCODEs and currencies', () => {
  it('know the 249 ISO 3166 countries, and read UK as GB', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    expect(['CN', 'us', 'DE', 'HK', 'TW', 'UK'].map(isCountryCode)).toEqual(Array(6).fill(true));
    expect(countryCode.parse('uk')).toBe('GB');
    expect(['XX', 'ZZ', 'EU', 'CHN', 'C'].map(isCountryCode)).toEqual([false, false, false, false, false]);
    expect(errorsOf('country_code', countryCode, 'XX')[0]?.message).toBe(
      'Country code is not a valid country code (two letters of ISO 3166, e.g. CN, US)',
    );
  });

  it('take a UN/LOCODE as a real country and three of A-Z and 2-9', () => {
    expect(['CNSHA', 'DEHAM', 'cn sha', 'USNYC', 'CNSZX', 'NLRTM', 'XZAAA'].map(isUnLocode)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    // 0 and 1 are not used (too like O and I); QQ is no country; the length is fixed.
    expect(['CNSH0', 'CNSH1', 'QQSHA', 'CNSHAI', 'CNSH'].map(isUnLocode)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(unLocode.parse(' cn sha ')).toBe('CNSHA');
  });

  it('take the currencies in circulation and not the retired or the accounting ones', () => {
    expect(['USD', 'cny', 'EUR', 'HKD', 'XCG', 'ZWG', 'SLE', 'XOF'].map(isCurrencyCode)).toEqual(
      Array(8).fill(true),
    );
    expect(
      ['HRK', 'BGN', 'ANG', 'ZWL', 'SLL', 'XAU', 'XDR', 'USN', 'RMB', 'US$'].map(isCurrencyCode),
    ).toEqual(Array(10).fill(false));
    expect(new Set(ISO_CURRENCY_CODES).size).toBe(ISO_CURRENCY_CODES.length);
    expect(currencyCode.parse('usd')).toBe('USD');
  });
});

describe('ISO 6346 equipment codes', () => {
  it('map each portal type to its stored size-type and its group', () => {
    const pairs = Object.fromEntries(PORTAL_CONTAINER_TYPES.map((t) => [t.code, [t.iso_code, t.group_code]]));
    expect(pairs).toEqual({
      '20GP': ['22G1', '22GP'],
      '40GP': ['42G1', '42GP'],
      '40HQ': ['45G1', '45GP'],
      '45HQ': ['L5G1', 'L5GP'],
      '20RF': ['22R1', '22RT'],
      '40RF': ['42R1', '42RT'],
      '40RH': ['45R1', '45RT'],
      '20OT': ['22U1', '22UT'],
      '40OT': ['42U1', '42UT'],
      '20FR': ['22P1', '22PF'],
      '40FR': ['42P1', '42PF'],
      '20TK': ['22T1', '22TN'],
    });
    for (const type of PORTAL_CONTAINER_TYPES) expect(isoTypeGroupOf(type.iso_code)).toBe(type.group_code);
  });

  it('read a size-type, another of its group, the group or the portal name as the same type', () => {
    for (const code of ['45G1', '45G0', '45gp', '40HQ'])
      expect(portalContainerTypeOf(code)?.code, code).toBe('40HQ');
    expect(portalContainerTypeOf('45RT')?.code).toBe('40RH');
    expect(portalContainerTypeOf('22PF')?.iso_code).toBe('22P1');
    // Types the portal does not book: a platform, a collapsible flat rack, a tank for dangerous liquids.
    expect(['22P0', '42PC', '22TD', '22X1', 'abc'].map(portalContainerTypeOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('store a DCSA code as the portal’s size-type and refuse types the portal does not book', () => {
    expect(isoEquipmentCode.parse('22GP')).toBe('22G1');
    expect(isoEquipmentCode.parse('45r1')).toBe('45R1');
    expect(isoEquipmentCode.parse('L5GP')).toBe('L5G1');
    // An ISO reading only: 20GP is ISO's 8 ft high container, and 40HQ is no ISO code.
    expect(isoEquipmentCode.safeParse('20GP').success).toBe(false);
    expect(isoEquipmentCode.safeParse('40HQ').success).toBe(false);
    expect(errorsOf('iso_code', isoEquipmentCode, '22P0')[0]?.message).toBe(
      'ISO equipment code is not the ISO 6346 code of a container type this portal books (e.g. 22G1, 45GP, 45R1)',
    );
  });

  it('tell the kind of a type, reefers and out-of-gauge types', () => {
    expect(['20GP', '22G1', '45R1', '22UT', '42P1', '22P0', '22T1', '22H0'].map(containerKindOf)).toEqual([
      'dry',
      'dry',
      'reefer',
      'open_top',
      'flat_rack',
      'platform',
      'tank',
      null,
    ]);
    expect(['40RH', '20RF', '45RT', '22R0'].every(isReefer)).toBe(true);
    expect(['40HQ', '22G1', '22T1'].some(isReefer)).toBe(false);
    expect(['20OT', '42U1', '40FR', '22PF', '22P0'].every(isOutOfGaugeType)).toBe(true);
    expect(['20GP', '45R1', '20TK'].some(isOutOfGaugeType)).toBe(false);
  });
});

describe('UN/ECE Rec. 21 package codes', () => {
  it('name the common ones in both languages, pallets as PX and pails as PL', () => {
    expect(packageCodeOf('px')).toEqual({ code: 'PX', name_en: 'Pallet', name_zh: '托盘' });
    expect(packageCodeOf('PL')?.name_en).toBe('Pail');
    expect(packageCodeOf('CT')?.name_zh).toBe('纸箱');
    expect(packageCodeOf('WA')?.name_en).toBe('Intermediate bulk container');
    expect(packageCodeOf('RO')?.name_en).toBe('Roll');
    expect(packageCodeOf('RL')?.name_en).toBe('Reel');
    // IB is a display package in Rec. 21, not an IBC.
    expect(packageCodeOf('IB')).toBeNull();
    expect(new Set(PACKAGE_CODES.map((p) => p.code)).size).toBe(PACKAGE_CODES.length);
    for (const entry of PACKAGE_CODES) expect(entry.code).toMatch(/^[A-Z0-9]{2}$/);
    expect(packageCode.parse('ct')).toBe('CT');
    expect(errorsOf('package_code', packageCode, 'PCS')[0]?.message).toBe(
      'Package code is not an accepted package code (UN/ECE Recommendation 21, e.g. CT, PX, BG)',
    );
  });
});
