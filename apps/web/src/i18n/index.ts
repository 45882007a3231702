import {
  type Catalog,
  DEFAULT_LOCALE,
  fieldLabelIn,
  type Locale,
  type MessageKey,
  type MessageParams,
  translateIn,
} from '@freight/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { renderScope } from '../app/render-scope';
import { storeLocale } from './detect';
import type * as ZhCN from './locales/zh-CN';

type LocaleModule = typeof ZhCN;

const loaders: Record<Locale, () => Promise<LocaleModule>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  'en-US': () => import('./locales/en-US'),
};
const antdLocales = new Map<Locale, AntdLocale>();

/**
 * Loads a language's shell strings into i18next (once); dates follow in ./dayjs-locale. Whether they
 * are loaded is tracked here, not read from i18next: a feature area registers its strings in both
 * languages (./areas.ts), so the other language has a bundle (of that area alone) long before its
 * shell strings are loaded. Testing the bundle's existence skipped them, and a switch of language
 * inside the app showed raw keys. The shell is merged into what the areas added.
 */
async function load(locale: Locale): Promise<void> {
  if (antdLocales.has(locale)) return;
  const module = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', module.strings, true, false);
  antdLocales.set(locale, module.antdLocale);
}

/**
 * Starts i18next in the detected language (the lang parameter, then the stored setting,
 * then the browser, then Chinese). Strings: see ./resources.ts.
 */
export async function startI18n(
  locale: Locale,
  /** Called once the language is set, while its strings still load (to start the first requests). */
  whileLoading?: () => void,
): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: ['zh-CN', 'en-US'],
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  whileLoading?.();
  await load(locale);
  await i18next.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return i18next;
}

export function currentLocale(): Locale {
  // A render on the server has its own language; the browser has one at a time.
  const language = renderScope()?.locale ?? i18next.language;
  return language === 'en-US' ? 'en-US' : DEFAULT_LOCALE;
}

/**
 * Both languages' shell strings loaded, and an i18next in each that shares the app's strings: the
 * server's renders of first views use them side by side, each in its own language.
 */
export async function languageInstances(): Promise<Record<Locale, typeof i18next>> {
  await Promise.all([load('zh-CN'), load('en-US')]);
  const inLanguage = (lng: Locale) => i18next.cloneInstance({ lng, initAsync: false });
  return { 'zh-CN': inLanguage('zh-CN'), 'en-US': inLanguage('en-US') };
}

/** Ant Design's strings (date pickers, pagination) for a loaded language. */
export function antdLocaleOf(locale: Locale): AntdLocale | undefined {
  return antdLocales.get(locale);
}

/** Switches the language, remembers it, and updates the page's lang attribute. */
export async function changeLocale(locale: Locale): Promise<void> {
  await load(locale);
  storeLocale(locale);
  await i18next.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The shared messages of @freight/contract (errors, validation, field labels) in the language shown,
 * as the language's strings loaded them (`shared`): the contract fills them exactly as the server
 * does, without the web carrying the server's catalogs of both languages.
 */
export function sharedCatalog(): Catalog {
  const locale = currentLocale();
  return {
    locale,
    lookup: (key) => {
      const text: unknown = i18next.getResource(locale, 'translation', `shared.${key}`);
      return typeof text === 'string' ? text : undefined;
    },
  };
}

/** A shared message of @freight/contract (errors, validation) in the loaded language. */
export function sharedMessage(key: MessageKey, params?: MessageParams): string {
  return translateIn(sharedCatalog(), key, params);
}

/** A field's label from the shared catalog (fields.<name>), or the raw name when it has none. */
export function sharedFieldLabel(name: string): string {
  return fieldLabelIn(sharedCatalog(), name);
}
