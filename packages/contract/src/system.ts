import { z } from 'zod';
import { isTimeZone } from './time-zone.js';

/**
 * Site configuration entries with the defaults. Stored in the database as
 * text (name, value) and served typed by GET /api/system/config as an object keyed by name.
 * `app_close_tips` empty means "use the localized default" (Site is closed for maintenance).
 */
export const CONFIG_DEFAULTS = {
  app_close: 'false',
  app_close_tips: '',
  app_title: '',
  def_sort: '100',
  def_status: '1',
  def_bool: '1',
  def_rules: '1',
  app_ver: '',
  web_contact_email: 'support@example.com',
  web_contact_phone: '',
  web_contact_fax: '',
  im_rate: '/api/rate/template',
  im_contact: '/api/customer/contact/template',
  terms_of_use: '/terms-of-use.html',
  privacy_and_security: '/privacy.html',
  app_mode: '1',
  app_color: '#6cbaa9',
  freight_collect: 'EXW,FCA,FOB',
  app_icon: '',
  booking_login_logo: '',
  booking_logo: '',
  time_zone: 'Asia/Shanghai',
} as const satisfies Record<string, string>;

export type ConfigName = keyof typeof CONFIG_DEFAULTS;
export const CONFIG_NAMES = Object.keys(CONFIG_DEFAULTS) as ConfigName[];

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const int = z
  .string()
  .regex(/^-?\d+$/)
  .transform(Number);

/** How each stored text value is checked (by the admin CLI) and typed (for the API). */
export const configValue = {
  app_close: bool,
  app_close_tips: z.string().max(500),
  app_title: z.string().max(100),
  def_sort: int,
  def_status: int,
  def_bool: int,
  def_rules: int,
  app_ver: z.string().max(50),
  web_contact_email: z.union([z.literal(''), z.email()]),
  web_contact_phone: z.string().max(50),
  web_contact_fax: z.string().max(50),
  im_rate: z.string().max(500),
  im_contact: z.string().max(500),
  terms_of_use: z.string().max(500),
  privacy_and_security: z.string().max(500),
  app_mode: z.enum(['1', '2']).transform(Number),
  app_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  freight_collect: z.string().max(200),
  app_icon: z.string().max(500),
  booking_login_logo: z.string().max(500),
  booking_logo: z.string().max(500),
  /** The portal's time zone (an IANA name): every time shown, exported or filtered by is in it. */
  time_zone: z.string().refine(isTimeZone, { message: 'not an IANA time zone' }),
} satisfies Record<ConfigName, z.ZodType>;

export const siteConfig = z.object(configValue);
export type SiteConfig = z.output<typeof siteConfig>;

/** Fields of GET /api/system/dictionary?field=… */
const DICTIONARY_FIELDS = ['order_status', 'container_mode', 'contact_type', 'incoterm', 'app_mode'] as const;
export type DictionaryField = (typeof DICTIONARY_FIELDS)[number];

export const dictionaryQuery = z.object({ field: z.enum(DICTIONARY_FIELDS) });

/** A dictionary entry: `id` is the stored value, `name` its label in the request's language. */
export const dictionaryItem = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  color: z.string().optional(),
});
export type DictionaryItem = z.infer<typeof dictionaryItem>;

/** GET /version.json: the version fixed at build time. */
export const versionFile = z.object({ version: z.string() });
