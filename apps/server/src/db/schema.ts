/**
 * The database schema, one file per area (schema/*.ts). drizzle-kit reads this file
 * (drizzle.config.ts), and the code imports the tables from here.
 */
export * from './schema/reference.js';
export * from './schema/system.js';
export * from './schema/companies.js';
export * from './schema/files.js';
export * from './schema/contacts.js';
export * from './schema/rates.js';
export * from './schema/rfqs.js';
export * from './schema/bookings.js';
export * from './schema/booking-documents.js';
export * from './schema/notifications.js';
export * from './schema/webhooks.js';
export * from './schema/mail.js';
