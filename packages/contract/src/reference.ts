import { z } from 'zod';
import { optionalIdQuery, pageQuery } from './common.js';

/** The reference lists, each served at GET /api/<name>. */
export const REFERENCE_LISTS = [
  'country',
  'port',
  'carrier',
  'container',
  'currency',
  'charge',
  'industry',
  'business',
  'route',
  'unit',
  'forwarder',
] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];

/**
 * Query of every reference list. Lists default to their whole content (size 1000), which is what
 * dropdowns ask for; `keyword` matches the code and both names; `type` filters units,
 * `country_id` and `route_id` filter ports.
 */
export const referenceQuery = pageQuery(1000).extend({
  keyword: z.string().trim().max(100).optional(),
  type: z.coerce.number().int().min(1).max(3).optional(),
  country_id: optionalIdQuery,
  route_id: optionalIdQuery,
});
export type ReferenceQuery = z.infer<typeof referenceQuery>;

/**
 * One reference item. `name` is in the request's language; `name_en` and `name_zh` are both given
 * so that imports and exports can match either. `code` is the natural code: ISO 3166-1 alpha-2 for
 * countries, UN/LOCODE for ports, SCAC for carriers, the trade name (20GP …) for containers,
 * ISO 4217 for currencies, UN/ECE Rec 20/21 for units, a short code for the others.
 */
export const referenceItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  /** port: its country; forwarder: its company's country. */
  country_id: z.number().int().nullable().optional(),
  country_name: z.string().nullable().optional(),
  /** port: its trade route. */
  route_id: z.number().int().nullable().optional(),
  /** port: its IANA time zone, the clock its cut-offs are read on ("Europe/Amsterdam"). */
  time_zone: z.string().optional(),
  /** container: ISO 6346 size-type code and TEU. */
  iso_code: z.string().optional(),
  teu: z.number().optional(),
  /** currency: numeric code and minor units. */
  numeric: z.string().optional(),
  minor_units: z.number().int().optional(),
  /** unit: 1 weight, 2 volume, 3 package. */
  type: z.number().int().optional(),
  /** country: ISO 3166-1 alpha-3. */
  code3: z.string().optional(),
});
export type ReferenceItem = z.infer<typeof referenceItem>;
