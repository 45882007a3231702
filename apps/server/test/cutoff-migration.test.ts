import { localToInstant } from '@freight/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PORTS } from '../src/db/seed/reference-data/ports.js';
import { portTimeZone } from '../src/db/seed/reference-data/time-zones.js';
import { rowsOf, runMigrations } from '../src/platform/db.js';
import { createEmptyDatabase, describeEachDatabase, type TestDatabase } from './helpers.js';
import { migrateUpTo, seedBeforeTimeZones } from './migrate-up-to.js';

/*
 * Migration 0031 on a database seeded and used before it: every port gets its time zone, and the
 * cut-offs, kept until then as wall-clock times without a zone, become the instants they meant at
 * their booking's port of loading (Shanghai's clock without one), read as the contract reads the
 * cut-offs a release gives, the night the clocks go back included.
 */

const LAST_BEFORE_TIME_ZONES = 30;

/** Naive cut-offs of bookings as 0030 kept them, by port of loading (null: none). */
const CASES: { pol: string | null; si: string; zone: string }[] = [
  { pol: 'NLRTM', si: '2026-12-10 17:00', zone: 'Europe/Amsterdam' },
  { pol: 'NLRTM', si: '2026-07-01 17:00', zone: 'Europe/Amsterdam' },
  // Shown twice the night the clocks go back: the first, summer-time 02:30.
  { pol: 'NLRTM', si: '2026-10-25 02:30', zone: 'Europe/Amsterdam' },
  // Skipped the night they go forward: 03:30 summer time.
  { pol: 'NLRTM', si: '2026-03-29 02:30', zone: 'Europe/Amsterdam' },
  { pol: 'USLAX', si: '2026-11-01 01:30', zone: 'America/Los_Angeles' },
  { pol: 'USLAX', si: '2027-01-21 20:00', zone: 'America/Los_Angeles' },
  { pol: 'AUFRE', si: '2026-12-10 17:00', zone: 'Australia/Perth' },
  { pol: 'CNSHA', si: '2026-12-10 17:00', zone: 'Asia/Shanghai' },
  { pol: null, si: '2026-12-10 17:00', zone: 'Asia/Shanghai' },
];

describeEachDatabase('port time zones and zoned cut-offs (migration 0031)', (kind) => {
  let database: TestDatabase;
  const rows = <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(database.db, query);

  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
    await migrateUpTo(database, kind, LAST_BEFORE_TIME_ZONES);
    await seedBeforeTimeZones(database);
    const [country] = await rows<{ id: number }>(sql`select id from countries where code = 'CN'`);
    const [owner] = await rows<{ id: number }>(
      sql`insert into companies (username, linkman, phone, company1, address1, city, country_id)
          values ('old@example.com', 'LI LEI', '0', 'OLD CO', '1 ROAD', 'NINGBO', ${country?.id})
          returning id`,
    );
    const party = JSON.stringify({ company1: 'PARTY LTD', countryId: country?.id });
    for (const [i, c] of CASES.entries()) {
      await database.db.execute(
        sql`insert into bookings (order_no, owner_id, status, container_mode, shipper, consignee, pol_id,
                                  si_cutoff, cy_cutoff)
            values (${`BK261201${String(i).padStart(6, '0')}`}, ${owner?.id}, 2, 1, ${party}::jsonb,
                    ${party}::jsonb, (select id from ports where code = ${c.pol}), ${c.si}::timestamp, null)`,
      );
    }
    await runMigrations(database);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('gives every port of the database seeded before its zone, and makes the column required', async () => {
    const ports = await rows<{ code: string; time_zone: string | null }>(
      sql`select code, time_zone from ports order by code`,
    );
    expect(ports).toHaveLength(PORTS.length);
    const expected = new Map(PORTS.map((port) => [port.code, portTimeZone(port)]));
    for (const port of ports) expect(port.time_zone, port.code).toBe(expected.get(port.code));
    const [column] = await rows<{ is_nullable: string; max: number }>(
      sql`select is_nullable, character_maximum_length as max from information_schema.columns
          where table_name = 'ports' and column_name = 'time_zone'`,
    );
    expect(column).toEqual({ is_nullable: 'NO', max: 64 });
  });

  it('turns each naive cut-off into the instant it meant at its port of loading', async () => {
    const found = await rows<{ id: number; si: string; cy: string | null }>(
      sql`select id, (si_cutoff at time zone 'UTC')::text as si, cy_cutoff::text as cy
          from bookings order by id`,
    );
    const utc = (instant: Date) => instant.toISOString().slice(0, 19).replace('T', ' ');
    expect(found.map((row) => ({ si: row.si, cy: row.cy }))).toEqual(
      CASES.map((c) => ({ si: utc(localToInstant(c.si, c.zone)), cy: null })),
    );
    // The cases spelled out, as people would check them.
    expect(found.map((row) => row.si)).toEqual([
      '2026-12-10 16:00:00',
      '2026-07-01 15:00:00',
      '2026-10-25 00:30:00',
      '2026-03-29 01:30:00',
      '2026-11-01 08:30:00',
      '2027-01-22 04:00:00',
      '2026-12-10 09:00:00',
      '2026-12-10 09:00:00',
      '2026-12-10 09:00:00',
    ]);
    const types = await rows<{ column_name: string; data_type: string }>(
      sql`select column_name, data_type from information_schema.columns
          where table_name = 'bookings' and column_name like '%cutoff' order by column_name`,
    );
    expect(types).toEqual(
      ['customs_cutoff', 'cy_cutoff', 'si_cutoff', 'vgm_cutoff'].map((name) => ({
        column_name: name,
        data_type: 'timestamp with time zone',
      })),
    );
  });
});
