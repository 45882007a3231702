import type { ActivityKind, ActivityReply } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, saveDownload } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The page's filters, as the contract's activityQuery names them (days in UTC, inclusive). */
export type ActivityFilters = {
  person_id?: number | undefined;
  kind?: ActivityKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

function queryOf(filters: ActivityFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query[key] = String(value);
  return query;
}

/** A page of the company's activity trail, newest first, with the people in it (the person filter). */
export function useActivity(filters: ActivityFilters, page: number, size: number) {
  return useQuery({
    queryKey: queryKeys.activity.list(filters, page, size),
    queryFn: () => api.get<ActivityReply>('/activity', { ...queryOf(filters), page, page_size: size }),
    placeholderData: keepPreviousData,
  });
}

/** The filtered trail as .xlsx (the server caps its rows), headers in the page's language. */
export function exportActivity(filters: ActivityFilters) {
  const query = new URLSearchParams(queryOf(filters)).toString();
  return saveDownload(`/activity/export${query ? `?${query}` : ''}`, 'activity.xlsx');
}
