import { z } from 'zod';

/** The mail outbox's environment variables (docs/configuration.md lists them with the others). */
export const mailEnv = {
  MAIL_WORKER: z.stringbool().default(true),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  MAIL_PER_COMPANY: z.coerce.number().int().min(1).max(64).default(2),
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  MAIL_RETRY_FIRST_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
};

export type MailConfig = {
  /** Whether this instance sends the mail outbox (off: it only writes it; another instance sends). */
  worker: boolean;
  /** Mails in flight per instance (also the SMTP connections it keeps open). */
  concurrency: number;
  /** Mails of one company in flight per instance (at most `concurrency`). */
  companyConcurrency: number;
  /** The mail server's deadline for one mail; the claim window is twice this and 5 s. */
  timeoutMs: number;
  /** The first retry's delay; it doubles per attempt up to an hour. */
  retryFirstMs: number;
  /** Attempts before a mail is dead (an admin can send it again). */
  attempts: number;
  /** How often an idle worker looks for due mails (a mail queued on this instance wakes it at once). */
  pollMs: number;
};

type MailEnv = { [K in keyof typeof mailEnv]: z.output<(typeof mailEnv)[K]> };

export function mailConfigOf(e: MailEnv): MailConfig {
  return {
    worker: e.MAIL_WORKER,
    concurrency: e.MAIL_CONCURRENCY,
    companyConcurrency: Math.min(e.MAIL_PER_COMPANY, e.MAIL_CONCURRENCY),
    timeoutMs: e.MAIL_TIMEOUT_MS,
    retryFirstMs: e.MAIL_RETRY_FIRST_MS,
    attempts: e.MAIL_ATTEMPTS,
    pollMs: e.MAIL_POLL_MS,
  };
}
