import activityEn from './en-US/activity.json';
import activityZh from './zh-CN/activity.json';
import bookingsEn from './en-US/bookings.json';
import bookingsZh from './zh-CN/bookings.json';
import contactsEn from './en-US/contacts.json';
import contactsZh from './zh-CN/contacts.json';
import humanCheckEn from './en-US/human-check.json';
import humanCheckZh from './zh-CN/human-check.json';
import passwordStrengthEn from './en-US/password-strength.json';
import passwordStrengthZh from './zh-CN/password-strength.json';
import profileEn from './en-US/profile.json';
import profileZh from './zh-CN/profile.json';
import quotesEn from './en-US/quotes.json';
import quotesZh from './zh-CN/quotes.json';
import ratesEn from './en-US/rates.json';
import ratesZh from './zh-CN/rates.json';
import rfqsEn from './en-US/rfqs.json';
import rfqsZh from './zh-CN/rfqs.json';
import shippersEn from './en-US/shippers.json';
import shippersZh from './zh-CN/shippers.json';
import teamEn from './en-US/team.json';
import teamZh from './zh-CN/team.json';
import webhooksEn from './en-US/webhooks.json';
import webhooksZh from './zh-CN/webhooks.json';
import { strings as enUS } from './locales/en-US';
import { strings as zhCN } from './locales/zh-CN';

/**
 * The web's strings of both languages side by side (for the key-parity test). The app itself
 * loads one language at a time through ./locales/<locale>.ts, and each area's strings with its pages. Strings live in one file per area and
 * language (i18n/<locale>/<area>.json); `common.json` holds the shell (app, menu, layout, common,
 * error, version) at the top level, every other area sits under its own key (`auth.login.title`),
 * and the messages shared with the server are under `shared.`.
 */
export const resources = {
  'zh-CN': {
    ...zhCN,
    activity: activityZh,
    bookings: bookingsZh,
    contacts: contactsZh,
    humanCheck: humanCheckZh,
    passwordStrength: passwordStrengthZh,
    profile: profileZh,
    quotes: quotesZh,
    rates: ratesZh,
    rfqs: rfqsZh,
    shippers: shippersZh,
    team: teamZh,
    webhookPage: webhooksZh,
  },
  'en-US': {
    ...enUS,
    activity: activityEn,
    bookings: bookingsEn,
    contacts: contactsEn,
    humanCheck: humanCheckEn,
    passwordStrength: passwordStrengthEn,
    profile: profileEn,
    quotes: quotesEn,
    rates: ratesEn,
    rfqs: rfqsEn,
    shippers: shippersEn,
    team: teamEn,
    webhookPage: webhooksEn,
  },
};
