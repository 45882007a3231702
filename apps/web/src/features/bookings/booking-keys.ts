/**
 * The root of every booking query key ([BOOKINGS_KEY, party, 'list' | 'detail' | …, …]). Its own
 * module so that the header's notification stream can refresh booking pages without loading the
 * booking screens' code and strings with the shell.
 */
export const BOOKINGS_KEY = 'bookings';
