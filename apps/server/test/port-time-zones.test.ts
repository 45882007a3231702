import { isTimeZone, type ListData, type ReferenceItem } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTS } from '../src/db/seed/reference-data/ports.js';
import {
  COUNTRY_TIME_ZONES,
  MULTI_ZONE_COUNTRIES,
  PORT_TIME_ZONES,
  portTimeZone,
} from '../src/db/seed/reference-data/time-zones.js';
import { rowsOf } from '../src/platform/db.js';
import type { Envelope } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

/*
 * Every seeded port's time zone: a real IANA zone of its own country (as ICU's CLDR data lists the
 * zones of a region), decided by the port itself wherever its country has more than one, right for
 * the ports whose zone is easy to get wrong, and served with the port list on both databases.
 */

type WithZones = Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
/** The zones ICU lists for a country (Node 20 has the getter, later versions the method). */
function zonesOf(country: string): string[] {
  const locale = new Intl.Locale(`und-${country}`) as WithZones;
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}
/** A zone as ICU names it: CLDR keeps some old names (Asia/Calcutta for Asia/Kolkata). */
const canonical = (zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

describe('the time zones of the seeded ports', () => {
  it('gives every port a valid zone of its own country', () => {
    expect(PORTS.length).toBeGreaterThanOrEqual(300);
    for (const port of PORTS) {
      const zone = portTimeZone(port);
      expect(isTimeZone(zone), `${port.code}: ${zone}`).toBe(true);
      expect(zonesOf(port.country).map(canonical), `${port.code}: ${zone}`).toContain(canonical(zone));
    }
  });

  it('decides by the port wherever the country has several zones, and by the country only where it has one', () => {
    const countries = new Set(PORTS.map((port) => port.country));
    for (const country of countries) {
      const several = zonesOf(country).length > 1;
      expect({ country, several: MULTI_ZONE_COUNTRIES.has(country) }).toEqual({ country, several });
      expect({ country, byCountry: country in COUNTRY_TIME_ZONES }).toEqual({ country, byCountry: !several });
    }
    for (const port of PORTS)
      if (MULTI_ZONE_COUNTRIES.has(port.country))
        expect(PORT_TIME_ZONES.has(port.code), `${port.code} needs its own zone`).toBe(true);
    // No entry for a port that is not seeded, or that sits in another country than its code says.
    const seeded = new Map(PORTS.map((port) => [port.code, port.country]));
    for (const code of PORT_TIME_ZONES.keys()) expect(seeded.get(code), code).toBe(code.slice(0, 2));
    expect(() => portTimeZone({ code: 'USXXX', country: 'US' })).toThrow(/USXXX/);
  });

  it('puts the ports of the countries with several zones on the right clock', () => {
    const expected: Record<string, string> = {
      USLAX: 'America/Los_Angeles',
      USSEA: 'America/Los_Angeles',
      USHNL: 'Pacific/Honolulu',
      USNYC: 'America/New_York',
      USSAV: 'America/New_York',
      // Tampa is on the Gulf but in Florida's eastern time; Mobile and Houston keep central time.
      USTPA: 'America/New_York',
      USMOB: 'America/Chicago',
      USHOU: 'America/Chicago',
      USMSY: 'America/Chicago',
      CAVAN: 'America/Vancouver',
      CAPRR: 'America/Vancouver',
      CAMTR: 'America/Toronto',
      CAHAL: 'America/Halifax',
      MXZLO: 'America/Mexico_City',
      MXESE: 'America/Tijuana',
      MXATM: 'America/Monterrey',
      BRSSZ: 'America/Sao_Paulo',
      BRSSA: 'America/Bahia',
      BRSUA: 'America/Recife',
      BRPEC: 'America/Fortaleza',
      AUSYD: 'Australia/Sydney',
      AUBNE: 'Australia/Brisbane',
      AUFRE: 'Australia/Perth',
      AUADL: 'Australia/Adelaide',
      RUVVO: 'Asia/Vladivostok',
      RULED: 'Europe/Moscow',
      RUNVS: 'Europe/Moscow',
      IDJKT: 'Asia/Jakarta',
      IDUPG: 'Asia/Makassar',
      MYPKG: 'Asia/Kuala_Lumpur',
      MYBKI: 'Asia/Kuching',
      CLSAI: 'America/Santiago',
      ECGYE: 'America/Guayaquil',
      ESALG: 'Europe/Madrid',
      PTLEI: 'Europe/Lisbon',
      NZAKL: 'Pacific/Auckland',
      CNSHA: 'Asia/Shanghai',
      NLRTM: 'Europe/Amsterdam',
    };
    const port = (code: string) => PORTS.find((p) => p.code === code) ?? { code, country: '' };
    expect(Object.fromEntries(Object.keys(expected).map((code) => [code, portTimeZone(port(code))]))).toEqual(
      expected,
    );
  });
});

describeEachDatabase('ports with their time zones', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists each port with its time zone', async () => {
    const reply = await call<Envelope<ListData<ReferenceItem>>>(t.app, {
      method: 'GET',
      url: '/api/port?size=1000',
    });
    expect(reply.status).toBe(200);
    const zones = new Map(reply.body.data.lists.map((port) => [port.code, port.time_zone]));
    expect(zones.size).toBe(PORTS.length);
    for (const port of PORTS) expect(zones.get(port.code), port.code).toBe(portTimeZone(port));
    const found = await call<Envelope<ListData<ReferenceItem>>>(t.app, {
      method: 'GET',
      url: '/api/port?keyword=USLAX',
    });
    expect(found.body.data.lists.find((port) => port.code === 'USLAX')?.time_zone).toBe(
      'America/Los_Angeles',
    );
  });

  it('uses only zones the database knows, so that it can read wall clocks at them', async () => {
    const known = await rowsOf<{ name: string }>(
      t.database.db,
      sql`select distinct p.time_zone as name from ports p
          where exists (select 1 from pg_timezone_names z where z.name = p.time_zone)`,
    );
    const used = new Set(PORTS.map(portTimeZone));
    expect(new Set(known.map((row) => row.name))).toEqual(used);
  });
});
