import { z } from 'zod';
import { optionalIdQuery, pageQuery } from './common.js';

/**
 * GET /api/shipper: the shipper alliance directory — member forwarders listed in it (listing is on
 * by default; a forwarder can opt out in the profile). `company` matches both company names.
 * GET /api/customer and /api/customer/{id} answer the same directory (the spec lists both calls).
 */
export const shipperQuery = pageQuery(10).extend({
  company: z.string().trim().max(100).optional(),
  business_id: optionalIdQuery,
  port_id: optionalIdQuery,
  route_id: optionalIdQuery,
});
export type ShipperQuery = z.infer<typeof shipperQuery>;

/** A directory card and its detail dialog: nothing else of the member is shown. */
export const shipper = z.object({
  id: z.number().int(),
  company1: z.string(),
  company2: z.string(),
  logo_thumb: z.string().nullable(),
  businesses_name: z.array(z.string()),
  routes_name: z.array(z.string()),
  ports_name: z.array(z.string()),
  linkman: z.string(),
  phone: z.string(),
  username: z.string(),
  address1: z.string(),
  address2: z.string(),
  profile: z.string(),
});
export type Shipper = z.infer<typeof shipper>;
