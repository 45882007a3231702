import type { ListData, Rate, RateInput, RateRow } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The filters of GET /rate, all optional; dates on the wire as YYYY-MM-DD. */
export type RateFilters = {
  from_id?: number;
  to_id?: number;
  carrier_id?: number;
  sdate?: string;
  edate?: string;
};

/** The forwarder's own rates, one page at a time; names come in the request's language. */
export function useRateList(filters: RateFilters, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.rates.list(filters, page, size, i18n.language),
    queryFn: () => api.get<ListData<RateRow>>('/rate', { ...filters, page, size }),
    placeholderData: keepPreviousData,
  });
}

export const fetchRate = (id: number) => api.get<Rate>(`/rate/${id}`);
export const createRate = (input: RateInput) => api.post<Rate>('/rate', input);
export const updateRate = (id: number, input: RateInput) => api.put<Rate>(`/rate/${id}`, input);
export const deleteRates = (ids: number[]) => api.delete<{ deleted: number }>('/rate', { ids });
