import type { ListData, Locale, Shipper, ShipperQuery } from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../files/service.js';
import { findShipper, findShipperPage } from './repo.js';

type Row = NonNullable<Awaited<ReturnType<typeof findShipper>>>;

function present(row: Row): Shipper {
  return {
    id: row.id,
    company1: row.company1,
    company2: row.company2,
    logo_thumb: fileUrl(row.logoThumb),
    businesses_name: row.businessesName,
    routes_name: row.routesName,
    ports_name: row.portsName,
    linkman: row.linkman,
    phone: row.phone,
    username: row.username,
    address1: row.address1,
    address2: row.address2,
    profile: row.profile,
  };
}

export async function listShippers(options: {
  db: Db;
  query: ShipperQuery;
  locale: Locale;
}): Promise<ListData<Shipper>> {
  const { rows, total } = await findShipperPage(options.db, options.query, options.locale === 'zh-CN');
  return { lists: rows.map(present), total };
}

/** A member who is not listed answers 404, like one who does not exist. */
export async function getShipper(options: { db: Db; id: number; locale: Locale }): Promise<Shipper> {
  const row = await findShipper(options.db, options.id, options.locale === 'zh-CN');
  if (!row) throw new AppError(404, 'errors.notFound');
  return present(row);
}
