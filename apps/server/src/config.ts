import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF_LIMITS } from '@freight/contract';
import { z } from 'zod';
import { mailConfigOf, mailEnv, type MailConfig } from './config-mail.js';
import { deploymentKey } from './platform/deployment-key.js';

/** The repository root (apps/server/src|dist → ../../..), used for default paths. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, with its default. The configuration page's
 * (docs/configuration.md) table mirrors this list; keep the two together.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_OPTIMIZE: boolText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  PAGE_RENDER: boolText.default(true),
  PAGE_RENDER_DEADLINE_MS: z.coerce.number().int().min(1).max(60_000).default(1500),
  PAGE_RENDER_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(1).max(60_000).default(100),
  TRUST_PROXY: boolText.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Freight Portal <no-reply@localhost>'),
  SEED_DEMO: boolText.optional(),
  CAPTCHA_FIXED: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}$/, { error: 'must be 1 to 10 letters or digits' })
    .optional(),
  TEST_HOLD_AT: z
    .string()
    .regex(/^[a-z-]{1,40}$/, { error: 'must be the name of a hold point' })
    .optional(),
  ALTCHA_HMAC_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, { error: 'must be 32 to 200 printable characters without spaces' })
    .optional(),
  UNSUBSCRIBE_HMAC_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, { error: 'must be 32 to 200 printable characters without spaces' })
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  SESSION_RENEW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24)
    .default(15),
  SESSION_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, {
          error: 'must list origins like https://portal.example.com, separated by commas',
        }),
      ),
    )
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, { error: 'must be an http:// or https:// URL without a query' })
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, { error: 'must be 16 to 200 printable characters without spaces' })
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/, { error: 'must be an http:// or https:// URL without a path' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a valid bucket name' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region such as us-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolText.default(false),
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, { error: 'must be 32 to 200 printable characters without spaces' })
    .optional(),
  WEBHOOKS_ALLOW_PRIVATE: boolText.default(false),
  WEBHOOK_WORKER: boolText.default(true),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  WEBHOOK_PER_COMPANY: z.coerce.number().int().min(1).max(256).default(4),
  WEBHOOK_RETRY_FIRST_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  WEBHOOK_CIRCUIT_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  ...mailEnv,
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  PDF_PER_COMPANY: z.coerce.number().int().min(1).max(64).default(PDF_LIMITS.perCompany),
  PDF_QUEUE_PER_COMPANY: z.coerce.number().int().min(0).max(1000).default(PDF_LIMITS.waitingPerCompany),
  PDF_QUEUE: z.coerce.number().int().min(0).max(10_000).default(PDF_LIMITS.waiting),
  PDF_MAX_PAGES: z.coerce.number().int().min(1).max(PDF_LIMITS.maxPages).default(PDF_LIMITS.maxPages),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** The embedded database's hot code compiled by V8's optimizing tier (faster, ~60 MB more memory). */
  pgliteOptimize: boolean;
  logLevel: string;
  webDist: string;
  /** Member pages sent with their first view rendered (the web's dist-ssr entry). */
  pageRender: boolean;
  /** A first view not rendered by then is not waited for: the plain page goes. */
  pageRenderDeadlineMs: number;
  /** The event loop's mean delay over the last second above which pages go plain (the API first). */
  pageRenderMaxLoopDelayMs: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** On SIGTERM: how long the instance keeps serving (readiness 503, Connection: close) before it closes. */
  shutdownDrainMs: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo members, contacts, rates and bookings on a new database. */
  seedDemo: boolean;
  /** For automated tests only: every captcha answers this code. Refused in production. */
  captchaFixed: string | undefined;
  /** For the fault tests only: the transaction hold point to stop at (platform/test-hold.ts). */
  testHoldAt: string | undefined;
  /**
   * Signs the proof-of-work challenges (ALTCHA): made from ALTCHA_HMAC_KEY and the public address,
   * so every instance of the deployment has the same one and no other deployment does. The secret
   * is generated per process when unset outside production.
   */
  altchaHmacKey: string;
  /**
   * Signs the one-click unsubscribe links of notification mails; every instance needs the same one,
   * and links stay valid while it does. Made from UNSUBSCRIBE_HMAC_KEY (unset: from the
   * proof-of-work secret) and the public address, like altchaHmacKey.
   */
  unsubscribeHmacKey: string;
  session: { idleMs: number; maxMs: number; renewAfterMs: number; graceMs: number };
  /** Browser origins allowed to call the API cross-origin; empty: CORS closed. */
  corsOrigins: string[];
  /** Requests per minute and client address to the API; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** the address people reach the portal at, for links in mails (no trailing slash) */
  publicUrl: string;
  /** Bearer token of GET /api/metrics; unset: no metrics endpoint. */
  metricsToken: string | undefined;
  /** Uploaded files in an S3-compatible bucket instead of DATA_DIR/files. */
  s3: S3Config | undefined;
  webhooks: WebhookConfig;
  mail: MailConfig;
  pdf: PdfConfig;
};

/** The PDF documents' worker threads and queue (modules/documents-pdf/documents.ts). */
type PdfConfig = {
  /** worker threads; unset: one per core, at most two */
  workers: number | undefined;
  /** documents of one company made at once */
  perCompany: number;
  /** documents of one company waiting for a worker (more: 429) */
  waitingPerCompany: number;
  /** documents waiting in all (more: 503) */
  waiting: number;
  /** pages a document may have (at most PDF_LIMITS.maxPages) */
  maxPages: number;
};

export type WebhookConfig = {
  /** Encrypts the endpoints' signing secrets at rest (AES-256-GCM, key = SHA-256 of this). */
  secretKey: string;
  /** For tests only: endpoints on private, loopback and link-local addresses (and plain http). */
  allowPrivate: boolean;
  /** HTTPS only (production). */
  httpsOnly: boolean;
  timeoutMs: number;
  /** Whether this instance sends the outbox (off: it only writes it; another instance sends). */
  worker: boolean;
  /** Deliveries in flight per instance. */
  concurrency: number;
  /** Deliveries of one company in flight per instance (at most `concurrency`). */
  companyConcurrency: number;
  /** The first retry's delay; it doubles per attempt up to an hour, for 24 hours. */
  retryFirstMs: number;
  /** How often an idle worker looks for due deliveries. */
  pollMs: number;
  /** How long an endpoint's circuit first stays open; it doubles per failed probe up to an hour. */
  circuitOpenMs: number;
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (environment, instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type { MailConfig };

export class ConfigError extends Error {}

/** Variables whose value never appears in an error message. */
const SECRET_NAMES = new Set([
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'ALTCHA_HMAC_KEY',
  'WEBHOOK_SECRET_KEY',
]);

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SECRET_NAMES.has(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
      return `${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = result.data;
  if (e.CAPTCHA_FIXED && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: CAPTCHA_FIXED is for automated tests and is refused when NODE_ENV=production',
    );
  }
  if (e.TEST_HOLD_AT && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration: TEST_HOLD_AT stops transactions and is accepted only when NODE_ENV=test',
    );
  }
  // Instances behind one balancer must accept each other's challenges: a key per process would not.
  if (!e.ALTCHA_HMAC_KEY && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: ALTCHA_HMAC_KEY is required when NODE_ENV=production (e.g. openssl rand -hex 32), the same on every instance',
    );
  }
  // The demo accounts' passwords are published in the README: never in production.
  if (e.SEED_DEMO === true && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: SEED_DEMO=true creates accounts with published passwords and is refused when NODE_ENV=production',
    );
  }
  // Endpoints on private networks would let a company probe the portal's own network (SSRF).
  if (e.WEBHOOKS_ALLOW_PRIVATE && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: WEBHOOKS_ALLOW_PRIVATE=true lets webhooks reach private networks and is refused when NODE_ENV=production',
    );
  }
  // Every instance must decrypt the secrets every other one stored, after any restart.
  if (!e.WEBHOOK_SECRET_KEY && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: WEBHOOK_SECRET_KEY is required when NODE_ENV=production (e.g. openssl rand -hex 32), the same on every instance',
    );
  }
  const s3Names = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Stray = s3Names.filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && s3Stray.length > 0) {
    throw new ConfigError(`Invalid configuration: ${s3Stray.join(', ')} given without S3_BUCKET`);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the default credential chain)',
    );
  }
  const altchaSecret = e.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('hex');
  // Where mails' links point; behind a proxy, the address people use (https://portal.example.com).
  const publicUrl = (
    e.PUBLIC_URL ??
    `http://${['0.0.0.0', '::', '127.0.0.1'].includes(e.HOST) ? 'localhost' : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteOptimize: e.PGLITE_OPTIMIZE,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    pageRender: e.PAGE_RENDER,
    pageRenderDeadlineMs: e.PAGE_RENDER_DEADLINE_MS,
    pageRenderMaxLoopDelayMs: e.PAGE_RENDER_MAX_LOOP_DELAY_MS,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    captchaFixed: e.CAPTCHA_FIXED,
    testHoldAt: e.TEST_HOLD_AT,
    // Both bound to this deployment's address: another portal given the same secret signs otherwise.
    altchaHmacKey: deploymentKey(altchaSecret, publicUrl, 'proof-of-work challenges'),
    // Unset: derived from the proof-of-work key (required in production, the same on every instance).
    unsubscribeHmacKey: deploymentKey(
      e.UNSUBSCRIBE_HMAC_KEY ?? createHmac('sha256', altchaSecret).update('unsubscribe links').digest('hex'),
      publicUrl,
      'unsubscribe links',
    ),
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxMs: e.SESSION_MAX_HOURS * 3_600_000,
      renewAfterMs: e.SESSION_RENEW_MINUTES * 60_000,
      graceMs: e.SESSION_GRACE_SECONDS * 1000,
    },
    corsOrigins: e.CORS_ORIGINS ?? [],
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    publicUrl,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    webhooks: {
      // Outside production a fixed development key, so that a restart still reads its secrets.
      secretKey: e.WEBHOOK_SECRET_KEY ?? 'development-only-webhook-secret-key-not-for-production',
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
      httpsOnly: e.NODE_ENV === 'production',
      worker: e.WEBHOOK_WORKER,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      companyConcurrency: Math.min(e.WEBHOOK_PER_COMPANY, e.WEBHOOK_CONCURRENCY),
      retryFirstMs: e.WEBHOOK_RETRY_FIRST_MS,
      pollMs: e.WEBHOOK_POLL_MS,
      circuitOpenMs: e.WEBHOOK_CIRCUIT_MS,
    },
    mail: mailConfigOf(e),
    pdf: {
      workers: e.PDF_WORKERS,
      perCompany: e.PDF_PER_COMPANY,
      waitingPerCompany: e.PDF_QUEUE_PER_COMPANY,
      waiting: e.PDF_QUEUE,
      maxPages: e.PDF_MAX_PAGES,
    },
  };
}
