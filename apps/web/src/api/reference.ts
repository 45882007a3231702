import {
  compareReferenceMatches,
  type ListData,
  type Locale,
  matchesReference,
  referenceOptionLabel,
} from '@freight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { queryKeys } from './query-keys';

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

export type ReferenceItem = {
  id: number;
  name: string;
  code?: string | null;
  name_en?: string;
  name_zh?: string;
  country_name?: string | null;
};

/**
 * A reference list for dropdowns (page 1, size 1000; countries on register use 200),
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
    queryKey: queryKeys.reference.list(kind, size, options.query ?? {}, language),
    queryFn: () => api.get<ListData<ReferenceItem>>(`/${kind}`, { page: 1, size, ...options.query }),
    staleTime: 10 * 60_000,
  });
}

/** Options for an Ant Design Select, searchable by label. */
export function toOptions(data: ListData<ReferenceItem> | undefined) {
  return (data?.lists ?? []).map((item) => ({ value: item.id, label: item.name }));
}

type SelectSearch = Pick<SelectProps<number>, 'options' | 'showSearch' | 'popupMatchSelectWidth'>;

/**
 * Options and search of a dropdown over a reference list. Ports and carriers are searched the way
 * the trade types them (code, Chinese and English names, in either UI language; the rule is the
 * contract's) with the best matches first, and each option shows its code and country; other lists
 * match their label.
 */
export function referenceSelectProps(
  kind: ReferenceKind,
  data: ListData<ReferenceItem> | undefined,
  locale: Locale,
): SelectSearch {
  if (kind !== 'port' && kind !== 'carrier')
    return { options: toOptions(data), showSearch: { optionFilterProp: 'label' } };
  const items = data?.lists ?? [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const itemOf = (option: { value?: unknown } | undefined) =>
    typeof option?.value === 'number' ? byId.get(option.value) : undefined;
  return {
    options: items.map((item) => ({ value: item.id, label: referenceOptionLabel(item, locale) })),
    // Wide enough for "汉堡 Hamburg · DEHAM · 德国" whatever the width of the box.
    popupMatchSelectWidth: 300,
    showSearch: {
      filterOption: (typed, option) => {
        const item = itemOf(option);
        return item ? matchesReference(item, typed) : false;
      },
      filterSort: (a, b, info) => {
        const [first, second] = [itemOf(a), itemOf(b)];
        return first && second ? compareReferenceMatches(first, second, info.searchValue) : 0;
      },
    },
  };
}
