import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { reportIncident } from '../../platform/incidents.js';
import { getSiteConfig } from './service.js';

/** How long an instance trusts what it read of app_close: the admin CLI's switch applies within this. */
const CLOSED_STATE_TTL_MS = 5_000;

/** What the page needs while the site is closed, and what operators need whatever the state. */
const OPEN_WHILE_CLOSED = new Set([
  '/api/system/config',
  '/api/health',
  '/api/ready',
  '/api/metrics',
  '/api/openapi.json',
]);

type ClosedState = { closed: boolean; tips: string; until: number };

/**
 * While the site configuration marks the app as closed, only the maintenance page shows.
 * The pages do that; this keeps the API closed too (503 with the close message), so that nothing
 * can be read or changed behind the maintenance page. Each instance reads the switch at most every
 * CLOSED_STATE_TTL_MS; `refresh()` reads it at once.
 */
export function closedGate(app: FastifyInstance) {
  let state: ClosedState = { closed: false, tips: '', until: 0 };
  let reading: Promise<ClosedState> | undefined;

  const refresh = async (): Promise<ClosedState> => {
    reading ??= getSiteConfig({ db: app.deps.db, log: app.log })
      .then((config) => ({
        closed: config.app_close,
        tips: config.app_close_tips,
        until: Date.now() + CLOSED_STATE_TTL_MS,
      }))
      // An unreachable database does not close the site: the route answers for itself (503). The
      // gate keeps its last reading for a second, and says so.
      .catch((error: unknown) => {
        reportIncident(
          app.log,
          'site_config_read',
          error,
          'the closed-site gate could not read the site configuration',
        );
        return { ...state, until: Date.now() + 1_000 };
      })
      .finally(() => {
        reading = undefined;
      });
    state = await reading;
    return state;
  };

  const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
    if (OPEN_WHILE_CLOSED.has(request.routeOptions.url ?? '')) return;
    const current = Date.now() < state.until ? state : await refresh();
    if (!current.closed) return;
    throw current.tips
      ? new AppError(503, 'errors.siteClosed', { tips: current.tips })
      : new AppError(503, 'config.closeTips');
  };
  return { hook, refresh };
}
