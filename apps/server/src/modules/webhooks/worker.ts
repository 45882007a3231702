import {
  DEFAULT_LOCALE,
  parseLocale,
  ROLES,
  roleCanManage,
  translate,
  WEBHOOK,
  webhookBackoffMs,
} from '@freight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookConfig } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { secretBox } from '../../platform/secret-box.js';
import { createWebhookSender, signWebhook } from '../../platform/webhook-sender.js';
import { queueMails } from '../mail-outbox/repo.js';
import { getSiteConfig } from '../system/service.js';
import {
  type Claimed,
  claimDue,
  companyManagers,
  pruneDeliveries,
  recordDelivered,
  recordFailed,
} from './repo.js';

/*
 * The webhook worker of one instance. It claims due outbox rows (FOR UPDATE SKIP
 * LOCKED, leased: repo.claimDue), sends each with a deadline, and records the outcome: delivered,
 * retried with exponential backoff, or given up after 24 hours. At most `concurrency` requests are
 * in flight, at most `companyConcurrency` of them for one company and half of the whole to one
 * endpoint, and the claim takes the companies' due deliveries round-robin: one company's hanging
 * receivers and backlog hold a few slots for at most their timeout, and neither another company's
 * deliveries nor the portal's requests (this loop runs beside them, not in them). An endpoint that
 * stopped answering altogether has its circuit opened (repo.recordFailed) and holds none.
 * Rows are claimed again only when a slot frees up, so nothing waits in memory: a crash loses no
 * delivery, whose lease simply runs out.
 */

const MANAGERS = ROLES.filter(roleCanManage);
const PRUNE_EVERY_MS = 3_600_000;

export type WebhookWorker = { stop(): Promise<void> };

export function startWebhookWorker(options: {
  db: Db;
  config: WebhookConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
}): WebhookWorker {
  const { db, config, log } = options;
  const box = secretBox(config.secretKey);
  const sender = createWebhookSender({
    timeoutMs: config.timeoutMs,
    allowPrivate: config.allowPrivate,
    maxSockets: config.concurrency,
    excerpt: WEBHOOK.responseExcerpt,
  });
  const perEndpoint = Math.max(1, Math.ceil(config.concurrency / 2));
  const perCompany = Math.min(config.companyConcurrency, config.concurrency);
  const batchMin = Math.max(1, Math.floor(Math.min(perEndpoint, perCompany) / 2));
  // The lease outlives the request's deadline and the recording of its outcome.
  const leaseMs = config.timeoutMs * 2 + 5_000;
  const inFlight = { endpoints: new Map<number, number>(), companies: new Map<number, number>() };
  let running = 0;
  let stopping = false;
  let wake: (() => void) | undefined;
  let lastPrune = 0;
  let delivered: { row: Claimed; status: number }[] = [];

  // Set when a send ends, so that a wake-up that came while the loop was busy is not lost.
  let woken = false;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function deliver(row: Claimed): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await sender.send({
      url: row.url,
      body: row.payload,
      headers: {
        [WEBHOOK.signatureHeader]: signWebhook(box.open(row.secret_enc), row.payload, timestamp),
        'x-portal-event': row.event_type,
        'x-portal-event-id': row.event_id,
        'x-portal-delivery': String(row.id),
      },
    });
    // Successes are recorded in batches by the loop, before it claims again (order per booking).
    if (outcome.ok) {
      delivered.push({ row, status: outcome.status ?? 200 });
      return;
    }
    const age = Date.now() - new Date(row.created_at).getTime();
    const delay = webhookBackoffMs(row.attempts, config.retryFirstMs);
    const retryAt = age + delay <= WEBHOOK.retryForMs ? new Date(Date.now() + delay) : null;
    const error = outcome.error ?? 'failed';
    // The managers' mail about an endpoint turned off is written with the change that turns it off.
    await db.transaction(async (tx) => {
      const disabled = await recordFailed(tx, row, {
        status: outcome.status,
        error,
        retryAt,
        disableAfter: WEBHOOK.disableAfterFailures,
        circuit: {
          failures: WEBHOOK.circuitFailures,
          firstMs: config.circuitOpenMs,
          maxMs: WEBHOOK.retryMaxDelayMs,
        },
      });
      if (disabled) await mailDisabled(tx, row, error);
    });
  }

  async function mailDisabled(tx: Db, row: Claimed, error: string): Promise<void> {
    const companyId = row.company_id;
    const site = await getSiteConfig({ db: tx });
    const { names, people } = await companyManagers(tx, companyId, MANAGERS);
    const mails = people.map((person) => {
      const locale = parseLocale(person.language) ?? DEFAULT_LOCALE;
      const params = {
        app: site.app_title || translate(locale, 'config.defaultTitle'),
        url: row.url,
        company: (locale === 'zh-CN' && names?.company2) || names?.company1 || '',
        count: WEBHOOK.disableAfterFailures,
        error,
        link: `${options.publicUrl}/webhooks`,
      };
      return {
        companyId,
        kind: 'webhook-off',
        to: person.email,
        locale,
        subject: translate(locale, 'webhooks.disabledSubject', params),
        text: translate(locale, 'webhooks.disabledBody', params),
      };
    });
    await queueMails(tx, mails);
  }

  const count = (counts: Map<number, number>, id: number, by: number) => {
    const n = (counts.get(id) ?? 0) + by;
    if (n > 0) counts.set(id, n);
    else counts.delete(id);
  };

  function start(row: Claimed): void {
    running++;
    count(inFlight.endpoints, row.endpoint_id, 1);
    count(inFlight.companies, row.company_id, 1);
    deliver(row)
      .catch((error: unknown) => log.warn({ err: error, delivery: row.id }, 'webhook delivery not recorded'))
      .finally(() => {
        running--;
        woken = true;
        count(inFlight.endpoints, row.endpoint_id, -1);
        count(inFlight.companies, row.company_id, -1);
        wake?.();
      });
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let claimed = 0;
      let free = 0;
      // While requests are in flight, a few milliseconds gather their outcomes into one batch: the
      // embedded database answers one query at a time, and a query per delivery halved throughput.
      if (running > 0 && delivered.length < batchMin) await new Promise((resolve) => setTimeout(resolve, 3));
      woken = false;
      try {
        if (delivered.length > 0) {
          const batch = delivered;
          delivered = [];
          await recordDelivered(db, batch);
        }
        free = config.concurrency - running;
        if (free > 0) {
          const rows = await claimDue(db, {
            limit: free,
            leaseMs,
            holdings: { perEndpoint, perCompany, ...inFlight },
          });
          claimed = rows.length;
          for (const row of rows) start(row);
        }
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          await pruneDeliveries(db, WEBHOOK.logRetentionDays);
        }
      } catch (error) {
        if (!stopping) log.warn({ err: error }, 'webhook worker: claiming failed');
      }
      // Busy: back as soon as a slot frees up. Idle: back after the poll interval. A claim that
      // took fewer rows than it had slots found nothing more it may take (the rest is not due, or
      // of companies and endpoints at their caps): asking again at once would find nothing either.
      if (stopping) break;
      if (claimed < free || running >= config.concurrency) await nap(config.pollMs);
    }
  }

  const done = loop();
  return {
    async stop() {
      stopping = true;
      wake?.();
      await done;
      // In-flight requests end by their deadline; their rows' leases cover a crash meanwhile.
      const deadline = Date.now() + config.timeoutMs + 1_000;
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      if (delivered.length > 0) await recordDelivered(db, delivered).catch(() => undefined);
      sender.close();
    },
  };
}
