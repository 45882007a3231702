import type { EstimateResult, ListData, Quote, QUOTE_SORT_FIELDS, RfqInput } from '@freight/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { prefetchFirstLoad, refetchUnlessPrefetched } from '../../api/first-load';
import { referenceQuery } from '../../api/reference';
import { queryKeys } from '../../api/query-keys';

export type QuoteFilters = {
  carrier_id?: number;
  forwarder_id?: number;
  pol_id?: number;
  to_id?: number;
  route_id?: number;
};

/** The board's order: a field, or (field `price`) the price of one container type. */
export type QuoteSort = {
  field?: (typeof QUOTE_SORT_FIELDS)[number];
  order?: 'asc' | 'desc';
  container_id?: number;
};

/** The quote board (GET /quote): names in the request's language, sorted by field/order. */
export function useQuoteList(filters: QuoteFilters, sort: QuoteSort, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    ...quoteListQuery(filters, sort, page, size, i18n.language),
    placeholderData: keepPreviousData,
    refetchOnMount: refetchUnlessPrefetched,
  });
}

function quoteListQuery(
  filters: QuoteFilters,
  sort: QuoteSort,
  page: number,
  size: number,
  language: string,
) {
  return queryOptions({
    queryKey: queryKeys.quotes.list(filters, sort, page, size, language),
    queryFn: () => api.get<ListData<Quote>>('/quote', { ...filters, ...sort, page, size }),
  });
}

/** The board's page size as the page opens. */
export const QUOTE_PAGE_SIZE = 50;

/**
 * Starts what the quotes page asks for as it opens, while its scripts still load (first load,
 * ): the board's first page and the container types of its price columns. Its filters' lists
 * wait for the page (ReferenceSelect): on a slow link they shared it with what the page paints.
 */
export function prefetchQuoteBoard(queryClient: QueryClient, language: string): void {
  prefetchFirstLoad(queryClient, quoteListQuery({}, {}, 1, QUOTE_PAGE_SIZE, language));
  // The table's columns; the filters' lists load once the page is up (ReferenceSelect).
  void queryClient.prefetchQuery(referenceQuery('container', language));
}

/** Prices container quantities on a quote (POST /quote/estimate); off while nothing is asked for. */
export function useEstimate(quoteId: number, items: { container_id: number; quantity: number }[]) {
  return useQuery({
    queryKey: queryKeys.quotes.estimate(quoteId, items),
    queryFn: () => api.post<EstimateResult>('/quote/estimate', { quote_id: quoteId, items }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
  });
}

export const sendRfq = (input: RfqInput) => api.post<{ id: number }>('/system/send_rfq', input);
