import './strings';
import type { ListData, ReceivedRfq, RfqStatus, RfqStatusInput } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

export const RECEIVED_RFQS_KEY = 'received-rfqs';

/** One page of the RFQs sent to the forwarder, of one status or all; names in the page's language. */
export function useReceivedRfqs(status: RfqStatus | undefined, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [RECEIVED_RFQS_KEY, 'list', status, page, size, i18n.language],
    queryFn: () => api.get<ListData<ReceivedRfq>>('/forwarder/rfq', { status, page, size }),
    placeholderData: keepPreviousData,
  });
}

/** One RFQ sent to the forwarder (no call without an id). */
export function useReceivedRfq(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [RECEIVED_RFQS_KEY, 'detail', id, i18n.language],
    queryFn: () => api.get<ReceivedRfq>(`/forwarder/rfq/${id}`),
    enabled: id !== undefined,
    retry: false,
  });
}

export const markRfq = (id: number, input: RfqStatusInput) =>
  api.put<ReceivedRfq>(`/forwarder/rfq/${id}/status`, input);
