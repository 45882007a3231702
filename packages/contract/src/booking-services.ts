import { z } from 'zod';
import { plainText } from './booking-fields.js';

/*
 * The services a booking asks of the forwarder beside the sea freight (报关, 保险, 熏蒸 …), and who
 * clears the export customs: what the operator otherwise asks on the phone before arranging them.
 */

/** Who clears export customs: the shipper's own broker, or the forwarder; '' not said. */
export const CUSTOMS_BY = ['shipper', 'forwarder'] as const;
export type CustomsBy = (typeof CUSTOMS_BY)[number];

/** The services a booking may ask for, each a choice; what they need besides goes in the remark. */
export const REQUESTED_SERVICES = ['insurance', 'fumigation', 'inspection', 'warehousing', 'other'] as const;
export type RequestedService = (typeof REQUESTED_SERVICES)[number];

export const SERVICES_REMARK_MAX = 255;

/**
 * The booking's fields for them. The services are a set: each at most once, kept in the order of
 * REQUESTED_SERVICES whatever order they came in, so that two bookings asking the same read alike.
 */
export const requestedServiceFields = {
  export_customs_by: z.union([z.literal(''), z.enum(CUSTOMS_BY)]).default(''),
  requested_services: z
    .array(z.enum(REQUESTED_SERVICES))
    .max(REQUESTED_SERVICES.length)
    .default([])
    .transform((services) => REQUESTED_SERVICES.filter((service) => services.includes(service))),
  services_remark: plainText(SERVICES_REMARK_MAX).default(''),
};
