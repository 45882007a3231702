import { webhookBackoffMs } from '@freight/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MailConfig } from '../../config.js';
import { onCommitted } from '../../platform/commit-events.js';
import type { Db } from '../../platform/db.js';
import type { MailAttachment, Mailer } from '../../platform/mail.js';
import { type ClaimedMail, claimDue, MAIL_QUEUED, pruneSent, recordFailed, recordSent } from './repo.js';

/*
 * The mail worker of one instance: the same kind of loop as the webhook worker. It claims due rows
 * of the outbox (FOR UPDATE SKIP LOCKED, leased: repo.claimDue), hands each to the mail server, and
 * records the outcome: sent, tried again after a doubling delay, or dead after the last attempt (an
 * admin sees dead letters and sends them again: `npm run admin -- mail …`). At most `concurrency`
 * mails are in flight, at most `companyConcurrency` of one company, and the claim takes the
 * companies in turn. Rows are claimed only when a slot frees up, so nothing waits in memory: a
 * crash loses no mail, whose lease runs out and which is then sent again. Within its lease a mail
 * is sent once.
 */

/** Sent mails are kept this long (the admin's view of what went), then removed. */
const KEEP_SENT_DAYS = 7;
const PRUNE_EVERY_MS = 3_600_000;

type MailWorker = { stop(): Promise<void> };

/** Makes the document a queued mail names (a booking's PDF); a failure sends the mail without it. */
export type Attach = (attachment: Record<string, unknown>) => Promise<MailAttachment[]>;

/** The claim window: a claimed mail is not claimed again for this long (see claimDue). */
export const mailLeaseMs = (config: Pick<MailConfig, 'timeoutMs'>) => config.timeoutMs * 2 + 5_000;

function startMailWorker(options: {
  db: Db;
  config: MailConfig;
  mailer: Mailer;
  attach: Attach;
  log: FastifyBaseLogger;
}): MailWorker {
  const { db, config, log } = options;
  const perCompany = Math.min(config.companyConcurrency, config.concurrency);
  const batchMin = Math.max(1, Math.floor(config.concurrency / 2));
  const leaseMs = mailLeaseMs(config);
  const companies = new Map<number, number>();
  let running = 0;
  let stopping = false;
  let lastPrune = 0;
  let sent: number[] = [];
  let wake: (() => void) | undefined;
  // Set when a send ends or a mail is queued, so that a wake-up that came while the loop was busy is not lost.
  let woken = false;
  const rouse = () => {
    woken = true;
    wake?.();
  };
  const stopListening = onCommitted(db, (message) => {
    if ((message as { type?: unknown } | null)?.type === MAIL_QUEUED.type) rouse();
  });
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function attachmentsOf(row: ClaimedMail): Promise<MailAttachment[]> {
    if (!row.attachment) return [];
    try {
      return await options.attach(row.attachment);
    } catch (error) {
      log.warn({ err: error, mail: row.id, kind: row.kind }, 'mail sent without its attachment');
      return [];
    }
  }

  async function send(row: ClaimedMail): Promise<void> {
    try {
      const attachments = await attachmentsOf(row);
      await options.mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        headers: { ...row.headers, 'X-Portal-Mail': String(row.id) },
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        row.attempts < config.attempts
          ? new Date(Date.now() + webhookBackoffMs(row.attempts, config.retryFirstMs))
          : null;
      if (!retryAt)
        log.warn({ mail: row.id, kind: row.kind, error: message }, 'mail dead after its last attempt');
      await recordFailed(db, row.id, message, retryAt);
      return;
    }
    // Recorded in batches by the loop: the embedded database answers one query at a time.
    sent.push(row.id);
  }

  const count = (id: number, by: number) => {
    const n = (companies.get(id) ?? 0) + by;
    if (n > 0) companies.set(id, n);
    else companies.delete(id);
  };

  function start(row: ClaimedMail): void {
    running++;
    count(row.company_id, 1);
    send(row)
      .catch((error: unknown) => log.warn({ err: error, mail: row.id }, 'mail outcome not recorded'))
      .finally(() => {
        running--;
        count(row.company_id, -1);
        rouse();
      });
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let claimed = 0;
      let free = 0;
      if (running > 0 && sent.length < batchMin) await new Promise((resolve) => setTimeout(resolve, 3));
      woken = false;
      try {
        if (sent.length > 0) {
          const batch = sent;
          sent = [];
          await recordSent(db, batch);
        }
        free = config.concurrency - running;
        if (free > 0) {
          const rows = await claimDue(db, { limit: free, leaseMs, perCompany, held: companies });
          claimed = rows.length;
          for (const row of rows) start(row);
        }
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          await pruneSent(db, KEEP_SENT_DAYS);
        }
      } catch (error) {
        if (!stopping) log.warn({ err: error }, 'mail worker: claiming failed');
      }
      if (stopping) break;
      // A claim that took fewer rows than it had slots found nothing more it may take now.
      if (claimed < free || running >= config.concurrency) await nap(config.pollMs);
    }
  }

  const done = loop();
  return {
    async stop() {
      stopping = true;
      stopListening();
      wake?.();
      await done;
      // Mails in flight end by the mail server's deadline; their leases cover a crash meanwhile.
      const deadline = Date.now() + config.timeoutMs + 1_000;
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      if (sent.length > 0) await recordSent(db, sent).catch(() => undefined);
    },
  };
}

/** Starts this instance's mail worker when the app is ready (unless MAIL_WORKER=false); stops it on close. */
export function runMailWorker(app: FastifyInstance, attach: Attach): void {
  const { config, db, mailer } = app.deps;
  let worker: MailWorker | undefined;
  app.addHook('onReady', async () => {
    if (config.mail.worker)
      worker = startMailWorker({ db, config: config.mail, mailer, attach, log: app.log });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
