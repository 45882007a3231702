import { and, asc, eq, inArray } from 'drizzle-orm';
import { bookingDocuments, bookings, files, companies } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { company, partyWhere } from './repo-sql.js';

/* Booking documents: their rows, with the stored file's type and size and the uploader's company. */

const documentColumns = (zh: boolean) => ({
  document: bookingDocuments,
  contentType: files.contentType,
  size: files.size,
  storageKey: files.storageKey,
  uploaderName: company(companies, zh),
});

export async function documentsOf(db: Db, bookingId: number, zh: boolean) {
  return db
    .select(documentColumns(zh))
    .from(bookingDocuments)
    .innerJoin(files, eq(files.id, bookingDocuments.fileId))
    .innerJoin(companies, eq(companies.id, bookingDocuments.uploaderId))
    .where(eq(bookingDocuments.bookingId, bookingId))
    .orderBy(asc(bookingDocuments.id));
}

/** One document, if its booking belongs to `userId` as member or forwarder; with whose booking it is. */
export async function findDocument(db: Db, userId: number, id: number, zh: boolean) {
  const [row] = await db
    .select({
      ...documentColumns(zh),
      booking: {
        id: bookings.id,
        orderNo: bookings.orderNo,
        companyId: bookings.companyId,
        fromQuote: bookings.fromQuote,
        acceptedAt: bookings.acceptedAt,
      },
    })
    .from(bookingDocuments)
    .innerJoin(files, eq(files.id, bookingDocuments.fileId))
    .innerJoin(companies, eq(companies.id, bookingDocuments.uploaderId))
    .innerJoin(bookings, eq(bookings.id, bookingDocuments.bookingId))
    .where(and(eq(bookingDocuments.id, id), partyWhere(userId)))
    .limit(1);
  return row;
}

export async function insertDocument(db: Db, values: typeof bookingDocuments.$inferInsert) {
  const [row] = await db.insert(bookingDocuments).values(values).returning({ id: bookingDocuments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function deleteDocument(db: Db, id: number) {
  await db.delete(bookingDocuments).where(eq(bookingDocuments.id, id));
}

/** The file ids of a booking's documents (to remove the stored bytes with the booking). */
export async function documentFileIds(db: Db, bookingIds: number[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({ fileId: bookingDocuments.fileId })
    .from(bookingDocuments)
    .where(inArray(bookingDocuments.bookingId, bookingIds));
  return rows.map((row) => row.fileId);
}
