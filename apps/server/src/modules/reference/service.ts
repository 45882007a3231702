import type { ListData, Locale, ReferenceItem, ReferenceList, ReferenceQuery } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { findReferencePage, type ReferenceRow } from './repo.js';

function present(row: ReferenceRow, locale: Locale): ReferenceItem {
  const zh = locale === 'zh-CN';
  const item: ReferenceItem = {
    id: row.id,
    code: row.code,
    name: zh ? row.nameZh : row.nameEn,
    name_en: row.nameEn,
    name_zh: row.nameZh,
  };
  if (row.countryId !== undefined) {
    item.country_id = row.countryId;
    item.country_name = (zh ? row.countryNameZh : row.countryNameEn) ?? null;
  }
  if (row.routeId !== undefined) item.route_id = row.routeId;
  if (row.timeZone !== undefined) item.time_zone = row.timeZone;
  if (row.isoCode !== undefined) item.iso_code = row.isoCode;
  if (row.teu !== undefined) item.teu = Number(row.teu);
  if (row.numeric !== undefined) item.numeric = row.numeric;
  if (row.minorUnits !== undefined) item.minor_units = row.minorUnits;
  if (row.type !== undefined) item.type = row.type;
  if (row.code3 !== undefined) item.code3 = row.code3;
  return item;
}

/** One page of a reference list, named in the request's language. */
export async function listReference(options: {
  db: Db;
  list: ReferenceList;
  query: ReferenceQuery;
  locale: Locale;
}): Promise<ListData<ReferenceItem>> {
  const { rows, total } = await findReferencePage(options.db, options.list, options.query, options.locale);
  return { lists: rows.map((row) => present(row, options.locale)), total };
}
