import type { ListData } from '@freight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';

export type ReferenceKind =
  | 'country'
  | 'port'
  | 'carrier'
  | 'container'
  | 'currency'
  | 'charge'
  | 'industry'
  | 'business'
  | 'route'
  | 'unit'
  | 'forwarder';

export type ReferenceItem = { id: number; name: string; code?: string | null };

/**
 * A reference list for dropdowns (spec §7: page 1, size 1000; countries on register use 200),
 * cached per language because names come in the request's language.
 */
export function useReferenceList(
  kind: ReferenceKind,
  options: { size?: number; query?: Record<string, string | number>; enabled?: boolean } = {},
) {
  const { i18n } = useTranslation();
  return useQuery({
    ...referenceQuery(kind, i18n.language, options),
    enabled: options.enabled ?? true,
  });
}

/** The query of a reference list in a language (shared with the first load's prefetch, app/preload.ts). */
export function referenceQuery(
  kind: ReferenceKind,
  language: string,
  options: { size?: number; query?: Record<string, string | number> } = {},
) {
  const size = options.size ?? 1000;
  return queryOptions({
    queryKey: ['reference', kind, size, options.query ?? {}, language],
    queryFn: () => api.get<ListData<ReferenceItem>>(`/${kind}`, { page: 1, size, ...options.query }),
    staleTime: 10 * 60_000,
  });
}

/** Options for an Ant Design Select, searchable by label. */
export function toOptions(data: ListData<ReferenceItem> | undefined) {
  return (data?.lists ?? []).map((item) => ({ value: item.id, label: item.name }));
}
