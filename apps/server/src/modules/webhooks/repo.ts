import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { people, companies, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { type Db, rowsOf } from '../../platform/db.js';

/* SQL of the webhooks: endpoints, the outbox, the worker's claims. */

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

/**
 * Deletes an endpoint and its log. The deliveries go first: the worker records an attempt by
 * locking its delivery and then its endpoint (recordFailed), and deleting the endpoint alone locked
 * the two the other way round (the endpoint, then its deliveries by the cascade), so a delete that
 * met an attempt being recorded deadlocked with it and was refused as a concurrent change.
 */
export async function deleteEndpoint(db: Db, companyId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owned = tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(ofCompany(companyId, id));
    await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, owned));
    const rows = await tx
      .delete(webhookEndpoints)
      .where(ofCompany(companyId, id))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  });
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
  /** the endpoint's streak of unanswered attempts when claimed */
  circuit_failures: number;
  /** claimed while the endpoint's circuit was half-open: this attempt decides whether it closes */
  probe: boolean;
};

/** What one worker has in flight, by endpoint and by company, and how much of each it may hold. */
export type Holdings = {
  perEndpoint: number;
  perCompany: number;
  endpoints: ReadonlyMap<number, number>;
  companies: ReadonlyMap<number, number>;
};

const held = (counts: ReadonlyMap<number, number>) => {
  const entries = [...counts].filter(([, n]) => n > 0);
  return {
    ids: `{${entries.map(([id]) => id).join(',')}}`,
    counts: `{${entries.map(([, n]) => n).join(',')}}`,
  };
};

/**
 * Claims up to `limit` due deliveries for this worker, fairly: every company's due deliveries are
 * ranked (round-robin over its endpoints, oldest first within one) and the claim takes rank 1 of
 * every company before rank 2 of any, so a company with a large backlog cannot push another
 * company's delivery behind it. A company or an endpoint holding its share of this worker's
 * slots (`holdings`) is passed over, not waited on. A delivery is due when pending and due, of an
 * enabled endpoint (a test event goes to a disabled one too), with no earlier pending delivery of
 * the same booking to the same endpoint (per-booking order), and of an endpoint whose circuit is
 * closed. An endpoint whose circuit is half-open gets one delivery, its probe, and its circuit is
 * moved ahead by the lease in the same statement, so that no other instance probes it as well.
 * The rows are locked while claimed (FOR UPDATE SKIP LOCKED: other instances take others) and
 * leased by moving next_attempt_at `leaseMs` ahead: if this process dies, they come due again.
 */
export async function claimDue(
  db: Db,
  options: { limit: number; leaseMs: number; holdings: Holdings },
): Promise<Claimed[]> {
  const { perEndpoint, perCompany } = options.holdings;
  const endpoints = held(options.holdings.endpoints);
  const companies = held(options.holdings.companies);
  const lease = sql`make_interval(secs => ${options.leaseMs / 1000})`;
  // The first pending delivery of its booking to its endpoint (deliveries of one booking keep order).
  const inOrder = (d: string) =>
    sql`(${sql.raw(d)}.booking_id is null or not exists (
          select 1 from webhook_deliveries p
          where p.status = 'pending' and p.endpoint_id = ${sql.raw(d)}.endpoint_id
            and p.booking_id = ${sql.raw(d)}.booking_id and p.id < ${sql.raw(d)}.id))`;
  return rowsOf<Claimed>(
    db,
    sql`
      with held_endpoints as (
        select * from unnest(${endpoints.ids}::int[], ${endpoints.counts}::int[]) as h(id, n)
      ),
      held_companies as (
        select * from unnest(${companies.ids}::int[], ${companies.counts}::int[]) as h(id, n)
      ),
      probes as (
        update webhook_endpoints e
        set circuit_open_until = now() + ${lease}
        where e.circuit_open_until <= now()
          and not exists (select 1 from held_endpoints h where h.id = e.id)
          and not exists (select 1 from held_companies h where h.id = e.company_id and h.n >= ${perCompany})
          and exists (
            select 1 from webhook_deliveries q
            where q.endpoint_id = e.id and q.status = 'pending' and q.next_attempt_at <= now()
              and (e.enabled or q.event_type = 'webhook.test') and ${inOrder('q')})
        returning e.id
      ),
      lanes as (
        select d.id, d.next_attempt_at, d.lane_rank, e.company_id,
          (e.circuit_open_until is not null) as probe
        from webhook_endpoints e
        left join held_endpoints he on he.id = e.id
        left join held_companies hc on hc.id = e.company_id
        cross join lateral (
          select d.id, d.next_attempt_at,
            row_number() over (order by d.next_attempt_at, d.id) as lane_rank
          from webhook_deliveries d
          where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= now()
            and (e.enabled or d.event_type = 'webhook.test') and ${inOrder('d')}
          order by d.next_attempt_at, d.id
          limit ${perEndpoint}
        ) d
        where (e.circuit_open_until is null or e.id in (select id from probes))
          and coalesce(hc.n, 0) < ${perCompany}
          and d.lane_rank <= case when e.circuit_open_until is null
            then ${perEndpoint} - coalesce(he.n, 0) else 1 end
      ),
      ranked as (
        select l.*, row_number() over (
          partition by l.company_id order by l.probe desc, l.lane_rank, l.next_attempt_at, l.id
        ) as company_rank
        from lanes l
      ),
      picked as (
        select r.id from ranked r
        left join held_companies hc on hc.id = r.company_id
        where r.company_rank <= ${perCompany} - coalesce(hc.n, 0)
        -- A probe first: its endpoint's circuit was just moved ahead for it.
        order by r.probe desc, r.company_rank, r.next_attempt_at, r.id
        limit ${options.limit}
      ),
      due as (
        select d.id from webhook_deliveries d
        where d.id in (select id from picked) and d.status = 'pending' and d.next_attempt_at <= now()
        for update of d skip locked
      )
      update webhook_deliveries d
      set next_attempt_at = now() + ${lease},
          attempts = d.attempts + 1,
          last_attempt_at = now()
      from due, webhook_endpoints e
      where d.id = due.id and e.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts, d.created_at,
        e.url, e.secret_enc, e.company_id, e.failures, e.circuit_failures,
        (e.circuit_open_until is not null) as probe`,
  );
}

/**
 * Records delivered attempts in one statement per response code (the worker batches them), and
 * ends the failure streaks of their endpoints that had one (closing a circuit that was probed).
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
    ...new Set(
      delivered
        .filter(({ row }) => row.failures > 0 || row.circuit_failures > 0 || row.probe)
        .map(({ row }) => row.endpoint_id),
    ),
  ];
  if (streaks.length > 0)
    await db
      .update(webhookEndpoints)
      .set({ failures: 0, circuitFailures: 0, circuitOpenUntil: null })
      .where(inArray(webhookEndpoints.id, streaks));
}

/**
 * Records a failed attempt: retried at `retryAt`, or given up (null). The endpoint's failure streak
 * grows; when it reaches `disableAfter` the endpoint is turned off: true is answered exactly once,
 * to the attempt that turned it off.
 *
 * An attempt that got no answer at all (`status` null: a timeout, a refused or reset connection)
 * also grows the endpoint's circuit streak; at `circuit.failures` the circuit opens for
 * `circuit.firstMs`, and each failed probe opens it again for twice as long (at most an hour). The
 * attempts that were already in flight when it opened change nothing more. Any answer closes it.
 */
export async function recordFailed(
  db: Db,
  delivery: Claimed,
  failure: {
    status: number | null;
    error: string;
    retryAt: Date | null;
    disableAfter: number;
    circuit: { failures: number; firstMs: number; maxMs: number };
  },
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
  const unanswered = failure.status === null;
  const { circuit } = failure;
  // Counted when the circuit was closed, or when this attempt was its probe.
  const counts = sql`(circuit_open_until is null or ${delivery.probe}::boolean)`;
  const [row] = await rowsOf<{ disabled: boolean }>(
    db,
    sql`update webhook_endpoints
        set failures = failures + 1,
            enabled = enabled and failures + 1 < ${failure.disableAfter},
            disabled_reason = case when enabled and failures + 1 >= ${failure.disableAfter}
              then 'failures' else disabled_reason end,
            circuit_failures = case when not ${unanswered}::boolean then 0
              when ${counts} then circuit_failures + 1 else circuit_failures end,
            circuit_open_until = case when not ${unanswered}::boolean then null
              when ${counts} and circuit_failures + 1 >= ${circuit.failures}
                then now() + make_interval(secs => least(${circuit.maxMs / 1000}::float8,
                  ${circuit.firstMs / 1000}::float8 * power(2, circuit_failures + 1 - ${circuit.failures})))
              else circuit_open_until end
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
    .select({ company1: companies.company1, company2: companies.company2 })
    .from(companies)
    .where(eq(companies.id, companyId));
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
