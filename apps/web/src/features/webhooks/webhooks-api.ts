import type {
  ListData,
  WebhookCreated,
  WebhookDeliveryRow,
  WebhookEndpointBody,
  WebhookEndpointRow,
} from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.all,
    queryFn: () => api.get<WebhookEndpointRow[]>('/webhooks'),
  });
}

/** An endpoint's delivery log, newest first; refreshed while deliveries are pending. */
export function useDeliveries(id: number, page: number, size: number) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id, page, size),
    queryFn: () => api.get<ListData<WebhookDeliveryRow>>(`/webhooks/${id}/deliveries`, { page, size }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.lists.some((row) => row.status === 'pending') ? 3000 : false,
  });
}

export const createWebhook = (body: WebhookEndpointBody) => api.post<WebhookCreated>('/webhooks', body);
export const updateWebhook = (id: number, body: WebhookEndpointBody) =>
  api.put<WebhookEndpointRow>(`/webhooks/${id}`, body);
export const rotateSecret = (id: number) => api.post<{ secret: string }>(`/webhooks/${id}/secret`);
export const sendTest = (id: number) => api.post<WebhookDeliveryRow>(`/webhooks/${id}/test`);
export const deleteWebhook = (id: number) => api.delete<null>(`/webhooks/${id}`);
