/**
 * Booking statuses (spec §4) with the list filter's colours. The label keys point into the shared
 * catalog (bookingStatus.s<number>). The named states of the spec map onto the numbers as
 * issue 6 will fix; until then only the numbers exist.
 */
export const BOOKING_STATUSES = [
  { value: 0, key: 'bookingStatus.s0', color: 'default' },
  { value: 1, key: 'bookingStatus.s1', color: 'blue' },
  { value: 2, key: 'bookingStatus.s2', color: 'orange' },
  { value: 3, key: 'bookingStatus.s3', color: 'green' },
  { value: 5, key: 'bookingStatus.s5', color: 'blue' },
  { value: 40, key: 'bookingStatus.s40', color: 'default' },
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number]['value'];

/** container_mode: 1 FCL, 2 LCL. */
export const CONTAINER_MODES = { fcl: 1, lcl: 2 } as const;
