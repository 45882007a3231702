import type { EstimateResult, ListData, Quote, QUOTE_SORT_FIELDS, RfqInput } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

export type QuoteFilters = {
  carrier_id?: number;
  forwarder_id?: number;
  pol_id?: number;
  to_id?: number;
  route_id?: number;
};

export type QuoteSort = { field?: (typeof QUOTE_SORT_FIELDS)[number]; order?: 'asc' | 'desc' };

/** The quote board (GET /quote): names in the request's language, sorted by field/order. */
export function useQuoteList(filters: QuoteFilters, sort: QuoteSort, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['quotes', filters, sort, page, size, i18n.language],
    queryFn: () => api.get<ListData<Quote>>('/quote', { ...filters, ...sort, page, size }),
    placeholderData: keepPreviousData,
  });
}

/** Prices container quantities on a quote (POST /quote/estimate); off while nothing is asked for. */
export function useEstimate(quoteId: number, items: { container_id: number; quantity: number }[]) {
  return useQuery({
    queryKey: ['quote-estimate', quoteId, items],
    queryFn: () => api.post<EstimateResult>('/quote/estimate', { quote_id: quoteId, items }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
  });
}

export const sendRfq = (input: RfqInput) => api.post<{ id: number }>('/system/send_rfq', input);
