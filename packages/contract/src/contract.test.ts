import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  aside,
  formatDate,
  formatDocumentDate,
  formatDocumentDateTime,
  formatLocalDateTime,
  formatMoney,
  formatPrice,
  incotermLabel,
} from './format.js';
import { catalogs, translate } from './i18n/index.js';
import { localeFromBrowser, parseLocale } from './language.js';
import {
  PARSE_OPTIONS,
  RESTRICTED_LINES,
  RESTRICTED_TEXT,
  isoDate,
  labelledDate,
  toDocumentText,
  toFieldErrors,
} from './validation.js';
import { authorityForPath, hasAll, hasSome } from './auth.js';

function keys(node: unknown, prefix = ''): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('shared catalogs', () => {
  it('have identical keys and no empty message in both languages', () => {
    const zh = keys(catalogs['zh-CN']).sort();
    const en = keys(catalogs['en-US']).sort();
    expect(en).toEqual(zh);
    for (const key of zh) {
      expect(translate('zh-CN', key as never), key).not.toBe('');
      expect(translate('en-US', key as never), key).not.toBe('');
    }
  });

  it('interpolates parameters', () => {
    expect(translate('en-US', 'errors.tooManyRequests', { count: 30 })).toBe(
      'Too many requests; please try again in 30 seconds',
    );
  });

  it('picks the English singular by count ("1 row has errors", "in 1 minute")', () => {
    expect(translate('en-US', 'import.rowsFailed', { count: 1 })).toBe(
      '1 row has errors; nothing was imported',
    );
    expect(translate('en-US', 'import.rowsFailed', { count: 3 })).toBe(
      '3 rows have errors; nothing was imported',
    );
    expect(translate('en-US', 'account.loginThrottled', { count: 1 })).toMatch(/in 1 minute$/);
    expect(translate('zh-CN', 'import.rowsFailed', { count: 1 })).toBe('1 行数据有误，未导入任何数据');
  });

  it('puts one space where Han text meets a Latin value, and only there', () => {
    expect(translate('zh-CN', 'validation.required', { field: 'ETD' })).toBe('请填写 ETD');
    expect(translate('zh-CN', 'validation.required', { field: 'HS 编码' })).toBe('请填写 HS 编码');
    expect(translate('zh-CN', 'validation.required', { field: '货好日期' })).toBe('请填写货好日期');
    expect(translate('zh-CN', 'validation.invalidFormat', { field: 'ETA' })).toBe('ETA 的格式不正确');
    expect(translate('zh-CN', 'validation.tooBigNumber', { field: '价格', max: 5 })).toBe('价格不能大于 5');
    expect(translate('en-US', 'validation.required', { field: 'ETD' })).toBe('ETD is required');
    expect(translate('zh-CN', 'errors.httpStatus', { status: 502 })).toBe('请求失败，状态码：502');
  });
});

describe('language', () => {
  it('reads the lang parameter aliases of the spec', () => {
    for (const value of ['cn', 'zh', 'zh_cn', 'zh-cn', 'ZH-CN']) expect(parseLocale(value)).toBe('zh-CN');
    for (const value of ['en', 'en_us', 'en-us', 'EN']) expect(parseLocale(value)).toBe('en-US');
    expect(parseLocale('fr')).toBeUndefined();
    expect(parseLocale('')).toBeUndefined();
  });

  it('maps browser languages', () => {
    expect(localeFromBrowser('zh-TW')).toBe('zh-CN');
    expect(localeFromBrowser('en-GB')).toBe('en-US');
    expect(localeFromBrowser('de-DE')).toBeUndefined();
  });
});

describe('formats', () => {
  it('shows prices in US$ with two decimals only when fractional', () => {
    expect(formatPrice('1200.00')).toBe('US$1,200');
    expect(formatPrice('1200.5')).toBe('US$1,200.50');
    expect(formatPrice('999')).toBe('US$999');
    expect(formatPrice('999999.99')).toBe('US$999,999.99');
    expect(formatPrice(1535)).toBe('US$1,535');
    expect(formatPrice('0.05')).toBe('US$0.05');
    expect(formatPrice(99)).toBe('US$99');
    expect(formatPrice(12.3)).toBe('US$12.30');
    expect(formatPrice('abc')).toBe('');
    expect(formatPrice(null)).toBe('');
    // An Incoterm with its code: "FCA — Free Carrier".
    expect(incotermLabel('FCA', 'Free Carrier')).toBe('FCA — Free Carrier');
    expect(incotermLabel('FCA', '货交承运人')).toBe('FCA — 货交承运人');
    expect(incotermLabel('FCA', null)).toBe('FCA');
  });

  it('writes a parenthetical with full-width brackets in Chinese only', () => {
    expect('待放舱' + aside('待处理', 'zh-CN')).toBe('待放舱（待处理）');
    expect('ACME LTD' + aside('Forwarder', 'en-US')).toBe('ACME LTD (Forwarder)');
    expect(aside('', 'zh-CN')).toBe('');
    expect(aside(null, 'en-US')).toBe('');
  });

  it('shows dates as YYYY-MM-DD in Chinese and MM/DD/YYYY in English', () => {
    expect(formatDate('2026-03-09', 'zh-CN')).toBe('2026-03-09');
    expect(formatDate('2026-03-09', 'en-US')).toBe('03/09/2026');
    expect(formatDate('2026-03-09T10:00:00Z', 'en-US')).toBe('03/09/2026');
    expect(formatDate('', 'en-US')).toBe('');
  });

  it('shows a port-local cut-off in the locale’s date order, its time as written', () => {
    expect(formatLocalDateTime('2026-03-09 18:30', 'zh-CN')).toBe('2026-03-09 18:30');
    expect(formatLocalDateTime('2026-03-09T18:30:00', 'en-US')).toBe('03/09/2026 18:30');
    expect(formatLocalDateTime(null, 'en-US')).toBe('');
    expect(formatLocalDateTime('soon', 'en-US')).toBe('soon');
  });

  it('prints dates on documents as 20-JAN-2026, in every language', () => {
    expect(formatDocumentDate('2026-01-20')).toBe('20-JAN-2026');
    expect(formatDocumentDate('2026-12-02T23:00:00Z')).toBe('02-DEC-2026');
    expect(formatDocumentDate('2026-13-01')).toBe('');
    expect(formatDocumentDate(null)).toBe('');
    expect(formatDocumentDateTime('2026-03-09 18:30')).toBe('09-MAR-2026 18:30');
  });

  it('writes an amount in any currency with its code, two decimals only when fractional', () => {
    expect(formatMoney('85000.50', 'CNY')).toBe('CNY 85,000.50');
    expect(formatMoney('1200.00', 'EUR')).toBe('EUR 1,200');
    expect(formatMoney(null, 'USD')).toBe('');
  });
});

describe('validation messages', () => {
  const schema = z.strictObject({
    company1: z.string().min(1).max(5).regex(RESTRICTED_TEXT, { error: 'validation.restrictedChars' }),
    entries: z.array(z.object({ qty: z.number().int().min(1) })).min(1),
    day: isoDate,
  });

  it('name the field and say what is wrong, in each language', () => {
    const result = schema.safeParse(
      { company1: '中文', entries: [{ qty: 0 }], day: '2026-02-30', x: 1 },
      PARSE_OPTIONS,
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error, 'en-US')).toEqual([
      {
        field: 'company1',
        message:
          'Company name (English) may only contain English letters (written in capitals), digits, spaces and common punctuation; no Chinese',
      },
      { field: 'entries.0.qty', message: 'qty (row 1) cannot be less than 1' },
      { field: 'day', message: 'day is not a valid date (YYYY-MM-DD)' },
      { field: 'x', message: 'Field not accepted: x' },
    ]);
    const missing = schema.safeParse({}, PARSE_OPTIONS);
    expect(missing.success).toBe(false);
    if (missing.success) return;
    expect(toFieldErrors(missing.error, 'zh-CN').map((e) => e.message)).toEqual([
      '请填写英文公司名称',
      '请填写 entries',
      '请填写 day',
    ]);
  });

  it('ask to pick (请选择) what is picked from a list, and to fill in (请填写) what is typed', () => {
    const schema = z.object({
      carrier_id: z.number(),
      incoterm: z.string().min(1),
      kind: z.enum(['a', 'b']),
      remark: z.string().min(1),
    });
    const missing = schema.safeParse({ incoterm: '' }, PARSE_OPTIONS);
    expect(missing.success).toBe(false);
    if (missing.success) return;
    const messages = toFieldErrors(missing.error, 'zh-CN').map((e) => e.message);
    expect(messages).toEqual(['请选择船公司', '请选择贸易条款', '请选择 kind', '请填写备注']);
  });

  it('say "are required" of a plural label, and count entries in English', () => {
    const schema = z.object({ booking_space: z.string().min(1), containers: z.array(z.number()).min(1) });
    const result = schema.safeParse({ booking_space: '', containers: [] }, PARSE_OPTIONS);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error, 'en-US').map((e) => e.message)).toEqual([
      'Containers and quantity are required',
      'Add at least one entry to Container lines',
    ]);
  });

  it('report a malformed date once, and name a labelled date by its own label', () => {
    const dates = z.object({ day: isoDate, sdate: labelledDate('booking_date_from').optional() });
    for (const day of ['x', '2026-1-1', '2026-13-01', '2026-02-30']) {
      const result = dates.safeParse({ day, sdate: day }, PARSE_OPTIONS);
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(toFieldErrors(result.error, 'en-US')).toEqual([
        { field: 'day', message: 'day is not a valid date (YYYY-MM-DD)' },
        { field: 'sdate', message: 'Booking date from is not a valid date (YYYY-MM-DD)' },
      ]);
      expect(toFieldErrors(result.error, 'zh-CN').map((e) => e.message)[1]).toContain('订舱日期起');
    }
    expect(dates.safeParse({ day: '2024-02-29', sdate: '2024-02-29' }).success).toBe(true);
    // A malformed date does not hide the checks of the object around it.
    const form = z.object({ day: isoDate, to: z.string() }).superRefine((value, ctx) => {
      if (value.to === '') ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
    });
    const both = form.safeParse({ day: 'x', to: '' }, PARSE_OPTIONS);
    expect(both.success ? [] : toFieldErrors(both.error, 'en-US').map((e) => e.field)).toEqual(['day', 'to']);
  });

  it('accepts printable ASCII in capitals on documents, and refuses lowercase, Chinese and control characters', () => {
    for (const name of [
      'ACME (HK) CO., LTD_2-B',
      'ABC TRADING & CO., LTD',
      'RM 1201/1202',
      '100% COTTON',
      "O'NEIL #5: A+B; C",
    ])
      expect(RESTRICTED_TEXT.test(name), name).toBe(true);
    for (const name of ['Acme', '上海', 'ZÜRICH', 'A\tB', 'LINE\nTWO'])
      expect(RESTRICTED_TEXT.test(name), name).toBe(false);
    expect(RESTRICTED_LINES.test('RM 1201\r\nWAN CHAI')).toBe(true);
    expect(RESTRICTED_LINES.test('rm 1201')).toBe(false);
    expect(toDocumentText('abc & co.')).toBe('ABC & CO.');
  });
});

describe('authorities', () => {
  it('checks all-of and some-of, and maps paths to their authority', () => {
    expect(hasAll(['quote', 'rate'], ['quote', 'rate'])).toBe(true);
    expect(hasAll(['quote'], ['quote', 'rate'])).toBe(false);
    expect(hasSome(['quote'], ['quote', 'rate'])).toBe(true);
    expect(hasSome([], ['rate'])).toBe(false);
    expect(authorityForPath('/bookings/edit-fcl/3')).toBe('order');
    expect(authorityForPath('/rate')).toBe('rate');
    expect(authorityForPath('/nowhere')).toBeUndefined();
  });
});
