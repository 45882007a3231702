import { strings as enUS } from './locales/en-US';
import { strings as zhCN } from './locales/zh-CN';

/**
 * The web's strings of both languages side by side (for the key-parity test). The app itself
 * loads one language at a time through ./locales/<locale>.ts. Strings live in one file per area and
 * language (i18n/<locale>/<area>.json); `common.json` holds the shell (app, menu, layout, common,
 * error, version) at the top level, every other area sits under its own key (`auth.login.title`),
 * and the messages shared with the server are under `shared.`.
 */
export const resources = { 'zh-CN': zhCN, 'en-US': enUS };
