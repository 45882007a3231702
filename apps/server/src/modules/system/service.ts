import {
  BOOKING_STATUSES,
  CONFIG_DEFAULTS,
  CONFIG_NAMES,
  type ConfigName,
  configValue,
  CONTAINER_MODES,
  type DictionaryField,
  type DictionaryItem,
  type ListData,
  type Locale,
  type SiteConfig,
  siteConfig,
  translate,
} from '@freight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { readConfigRows, readIncoterms, writeConfigValue } from './repo.js';

/**
 * The site configuration, typed. A stored value that no longer passes its rule (edited by hand in
 * the database) falls back to its default and is logged, so the site keeps working.
 */
export async function getSiteConfig(options: { db: Db; log?: FastifyBaseLogger }): Promise<SiteConfig> {
  const stored = new Map((await readConfigRows(options.db)).map((row) => [row.name, row.value]));
  const raw: Record<string, string> = {};
  for (const name of CONFIG_NAMES) {
    const value = stored.get(name) ?? CONFIG_DEFAULTS[name];
    if (configValue[name].safeParse(value).success) {
      raw[name] = value;
    } else {
      options.log?.warn({ name, value }, 'invalid stored configuration value; using the default');
      raw[name] = CONFIG_DEFAULTS[name];
    }
  }
  return siteConfig.parse(raw);
}

/** The portal's time zone (site configuration `time_zone`): times in exports, mails and documents. */
export async function portalTimeZone(db: Db): Promise<string> {
  return (await getSiteConfig({ db })).time_zone;
}

export class ConfigValueError extends Error {}

/** Sets one configuration entry after checking it against its rule (used by the admin CLI). */
export async function setSiteConfigValue(options: { db: Db; name: string; value: string }): Promise<void> {
  if (!(CONFIG_NAMES as string[]).includes(options.name)) {
    throw new ConfigValueError(
      `Unknown configuration entry "${options.name}". Known: ${CONFIG_NAMES.join(', ')}`,
    );
  }
  const name = options.name as ConfigName;
  const result = configValue[name].safeParse(options.value);
  if (!result.success) {
    throw new ConfigValueError(
      `Invalid value for ${name}: ${result.error.issues.map((i) => i.message).join('; ')}`,
    );
  }
  await writeConfigValue(options.db, name, options.value);
}

/** The entries of one dictionary, named in the request's language. */
export async function getDictionary(options: {
  db: Db;
  field: DictionaryField;
  locale: Locale;
}): Promise<ListData<DictionaryItem>> {
  const { locale } = options;
  let lists: DictionaryItem[];
  switch (options.field) {
    case 'order_status':
      lists = BOOKING_STATUSES.map((s) => ({ id: s.value, name: translate(locale, s.key), color: s.color }));
      break;
    case 'container_mode':
      lists = [
        { id: CONTAINER_MODES.fcl, name: translate(locale, 'dictionary.containerMode.fcl') },
        { id: CONTAINER_MODES.lcl, name: translate(locale, 'dictionary.containerMode.lcl') },
      ];
      break;
    case 'contact_type':
      lists = (['shipper', 'consignee', 'both'] as const).map((id) => ({
        id,
        name: translate(locale, `dictionary.contactType.${id}`),
      }));
      break;
    case 'app_mode':
      lists = [
        { id: 1, name: translate(locale, 'dictionary.appMode.one') },
        { id: 2, name: translate(locale, 'dictionary.appMode.two') },
      ];
      break;
    case 'incoterm':
      lists = (await readIncoterms(options.db)).map((row) => ({
        id: row.code,
        name: `${row.code} ${locale === 'zh-CN' ? row.nameZh : row.nameEn}`,
      }));
      break;
  }
  return { lists, total: lists.length };
}
