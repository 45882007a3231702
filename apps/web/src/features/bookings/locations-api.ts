import type { ListData, LocationItem } from '@freight/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET /location: the ports and inland points matching what was typed (a screenful, best first). */
export function searchLocations(keyword: string): Promise<ListData<LocationItem>> {
  return api.get<ListData<LocationItem>>('/location', { keyword, page: 1, size: 20 });
}

/** The search as a query, cached per keyword and language (names come in the request's language). */
export function locationsQuery(keyword: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.reference.locations(keyword, language),
    queryFn: () => searchLocations(keyword),
    staleTime: 10 * 60_000,
  });
}
