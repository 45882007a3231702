import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** Queries asked for by the first load before their page rendered (app/preload.ts), and when. */
const prefetched = new WeakMap<object, number>();
const FRESH_MS = 10_000;

/** Asks for a page's data as the page loads; the page then uses the answer without asking again. */
export function prefetchFirstLoad<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  void queryClient.prefetchQuery(options);
  markFirstLoad(queryClient, options.queryKey);
}

/**
 * Counts a query as the first load's: asked for by it (above), or answered with the page's first
 * view rendered by the server (app/mount.tsx).
 */
export function markFirstLoad(queryClient: QueryClient, queryKey: QueryKey): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) prefetched.set(query, Date.now());
}

/**
 * `refetchOnMount` of a list that the first load may have asked for: not again in the first 10 s
 * after the first load asked (the page mounts seconds after on a slow phone) unless a change
 * invalidated it; otherwise as always (when stale).
 */
export function refetchUnlessPrefetched<T, D, K extends QueryKey>(query: Query<T, Error, D, K>): boolean {
  const askedAt = prefetched.get(query);
  return askedAt === undefined || query.state.isInvalidated || Date.now() - askedAt >= FRESH_MS;
}
