import type { resources } from './resources';

/**
 * The Chinese strings are the type of every key `t` accepts: a key missing from them (a typo, a
 * string removed while a page still asks for it) fails the type check instead of showing the raw
 * key on screen. The key-parity test keeps English in step.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: (typeof resources)['zh-CN'] };
  }
}
