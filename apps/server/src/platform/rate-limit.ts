import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from './errors.js';

/** Health checks and the metrics scrape are never limited: an orchestrator must always reach them. */
const UNLIMITED = new Set(['/api/health', '/api/live', '/api/ready', '/api/metrics']);

/** Only the API counts: static assets, the SPA's pages and version.json are served freely. */
function isRateLimited(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/api/') && !UNLIMITED.has(pathname);
}

/**
 * The global limit per client address (request.ip, which honours TRUST_PROXY): RATE_LIMIT_PER_MINUTE
 * API requests a minute, counted in Redis when REDIS_URL is set so that every instance shares them.
 * A client over the limit gets 429 with Retry-After and the envelope. Returns the limiter as a hook
 * for handlers that are not routes (the not-found handler), or undefined when the limit is off.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
): Promise<preHandlerAsyncHookHandler | undefined> {
  if (config.rateLimitPerMinute === 0) return undefined;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 2_000 });
    client.on('error', () => undefined); // a failing count lets the request through (skipOnError)
    app.addHook('onClose', async () => {
      await client.quit().catch(() => undefined);
    });
    redis = client;
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'portal:rate:' } : {}),
    // The limit protects the service; an unreachable Redis must not take the whole API down.
    skipOnError: true,
    allowList: (request) => !isRateLimited(request.url),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, 'errors.tooManyRequests', { count: seconds }, [], {
        'retry-after': String(seconds),
      });
    },
  });
  return app.rateLimit();
}
