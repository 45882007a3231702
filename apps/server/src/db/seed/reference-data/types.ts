/** Shapes of the reference data that is seeded into every database (real data, not demo data). */

/** A named item with a stable code; `code` is the natural key used for idempotent seeding. */
export type SeedNamed = {
  code: string;
  name_en: string;
  name_zh: string;
};

/** A container seaport. `code` is its UN/LOCODE (5 letters), `country` its ISO 3166-1 alpha-2 code,
 * `route` the code of the trade route (see routes.ts) that a shipment from China to this port travels. */
export type SeedPort = SeedNamed & { country: string; route: string };

/** An ocean carrier. `code` is its SCAC (Standard Carrier Alpha Code). */
export type SeedCarrier = SeedNamed;

/** A container type. `code` is the trade name used on quotes (20GP, 40HQ, 20RF …),
 * `iso_code` the ISO 6346 size-and-type code (22G1, 45G1 …), `teu` its twenty-foot equivalent. */
export type SeedContainer = SeedNamed & { iso_code: string; teu: number };

/** An ISO 4217 currency: `code` the alphabetic code, `numeric` the three-digit numeric code. */
export type SeedCurrency = SeedNamed & { numeric: string; minor_units: number };

/** A unit. `code` is the UN/ECE Recommendation 21 (packages) or Rec 20 (weight/volume) code.
 * `type`: 1 weight, 2 volume, 3 package (the spec's /unit?type=3 lists package units). */
export type SeedUnit = SeedNamed & { type: 1 | 2 | 3 };
