import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (apps/server/src|dist → ../../..), used for default paths. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, with its default. The README's configuration
 * table mirrors this list; keep the two together.
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: boolText.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
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
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Demo members, contacts, rates and bookings on a new database. */
  seedDemo: boolean;
  /** For automated tests only: every captcha answers this code. Refused in production. */
  captchaFixed: string | undefined;
  session: { idleMs: number; maxMs: number; renewAfterMs: number; graceMs: number };
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = result.data;
  if (e.CAPTCHA_FIXED && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: CAPTCHA_FIXED is for automated tests and is refused when NODE_ENV=production',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    captchaFixed: e.CAPTCHA_FIXED,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxMs: e.SESSION_MAX_HOURS * 3_600_000,
      renewAfterMs: e.SESSION_RENEW_MINUTES * 60_000,
      graceMs: e.SESSION_GRACE_SECONDS * 1000,
    },
  };
}
