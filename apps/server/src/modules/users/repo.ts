import { asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db.js';
import { countries, companies } from '../../db/schema.js';

type UserRow = typeof companies.$inferSelect;
type NewUser = typeof companies.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'username' | 'createdAt'>>;

/** The company fields of a registration or a profile update, as the companies table names them. */
export function companyColumns(input: {
  linkman: string;
  phone: string;
  company1: string;
  company2: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip_code: string;
  country_id: number;
  credit_no: string;
}) {
  return {
    linkman: input.linkman,
    phone: input.phone,
    company1: input.company1,
    company2: input.company2,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    province: input.province,
    zipCode: input.zip_code,
    countryId: input.country_id,
    creditNo: input.credit_no,
  };
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(companies).values(user).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUserWithCountry(db: Db, id: number) {
  const [row] = await db
    .select({ user: companies, countryEn: countries.nameEn, countryZh: countries.nameZh })
    .from(companies)
    .innerJoin(countries, eq(countries.id, companies.countryId))
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<void> {
  await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, id));
}

export async function countryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1);
  return row !== undefined;
}

/** The ids of `ids` that exist in the named reference table. */
export async function existingIds(
  db: Db,
  table: 'industries' | 'businesses' | 'trade_routes' | 'ports',
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(table)} where id = any(${sql.param(ids)}::int[])`,
  );
  return rows.map((row) => Number(row.id));
}

export async function listUsers(db: Db) {
  return db
    .select({
      id: companies.id,
      username: companies.username,
      company1: companies.company1,
      isForwarder: companies.isForwarder,
      authorities: companies.authorities,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .orderBy(asc(companies.id));
}

export async function anyUser(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).limit(1);
  return row !== undefined;
}
