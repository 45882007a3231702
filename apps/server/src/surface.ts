/**
 * What tools outside the server (the benchmarks in bench/) may use of it: the database and its
 * schema, the seeds, and the few use cases whose SQL floors they measure. Anything else is the
 * server's own; the lint rule for bench/ (eslint.config.js) allows this file alone.
 */
export * as schema from './db/schema.js';
export {
  bookings,
  businesses,
  carriers,
  contacts,
  countries,
  ports,
  tradeRoutes,
  companies,
} from './db/schema.js';
export { seedBase } from './db/seed/index.js';
export { seedDemo } from './demo/index.js';
export { captchaPicture, captchaSvg, captchaText } from './modules/auth/captcha.js';
export { getBookingDetail, listBookings } from './modules/bookings/service.js';
export { dedupeKey } from './modules/contacts/service.js';
export { listQuotes } from './modules/rates/quotes.js';
export { type Db, openDatabase, rowsOf, runMigrations } from './platform/db.js';
export { databaseKv } from './platform/kv.js';
export { directoryStorage } from './platform/storage.js';
