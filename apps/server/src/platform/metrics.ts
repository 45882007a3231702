import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db.js';
import { AppError } from './errors.js';
import { INCIDENT_KINDS, incidentCount } from './incidents.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the bearer token in constant time (both sides hashed to the same length first). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

function postgresPool(database: Database): pg.Pool | undefined {
  if (database.kind !== 'postgres') return undefined;
  return (database.db as unknown as { $client: pg.Pool }).$client;
}

/**
 * GET /api/metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN: requests
 * and their latency by route pattern, method and status; the PostgreSQL pool; the event loop's
 * delay and the default process metrics. Each app has its own registry.
 */
export function registerMetrics(app: FastifyInstance, options: { token: string; database: Database }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // The pattern (/api/rate/:id), never the raw URL: one series per route, not per id.
      route: request.routeOptions.url ?? '(unmatched)',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  new Counter({
    name: 'app_incidents_total',
    help: 'Failures that did not fail a request (background refreshes, unreadable hashes), by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const kind of INCIDENT_KINDS) this.inc({ kind }, incidentCount(kind));
    },
  });

  const pool = postgresPool(options.database);
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('db_pool_clients', 'PostgreSQL connections open in the pool', (p) => p.totalCount);
    poolGauge('db_pool_idle_clients', 'PostgreSQL connections open and idle', (p) => p.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a free connection', (p) => p.waitingCount);
    poolGauge('db_pool_max_clients', 'Most connections the pool opens', (p) => p.options.max ?? 10);
  }

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, options.token)) {
      throw new AppError(401, 'errors.unauthorized', {}, [], { 'www-authenticate': 'Bearer' });
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
