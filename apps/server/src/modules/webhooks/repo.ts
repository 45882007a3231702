import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { bookings, people, users, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { type Db, rowsOf } from '../../platform/db.js';

/* SQL of the webhooks (issue 19, part 4): endpoints, the outbox, the worker's claims. */

export type EndpointRecord = typeof webhookEndpoints.$inferSelect;
export type DeliveryRecord = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

const ofCompany = (companyId: number, id: number) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

export function listEndpoints(db: Db, companyId: number): Promise<EndpointRecord[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.id);
}

export async function countEndpoints(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return row?.value ?? 0;
}

export async function insertEndpoint(
  db: Db,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRecord> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('endpoint not inserted');
  return row;
}

export async function findEndpoint(
  db: Db,
  companyId: number,
  id: number,
): Promise<EndpointRecord | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(ofCompany(companyId, id));
  return row;
}

export async function updateEndpoint(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRecord | undefined> {
  const [row] = await db.update(webhookEndpoints).set(values).where(ofCompany(companyId, id)).returning();
  return row;
}

export async function deleteEndpoint(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(ofCompany(companyId, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints of these companies that subscribed to `type`. */
export function subscribers(
  db: Db,
  companyIds: number[],
  type: string,
): Promise<{ id: number; companyId: number }[]> {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.companyId, companyIds),
        eq(webhookEndpoints.enabled, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    )
    .orderBy(webhookEndpoints.id);
}

export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<DeliveryRecord[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/** A booking's two sides and state, as the event describes it. */
export function bookingFacts(
  db: Db,
  ids: number[],
): Promise<{ id: number; orderNo: string; status: number; ownerId: number; forwarderId: number | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: bookings.id,
      orderNo: bookings.orderNo,
      status: bookings.status,
      ownerId: bookings.ownerId,
      forwarderId: bookings.forwarderId,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids))
    .orderBy(bookings.id);
}

export async function deliveriesPage(
  db: Db,
  endpointId: number,
  page: { page: number; size: number },
): Promise<{ rows: DeliveryRecord[]; total: number }> {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ value: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/* ---------- the worker ---------- */

export type Claimed = {
  id: number;
  endpoint_id: number;
  company_id: number;
  event_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  created_at: Date | string;
  url: string;
  secret_enc: string;
  /** the endpoint's failure streak when claimed */
  failures: number;
};

/**
 * Claims up to `limit` due deliveries for this worker: pending, due, of an enabled endpoint (a test
 * event goes to a disabled one too), not of an endpoint this worker is already busy with, and with
 * no earlier pending delivery of the same booking to the same endpoint (per-booking order). The
 * rows are locked while claimed (FOR UPDATE SKIP LOCKED: other instances take others) and leased by
 * moving next_attempt_at `leaseMs` ahead: if this process dies, they come due again.
 */
export async function claimDue(
  db: Db,
  options: { limit: number; leaseMs: number; busyEndpoints: number[] },
): Promise<Claimed[]> {
  const busy = `{${options.busyEndpoints.join(',')}}`;
  return rowsOf<Claimed>(
    db,
    sql`
      with due as (
        select d.id
        from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id
        where d.status = 'pending'
          and d.next_attempt_at <= now()
          and (e.enabled or d.event_type = 'webhook.test')
          and not (d.endpoint_id = any(${busy}::int[]))
          and (d.booking_id is null or not exists (
            select 1 from webhook_deliveries p
            where p.status = 'pending' and p.endpoint_id = d.endpoint_id
              and p.booking_id = d.booking_id and p.id < d.id))
        order by d.next_attempt_at, d.id
        limit ${options.limit}
        for update of d skip locked
      )
      update webhook_deliveries d
      set next_attempt_at = now() + make_interval(secs => ${options.leaseMs / 1000}),
          attempts = d.attempts + 1,
          last_attempt_at = now()
      from due, webhook_endpoints e
      where d.id = due.id and e.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts, d.created_at,
        e.url, e.secret_enc, e.company_id, e.failures`,
  );
}

/**
 * Records delivered attempts in one statement per response code (the worker batches them), and
 * ends the failure streak of their endpoints that had one.
 */
export async function recordDelivered(db: Db, delivered: { row: Claimed; status: number }[]): Promise<void> {
  const byStatus = new Map<number, number[]>();
  for (const { row, status } of delivered) byStatus.set(status, [...(byStatus.get(status) ?? []), row.id]);
  for (const [status, ids] of byStatus)
    await db
      .update(webhookDeliveries)
      .set({ status: 'delivered', responseCode: status, lastError: null })
      .where(inArray(webhookDeliveries.id, ids));
  const streaks = [
    ...new Set(delivered.filter(({ row }) => row.failures > 0).map(({ row }) => row.endpoint_id)),
  ];
  if (streaks.length > 0)
    await db.update(webhookEndpoints).set({ failures: 0 }).where(inArray(webhookEndpoints.id, streaks));
}

/**
 * Records a failed attempt: retried at `retryAt`, or given up (null). The endpoint's failure streak
 * grows; when it reaches `disableAfter` the endpoint is turned off: true is answered exactly once,
 * to the attempt that turned it off.
 */
export async function recordFailed(
  db: Db,
  delivery: Claimed,
  failure: { status: number | null; error: string; retryAt: Date | null; disableAfter: number },
): Promise<boolean> {
  await db
    .update(webhookDeliveries)
    .set({
      status: failure.retryAt ? 'pending' : 'failed',
      nextAttemptAt: failure.retryAt ?? sql`${webhookDeliveries.nextAttemptAt}`,
      responseCode: failure.status,
      lastError: failure.error.slice(0, 300),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  const [row] = await rowsOf<{ disabled: boolean }>(
    db,
    sql`update webhook_endpoints
        set failures = failures + 1,
            enabled = enabled and failures + 1 < ${failure.disableAfter},
            disabled_reason = case when enabled and failures + 1 >= ${failure.disableAfter}
              then 'failures' else disabled_reason end
        where id = ${delivery.endpoint_id}
        returning (disabled_reason = 'failures' and failures = ${failure.disableAfter}) as disabled`,
  );
  return row?.disabled === true;
}

/** The owners and admins of a company (who are mailed about its endpoints) and its names. */
export async function companyManagers(
  db: Db,
  companyId: number,
  roles: readonly string[],
): Promise<{
  names: { company1: string; company2: string } | undefined;
  people: { email: string; language: string }[];
}> {
  const [names] = await db
    .select({ company1: users.company1, company2: users.company2 })
    .from(users)
    .where(eq(users.id, companyId));
  const managers = await db
    .select({ email: people.email, language: people.language })
    .from(people)
    .where(and(eq(people.companyId, companyId), inArray(people.role, [...roles])))
    .orderBy(people.id);
  return { names, people: managers };
}

/** Removes finished deliveries older than `days` (the log's retention). */
export async function pruneDeliveries(db: Db, days: number): Promise<void> {
  await db.execute(
    sql`delete from webhook_deliveries
        where status <> 'pending' and created_at < now() - make_interval(days => ${days})`,
  );
}
