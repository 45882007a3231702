import type { FastifyBaseLogger } from 'fastify';

/**
 * Failures that do not fail the request at hand, so nobody would see them: a background refresh of
 * the quote board that failed, the closed-site gate unable to read the configuration, a stored
 * password hash argon2 cannot read (it would look like a wrong password). Each is logged at error
 * level and counted; GET /api/metrics reports the counts (`app_incidents_total{kind}`).
 */
export const INCIDENT_KINDS = [
  'quote_board_refresh',
  'quote_board_version',
  'site_config_read',
  'password_hash_unreadable',
] as const;
type IncidentKind = (typeof INCIDENT_KINDS)[number];

const counts = new Map<IncidentKind, number>();

export function reportIncident(
  log: FastifyBaseLogger,
  kind: IncidentKind,
  error: unknown,
  message: string,
): void {
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  log.error({ err: error, incident: kind }, message);
}

/** How many incidents of each kind this process has seen. */
export function incidentCount(kind: IncidentKind): number {
  return counts.get(kind) ?? 0;
}
