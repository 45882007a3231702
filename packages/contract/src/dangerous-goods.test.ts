import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addProblems,
  dangerousGoodsCodeFields,
  dangerousGoodsProblems,
  dgNumberText,
  IMO_CLASSES,
  isImoClass,
  packingGroup,
  packingGroupRule,
  packingGroupText,
  parseImoClass,
} from './trade-codes.js';
import { PARSE_OPTIONS, toFieldErrors } from './validation.js';

/** A commodity's dangerous goods codes with their rules, as the booking's schema will hold them. */
const dgCodes = z
  .strictObject(dangerousGoodsCodeFields)
  .superRefine((dg, ctx) => addProblems(ctx, dangerousGoodsProblems(dg)));

const errors = (value: unknown, locale: 'en-US' | 'zh-CN' = 'en-US') => {
  const result = dgCodes.safeParse(value, PARSE_OPTIONS);
  return result.success ? [] : toFieldErrors(result.error, locale);
};

describe('IMO classes', () => {
  it('list the twenty classes and divisions of the IMDG Code', () => {
    expect(IMO_CLASSES.map((c) => c.code)).toEqual(
      '1.1 1.2 1.3 1.4 1.5 1.6 2.1 2.2 2.3 3 4.1 4.2 4.3 5.1 5.2 6.1 6.2 7 8 9'.split(' '),
    );
    expect(IMO_CLASSES.find((c) => c.code === '3')).toEqual({
      code: '3',
      name_en: 'Flammable liquids',
      name_zh: '易燃液体',
    });
  });

  it('read class 1 with the compatibility groups its division has, and refuse what is no class', () => {
    expect(parseImoClass('1.4S')).toEqual({ division: '1.4', compatibility_group: 'S' });
    expect(parseImoClass(' 1.1d ')).toEqual({ division: '1.1', compatibility_group: 'D' });
    expect(parseImoClass('8')).toEqual({ division: '8', compatibility_group: null });
    expect(['3', '4.1', '5.2', '6.2', '1.4', '1.6N'].every(isImoClass)).toBe(true);
    // No 1.4A in the Code; class 4, 2 and 6 are always divided; there is no class 10 or 3.1.
    expect(['1.4A', '1.5S', '4', '2', '6', '10', '3.1', '3A', ''].some(isImoClass)).toBe(false);
  });
});

describe('packing groups', () => {
  it('read 1 to 3 and the roman numerals, and print them roman', () => {
    expect(['III', 'pg ii', 'I', '3', 2].map((v) => packingGroup.parse(v))).toEqual([3, 2, 1, 3, 2]);
    expect(packingGroup.safeParse('IV').success).toBe(false);
    expect(packingGroup.safeParse(0).success).toBe(false);
    expect(packingGroupText(3)).toBe('III');
  });

  it('are required for graded classes, never taken by 1, 2, 5.2, 6.2 and 7, optional for listed articles', () => {
    for (const c of ['3', '4.1', '4.2', '4.3', '5.1', '6.1', '8', '9'])
      expect(packingGroupRule(c, '1263'), c).toBe('required');
    for (const c of ['1.4S', '1.1D', '2.1', '2.2', '2.3', '5.2', '6.2', '7'])
      expect(packingGroupRule(c), c).toBe('none');
    // Lithium ion batteries, self-reactive substances, vehicles: their class grades, they have none.
    expect(packingGroupRule('9', '3480')).toBe('optional');
    expect(packingGroupRule('4.1', 'UN 3226')).toBe('optional');
    expect(packingGroupRule('9', '3166')).toBe('optional');
    // Environmentally hazardous liquid (DCSA's example) is graded: PG III.
    expect(packingGroupRule('9', '3082')).toBe('required');
    expect(packingGroupRule('4')).toBeNull();
  });
});

describe('dangerous goods codes', () => {
  it('accept UN 1263 (paint), class 3, packing group III', () => {
    const result = dgCodes.safeParse({ un_number: 'UN 1263', imo_class: '3', packing_group: 'III' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      un_number: '1263',
      na_number: null,
      imo_class: '3',
      subsidiary_risk_1: null,
      subsidiary_risk_2: null,
      packing_group: 3,
    });
    expect(dgNumberText(result.data ?? { un_number: null })).toBe('UN 1263');
  });

  it('refuse class 3 without a packing group, naming the field and the class', () => {
    expect(errors({ un_number: '1263', imo_class: '3' })).toEqual([
      { field: 'packing_group', message: 'Packing group is required for class 3 dangerous goods' },
    ]);
    expect(errors({ un_number: '1263', imo_class: '3', packing_group: '' }, 'zh-CN')).toEqual([
      { field: 'packing_group', message: '第 3 类危险品须填写包装类别' },
    ]);
  });

  it('refuse a packing group on a class that takes none, and keep one for a listed article', () => {
    expect(errors({ un_number: '1950', imo_class: '2.1', packing_group: 2 })).toEqual([
      {
        field: 'packing_group',
        message: 'Packing group does not apply to class 2.1 dangerous goods; leave it empty',
      },
    ]);
    expect(errors({ un_number: '3480', imo_class: '9' })).toEqual([]);
    expect(dgCodes.parse({ un_number: '3480', imo_class: '9', packing_group: 2 }).packing_group).toBe(2);
    expect(errors({ un_number: '0012', imo_class: '1.4S' })).toEqual([]);
  });

  it('need a UN or an NA number, not both, and check each', () => {
    expect(errors({ imo_class: '3', packing_group: 3 })).toEqual([
      { field: 'un_number', message: 'UN number or NA number is required' },
    ]);
    expect(errors({ un_number: '1993', na_number: 'NA1993', imo_class: '3', packing_group: 3 })).toEqual([
      { field: 'na_number', message: 'Give a UN number or an NA number, not both' },
    ]);
    expect(errors({ na_number: 'NA 1993', imo_class: '3', packing_group: 3 })).toEqual([]);
    expect(errors({ un_number: '99999', imo_class: '3.5', packing_group: 3 }).map((e) => e.field)).toEqual([
      'un_number',
      'imo_class',
    ]);
  });
});
