import { describe, expect, it } from 'vitest';
import {
  compareReferenceMatches,
  matchesReference,
  referenceMatchRank,
  referenceOptionLabel,
} from './reference-search.js';

const hamburg = { code: 'DEHAM', name_en: 'Hamburg', name_zh: '汉堡', country_name: '德国' };
const hamburgSud = { code: 'SUDU', name_en: 'Hamburg Süd', name_zh: '汉堡南美' };
const maersk = { code: 'MAEU', name_en: 'Maersk', name_zh: '马士基' };
const sealand = { code: 'SEJJ', name_en: 'Sealand (A Maersk Company)', name_zh: '海陆马士基' };
const cosco = { code: 'COSU', name_en: 'COSCO Shipping Lines', name_zh: '中远海运集运' };

describe('port and carrier search', () => {
  it('matches the code and both names whatever the case', () => {
    for (const typed of ['DEHAM', 'deham', 'Hamburg', 'ham', '汉堡', ' de ham '])
      expect(matchesReference(hamburg, typed), typed).toBe(true);
    expect(matchesReference(hamburg, 'CNSHA')).toBe(false);
    for (const typed of ['COSCO', 'cosco', 'COSU', '中远']) expect(matchesReference(cosco, typed)).toBe(true);
  });

  it('knows the short names the trade types for carriers', () => {
    expect(matchesReference(maersk, 'MSK')).toBe(true);
    expect(matchesReference(maersk, 'msk')).toBe(true);
    expect(matchesReference(cosco, 'MSK')).toBe(false);
  });

  it('ranks what starts with the search before what merely contains it', () => {
    expect(referenceMatchRank(maersk, 'Maersk')).toBe(0);
    expect(referenceMatchRank(sealand, 'Maersk')).toBe(1);
    expect([sealand, maersk].sort((a, b) => compareReferenceMatches(a, b, 'maersk'))).toEqual([
      maersk,
      sealand,
    ]);
    expect(referenceMatchRank(hamburgSud, '汉堡')).toBe(0);
    expect(referenceMatchRank(hamburg, '')).toBe(0);
  });

  it('labels an option with its names, code and country', () => {
    expect(referenceOptionLabel(hamburg, 'zh-CN')).toBe('汉堡 Hamburg · DEHAM · 德国');
    expect(referenceOptionLabel({ ...hamburg, country_name: 'Germany' }, 'en-US')).toBe(
      'Hamburg · DEHAM · Germany',
    );
    expect(referenceOptionLabel(maersk, 'zh-CN')).toBe('马士基 Maersk · MAEU');
    expect(referenceOptionLabel(maersk, 'en-US')).toBe('Maersk · MAEU');
  });
});
