import { describe, expect, it } from 'vitest';
import { detectLocale, withoutLangParam } from './detect';
import { resources } from './resources';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('web strings', () => {
  it('have the same keys in Chinese and English, none empty', () => {
    const zh = keys(resources['zh-CN']).sort();
    const en = keys(resources['en-US']).sort();
    expect(en).toEqual(zh);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const key of zh) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[locale]);
        expect(typeof value === 'string' && value.trim().length > 0, `${locale} ${key}`).toBe(true);
      }
    }
  });
});

describe('language detection', () => {
  it('takes the lang parameter first, with every alias of the spec', () => {
    for (const value of ['cn', 'zh', 'zh_cn', 'zh-cn', 'ZH-CN']) {
      expect(detectLocale({ search: `?lang=${value}`, stored: 'en-US', browser: ['en-US'] })).toEqual({
        locale: 'zh-CN',
        fromQuery: true,
      });
    }
    for (const value of ['en', 'en_us', 'en-us']) {
      expect(detectLocale({ search: `?a=1&lang=${value}`, stored: 'zh-CN', browser: ['zh-CN'] }).locale).toBe(
        'en-US',
      );
    }
  });

  it('then the stored setting, then the browser, then Chinese', () => {
    expect(detectLocale({ search: '?lang=fr', stored: 'en-US', browser: ['zh-CN'] })).toEqual({
      locale: 'en-US',
      fromQuery: false,
    });
    expect(detectLocale({ search: '', stored: null, browser: ['de-DE', 'en-GB'] }).locale).toBe('en-US');
    expect(detectLocale({ search: '', stored: null, browser: ['zh-TW'] }).locale).toBe('zh-CN');
    expect(detectLocale({ search: '', stored: 'garbage', browser: ['fr-FR'] }).locale).toBe('zh-CN');
  });

  it('removes only the lang parameter from the address', () => {
    expect(withoutLangParam(new URL('http://x/bookings?lang=en&page=2#top'))).toBe('/bookings?page=2#top');
    expect(withoutLangParam(new URL('http://x/?lang=cn'))).toBe('/');
  });
});

describe('switching language inside the app', () => {
  it('loads the other language’s shell strings although a feature area already added its own', async () => {
    const { changeLocale, startI18n, sharedFieldLabel } = await import('./index');
    const { registerArea } = await import('./areas');
    const i18n = await startI18n('zh-CN');
    // A page of an area opens first: it adds its strings in both languages.
    registerArea('demoArea', { 'zh-CN': { title: '演示' }, 'en-US': { title: 'Demo' } });
    expect(i18n.t('menu.quotes')).toBe(resources['zh-CN'].menu.quotes);
    // The made-up area is not among the typed strings: ask for it as any key.
    const anyKey = i18n.t as (key: string) => string;

    await changeLocale('en-US');
    expect(i18n.t('menu.quotes')).toBe(resources['en-US'].menu.quotes);
    expect(i18n.t('common.search')).toBe(resources['en-US'].common.search);
    expect(i18n.t('app.title')).toBe(resources['en-US'].app.title);
    expect(sharedFieldLabel('company1')).toBe(resources['en-US'].shared.fields.company1);
    expect(anyKey('demoArea.title')).toBe('Demo');
    expect(document.documentElement.lang).toBe('en-US');

    await changeLocale('zh-CN');
    expect(i18n.t('common.search')).toBe(resources['zh-CN'].common.search);
    expect(anyKey('demoArea.title')).toBe('演示');
  });
});
