import { z } from 'zod';
import { pageQuery } from './common.js';

/*
 * GET /api/location?keyword=&page=&size= (public, like the port list): the places a booking's
 * place of receipt or of delivery may be picked from, the seaports of the port list and the inland
 * points the portal knows (dry ports, rail and road hubs, inland container depots), searched by
 * UN/LOCODE and either name like the port dropdowns (referenceMatchRank): what starts with the
 * keyword first, ports before inland points. A picked place fills the name, country and code; a
 * place not in the list may still be typed.
 */

export const LOCATION_KINDS = ['port', 'inland'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** A dropdown asks for a screenful; the search never answers more than 100 at once. */
export const locationQuery = pageQuery(20).extend({
  keyword: z.string().trim().max(100).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type LocationQuery = z.infer<typeof locationQuery>;

/**
 * One place: `name` in the request's language, both names besides; `country` its ISO 3166 code
 * (the first two letters of `code`); `port_id` the port's id in the port list, null for an inland
 * point.
 */
export const locationItem = z.object({
  kind: z.enum(LOCATION_KINDS),
  port_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  country: z.string(),
  country_name: z.string(),
});
export type LocationItem = z.infer<typeof locationItem>;

/** A place's name as a document prints it: the English name in capitals ("SAO PAULO" for São Paulo). */
export function locationDocumentName(item: Pick<LocationItem, 'name_en'>): string {
  return item.name_en
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}
