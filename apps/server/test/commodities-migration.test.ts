import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedBase } from '../src/db/seed/index.js';
import { rowsOf, runMigrations } from '../src/platform/db.js';
import { createEmptyDatabase, describeEachDatabase, type TestDatabase } from './helpers.js';
import { migrateUpTo } from './migrate-up-to.js';

/*
 * Migration 0034 on lines written before commodities were nested: each line becomes an equipment
 * group holding the one commodity its columns describe, its HS code, figures and dangerous goods
 * kept, a draft's missing figures kept missing.
 */

const LAST_BEFORE_COMMODITIES = 33;

describeEachDatabase('line commodities (migration 0034)', (kind) => {
  let database: TestDatabase;
  const rows = <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(database.db, query);
  const paint = { un_number: '1263', imo_class: '3', packing_group: 3, proper_shipping_name: 'PAINT' };

  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
    await migrateUpTo(database, kind, LAST_BEFORE_COMMODITIES);
    await seedBase(database.db);
    const [country] = await rows<{ id: number }>(sql`select id from countries where code = 'CN'`);
    const [unit] = await rows<{ id: number }>(sql`select id from units where code = 'CT'`);
    const [owner] = await rows<{ id: number }>(
      sql`insert into companies (username, linkman, phone, company1, address1, city, country_id)
          values ('old@example.com', 'LI LEI', '0', 'OLD CO', '1 ROAD', 'NINGBO', ${country?.id})
          returning id`,
    );
    const party = JSON.stringify({ company1: 'PARTY LTD', countryId: country?.id });
    const [booking] = await rows<{ id: number }>(
      sql`insert into bookings (order_no, company_id, status, container_mode, shipper, consignee)
          values ('BK261204000001', ${owner?.id}, 0, 1, ${party}::jsonb, ${party}::jsonb) returning id`,
    );
    await database.db.execute(
      sql`insert into booking_lines (booking_id, line_no, quantity, hs_code, description, packages, unit_id,
                                     weight, volume, dangerous_goods)
          values (${booking?.id}, 1, 2, '320810', 'PAINT IN TINS', 40, ${unit?.id}, 1200.5, 10, ${JSON.stringify([paint])}::jsonb),
                 (${booking?.id}, 2, 1, '', '', null, null, null, null, '[]'::jsonb)`,
    );
    await runMigrations(database);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('gives each line the one commodity its columns describe', async () => {
    const [unit] = await rows<{ id: number }>(sql`select id from units where code = 'CT'`);
    const lines = await rows<{ commodities: unknown }>(
      sql`select commodities from booking_lines order by line_no`,
    );
    expect(lines.map((line) => line.commodities)).toEqual([
      [
        {
          description: 'PAINT IN TINS',
          hs_codes: ['320810'],
          commodity_cn: '',
          packages: 40,
          unit_id: unit?.id,
          weight: '1200.500',
          net_weight: null,
          volume: '10.000',
          dangerous_goods: [paint],
        },
      ],
      [
        {
          description: '',
          hs_codes: [],
          commodity_cn: '',
          packages: null,
          unit_id: null,
          weight: null,
          net_weight: null,
          volume: null,
          dangerous_goods: [],
        },
      ],
    ]);
    const [column] = await rows<{ max: number }>(
      sql`select character_maximum_length as max from information_schema.columns
          where table_name = 'booking_lines' and column_name = 'description'`,
    );
    expect(column?.max).toBe(550);
  });
});
