import type { ReceivedRfqQuery, RfqStatus } from '@freight/contract';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { pageOffset } from '../../platform/sql.js';
import { carriers, containerTypes, people, ports, rfqs, companies } from '../../db/schema.js';

export async function insertRfq(db: Db, values: typeof rfqs.$inferInsert): Promise<number> {
  const [row] = await db.insert(rfqs).values(values).returning({ id: rfqs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * What a mail to a member, or a forwarder's view of its requester, needs of that member. The
 * language is that of the person who signs in with the company's address (their choice on My
 * account), else the account's.
 */
export async function memberContact(db: Db, id: number) {
  const [row] = await db
    .select({
      username: companies.username,
      language: sql<string>`coalesce(${people.language}, ${companies.language})`,
      company1: companies.company1,
      company2: companies.company2,
      linkman: companies.linkman,
      phone: companies.phone,
    })
    .from(companies)
    .leftJoin(people, and(eq(people.companyId, companies.id), eq(people.email, companies.username)))
    .where(eq(companies.id, id))
    .limit(1);
  return row;
}

/**
 * RFQs the member sent or received as forwarder, newest first (only those sent, or received, when
 * `direction` says); with `id`, that one only.
 */
export async function findRfqPage(
  db: Db,
  memberId: number,
  page: { page: number; size: number; direction?: 'sent' | 'received' | undefined },
  id?: number,
) {
  const where = and(
    page.direction === 'sent'
      ? eq(rfqs.requesterId, memberId)
      : page.direction === 'received'
        ? eq(rfqs.forwarderId, memberId)
        : or(eq(rfqs.requesterId, memberId), eq(rfqs.forwarderId, memberId)),
    id === undefined ? undefined : eq(rfqs.id, id),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: rfqs.id,
        rateId: rfqs.rateId,
        requesterId: rfqs.requesterId,
        status: rfqs.status,
        payload: rfqs.payload,
        containers: rfqs.containers,
        answer: rfqs.answer,
        createdAt: rfqs.createdAt,
        updatedAt: rfqs.updatedAt,
        requester: companies.username,
        requesterCompany: companies.company1,
      })
      .from(rfqs)
      .innerJoin(companies, eq(companies.id, rfqs.requesterId))
      .where(where)
      .orderBy(desc(rfqs.id))
      .limit(page.size)
      .offset(pageOffset(page.page, page.size)),
    db.select({ value: count() }).from(rfqs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The RFQs addressed to the forwarder, newest first, of one status if asked; with `id`, that one only. */
export async function findReceivedRfqs(
  db: Db,
  forwarderId: number,
  query: Pick<ReceivedRfqQuery, 'page' | 'size' | 'status'>,
  id?: number,
) {
  const where = and(
    eq(rfqs.forwarderId, forwarderId),
    query.status ? eq(rfqs.status, query.status) : undefined,
    id === undefined ? undefined : eq(rfqs.id, id),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: rfqs.id,
        rateId: rfqs.rateId,
        status: rfqs.status,
        payload: rfqs.payload,
        containers: rfqs.containers,
        answer: rfqs.answer,
        createdAt: rfqs.createdAt,
        updatedAt: rfqs.updatedAt,
        requesterId: rfqs.requesterId,
        email: companies.username,
        company1: companies.company1,
        company2: companies.company2,
        linkman: companies.linkman,
        phone: companies.phone,
      })
      .from(rfqs)
      .innerJoin(companies, eq(companies.id, rfqs.requesterId))
      .where(where)
      .orderBy(desc(rfqs.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size)),
    db.select({ value: count() }).from(rfqs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** An RFQ addressed to the forwarder, locked for a change of its state; undefined when there is none such. */
export async function lockReceivedRfq(db: Db, forwarderId: number, id: number) {
  const [row] = await db
    .select({ id: rfqs.id, status: rfqs.status, requesterId: rfqs.requesterId, containers: rfqs.containers })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), eq(rfqs.forwarderId, forwarderId)))
    .for('update');
  return row;
}

/** Sets the status (and, when given, the answer) of an RFQ addressed to the forwarder. */
export async function updateRfqStatus(
  db: Db,
  forwarderId: number,
  id: number,
  status: RfqStatus,
  answer?: string,
): Promise<boolean> {
  const rows = await db
    .update(rfqs)
    .set({ status, updatedAt: sql`now()`, ...(answer === undefined ? {} : { answer }) })
    .where(and(eq(rfqs.id, id), eq(rfqs.forwarderId, forwarderId)))
    .returning({ id: rfqs.id });
  return rows.length > 0;
}

/** Container type codes by id (the same in either language). */
export async function containerCodes(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: containerTypes.id, code: containerTypes.code })
    .from(containerTypes)
    .where(inArray(containerTypes.id, ids));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** Port and carrier names by id, in one language. */
export async function referenceNames(db: Db, portIds: number[], carrierIds: number[], zh: boolean) {
  const [portRows, carrierRows] = await Promise.all([
    portIds.length === 0
      ? []
      : db
          .select({ id: ports.id, name: zh ? ports.nameZh : ports.nameEn })
          .from(ports)
          .where(inArray(ports.id, portIds)),
    carrierIds.length === 0
      ? []
      : db
          .select({ id: carriers.id, name: zh ? carriers.nameZh : carriers.nameEn })
          .from(carriers)
          .where(inArray(carriers.id, carrierIds)),
  ]);
  return {
    port: new Map(portRows.map((row) => [row.id, row.name])),
    carrier: new Map(carrierRows.map((row) => [row.id, row.name])),
  };
}
