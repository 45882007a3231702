import './strings';
import type {
  ListData,
  ReceivedRfq,
  RfqAnswerInput,
  RfqRecord,
  RfqStatus,
  RfqStatusInput,
} from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** One page of the RFQs sent to the forwarder, of one status or all; names in the page's language. */
export function useReceivedRfqs(status: RfqStatus | undefined, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.receivedRfqs.list(status, page, size, i18n.language),
    queryFn: () => api.get<ListData<ReceivedRfq>>('/forwarder/rfq', { status, page, size }),
    placeholderData: keepPreviousData,
  });
}

/** One RFQ sent to the forwarder (no call without an id). */
export function useReceivedRfq(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.receivedRfqs.detail(id, i18n.language),
    queryFn: () => api.get<ReceivedRfq>(`/forwarder/rfq/${id}`),
    enabled: id !== undefined,
    retry: false,
  });
}

export const markRfq = (id: number, input: RfqStatusInput) =>
  api.put<ReceivedRfq>(`/forwarder/rfq/${id}/status`, input);

/** Answers an RFQ sent to the forwarder in the portal (prices, validity, remarks). */
export const answerRfq = (id: number, input: RfqAnswerInput) =>
  api.put<ReceivedRfq>(`/forwarder/rfq/${id}/answer`, input);

/** One page of the RFQs the member sent ("My RFQs"), names in the page's language. */
export function useMyRfqs(page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.myRfqs.list(page, size, i18n.language),
    queryFn: () => api.get<ListData<RfqRecord>>('/rfq', { direction: 'sent', page, size }),
    placeholderData: keepPreviousData,
  });
}

/** One RFQ the member sent, with the forwarder's answer (no call without an id). */
export function useMyRfq(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.myRfqs.detail(id, i18n.language),
    queryFn: () => api.get<RfqRecord>(`/rfq/${id}`),
    enabled: id !== undefined,
    retry: false,
  });
}
