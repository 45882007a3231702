import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.js';
import { emitAfterCommit } from '../../platform/commit-events.js';
import { type Db, rowsOf } from '../../platform/db.js';

/* SQL of the mail outbox: what a change writes, what the worker claims and records, what an admin sees. */

/** What a change queues: one rendered mail, in its recipient's language. */
export type QueuedMail = {
  /** the company whose change makes the mail: the worker takes the companies' mails in turn */
  companyId: number;
  /** what the mail is about (booking, invitation, reset, …): for the admin's list and the log */
  kind: string;
  to: string;
  replyTo?: string | undefined;
  locale: string;
  subject: string;
  text: string;
  headers?: Record<string, string> | undefined;
  /** a document made when the mail is sent (the worker's `attach` reads it) */
  attachment?: Record<string, unknown> | undefined;
};

/** The message a committed transaction sends to wake this instance's mail worker. */
export const MAIL_QUEUED = { type: 'mail-queued' } as const;

/**
 * Writes mails to the outbox with `tx`, the transaction of the change that makes them: a rollback
 * takes them back. The worker of this instance is woken when it commits. Answers the rows' ids.
 */
export async function queueMails(tx: Db, mails: QueuedMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        companyId: mail.companyId,
        kind: mail.kind,
        recipient: mail.to,
        replyTo: mail.replyTo ?? null,
        locale: mail.locale,
        subject: mail.subject,
        body: mail.text,
        headers: mail.headers ?? null,
        attachment: mail.attachment ?? null,
      })),
    )
    .returning({ id: mailOutbox.id });
  emitAfterCommit(tx, MAIL_QUEUED);
  return rows.map((row) => row.id);
}

/** When the mail was handed to the mail server; null while it waits (or if it never went). */
export async function sentAt(db: Db, id: number): Promise<Date | null> {
  const [row] = await db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.sentAt ?? null;
}

export type ClaimedMail = {
  id: number;
  company_id: number;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  headers: Record<string, string> | null;
  attachment: Record<string, unknown> | null;
  attempts: number;
};

/**
 * Claims up to `limit` due mails, fairly: the companies with due mails are found by a skip scan
 * of the lane index, each offers its oldest few, and the claim takes every company's first before
 * any company's second, so that one company's backlog cannot push another's mail behind it. A
 * company holding `perCompany` of this worker's slots (`held`) is passed over. The rows are locked
 * while claimed (FOR UPDATE SKIP LOCKED: other instances take others) and leased by moving
 * next_attempt_at `leaseMs` ahead: if this process dies, they come due again after the lease.
 */
export function claimDue(
  db: Db,
  options: { limit: number; leaseMs: number; perCompany: number; held: ReadonlyMap<number, number> },
): Promise<ClaimedMail[]> {
  const held = [...options.held].filter(([, n]) => n > 0);
  const ids = `{${held.map(([id]) => id).join(',')}}`;
  const counts = `{${held.map(([, n]) => n).join(',')}}`;
  const lease = sql`make_interval(secs => ${options.leaseMs / 1000})`;
  return rowsOf<ClaimedMail>(
    db,
    sql`
      with recursive held as (
        select * from unnest(${ids}::int[], ${counts}::int[]) as h(id, n)
      ),
      companies as (
        (select m.company_id from mail_outbox m
         where m.status = 'pending' and m.next_attempt_at <= now()
         order by m.company_id limit 1)
        union all
        select (select m.company_id from mail_outbox m
                where m.status = 'pending' and m.next_attempt_at <= now() and m.company_id > c.company_id
                order by m.company_id limit 1)
        from companies c where c.company_id is not null
      ),
      picked as (
        select d.id from companies c
        left join held h on h.id = c.company_id
        cross join lateral (
          select m.id, m.next_attempt_at,
            row_number() over (order by m.next_attempt_at, m.id) as company_rank
          from mail_outbox m
          where m.company_id = c.company_id and m.status = 'pending' and m.next_attempt_at <= now()
          order by m.next_attempt_at, m.id
          limit ${options.perCompany}
        ) d
        where c.company_id is not null and d.company_rank <= ${options.perCompany} - coalesce(h.n, 0)
        order by d.company_rank, d.next_attempt_at, d.id
        limit ${options.limit}
      ),
      due as (
        select m.id from mail_outbox m
        where m.id in (select id from picked) and m.status = 'pending' and m.next_attempt_at <= now()
        for update of m skip locked
      )
      update mail_outbox m
      set next_attempt_at = now() + ${lease}, attempts = m.attempts + 1, last_attempt_at = now()
      from due
      where m.id = due.id
      returning m.id, m.company_id, m.kind, m.recipient, m.reply_to, m.subject, m.body, m.headers,
        m.attachment, m.attempts`,
  );
}

/** Records mails the mail server accepted, in one statement (the worker batches them). */
export async function recordSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

/** Records a failed attempt: tried again at `retryAt`, or dead (null) until an admin sends it again. */
export async function recordFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: retryAt ? 'pending' : 'dead',
      nextAttemptAt: retryAt ?? sql`${mailOutbox.nextAttemptAt}`,
      lastError: error.slice(0, 300),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** The dead letters, newest first, without their bodies (which may hold a reset code). */
export function deadMails(db: Db, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      companyId: mailOutbox.companyId,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      lastAttemptAt: mailOutbox.lastAttemptAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'dead'))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

/** Puts dead letters back in the queue, due now with a fresh count of attempts; `ids` null: all. */
export async function retryDead(db: Db, ids: number[] | null): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(
      ids === null
        ? eq(mailOutbox.status, 'dead')
        : and(eq(mailOutbox.status, 'dead'), inArray(mailOutbox.id, ids)),
    )
    .returning({ id: mailOutbox.id });
  if (rows.length > 0) emitAfterCommit(db, MAIL_QUEUED);
  return rows.length;
}

/** How many mails wait, are dead, and were sent. */
export async function outboxCounts(db: Db): Promise<Record<'pending' | 'sent' | 'dead', number>> {
  const rows = await rowsOf<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from mail_outbox group by status`,
  );
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { pending: of('pending'), sent: of('sent'), dead: of('dead') };
}

/** Removes sent mails older than `days` (their bodies may hold codes and links). */
export async function pruneSent(db: Db, days: number): Promise<void> {
  await db.execute(
    sql`delete from mail_outbox where status = 'sent' and sent_at < now() - make_interval(days => ${days})`,
  );
}
