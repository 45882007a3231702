import type { ListData } from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { toOptions, type ReferenceItem } from '../../api/reference';
import { queryKeys } from '../../api/query-keys';

/** Countries load 200 at a time; ISO 3166 has more. */
const PAGE_SIZE = 200;

/** Every country for the company forms, fetched in pages of 200 until the total is reached. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.reference.countries(i18n.language),
    queryFn: async () => {
      const first = await api.get<ListData<ReferenceItem>>('/country', { page: 1, size: PAGE_SIZE });
      const lists = [...first.lists];
      for (let page = 2; lists.length < first.total && page <= 10; page += 1) {
        const next = await api.get<ListData<ReferenceItem>>('/country', { page, size: PAGE_SIZE });
        if (next.lists.length === 0) break;
        lists.push(...next.lists);
      }
      return { lists, total: first.total };
    },
    staleTime: 10 * 60_000,
  });
  return { ...query, options: toOptions(query.data) };
}
