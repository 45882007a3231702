import './strings';
import type {
  BookingDetail,
  BookingDocking,
  BookingDocument,
  BookingForm,
  BookingInput,
  BookingParty,
  BookingQuery,
  BookingRow,
  BookingShipment,
  ListData,
  ReasonInput,
  ReleaseInput,
  ShipInput,
  ShipmentInput,
} from '@freight/contract';
import { BOOKING_PAGE_SIZE } from '@freight/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, saveDownload } from '../../api/client';
import { prefetchFirstLoad, refetchUnlessPrefetched } from '../../api/first-load';
import { queryKeys } from '../../api/query-keys';

/** The list filters of GET /order and /forwarder/order (contract bookingQuery without paging). */
export type BookingFilters = Partial<Omit<BookingQuery, 'page' | 'size'>>;

/** The member's calls live under /order, the forwarder's under /forwarder/order. */
export const listPath = (party: BookingParty) => (party === 'member' ? '/order' : '/forwarder/order');

/** One page of bookings (the member's own, or those addressed to the forwarder). */
export function useBookingList(party: BookingParty, filters: BookingFilters, page: number, size: number) {
  const { i18n } = useTranslation();
  return useQuery({
    ...bookingListQuery(party, filters, page, size, i18n.language),
    placeholderData: keepPreviousData,
    refetchOnMount: refetchUnlessPrefetched,
  });
}

function bookingListQuery(
  party: BookingParty,
  filters: BookingFilters,
  page: number,
  size: number,
  language: string,
) {
  return queryOptions({
    queryKey: queryKeys.bookings.list(party, filters, page, size, language),
    queryFn: () => api.get<ListData<BookingRow>>(listPath(party), { ...filters, page, size }),
  });
}

/**
 * Starts what a list of bookings asks for as it opens, while its scripts still load (first load,
 * ): the first page without filters. The ports of its filter wait for the page
 * (ReferenceSelect).
 */
export function prefetchBookingList(queryClient: QueryClient, party: BookingParty, language: string): void {
  prefetchFirstLoad(queryClient, bookingListQuery(party, {}, 1, BOOKING_PAGE_SIZE, language));
}

/** A booking's detail with its timeline, documents and the viewer's actions (no call without an id). */
export function useBookingDetail(party: BookingParty, id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.bookings.detail(party, id, i18n.language),
    queryFn: () => api.get<BookingDetail>(`${listPath(party)}/${id}`),
    enabled: id !== undefined,
    retry: false,
  });
}

/** The liaison information: the forwarder's handling contact and the vessel schedule (member only). */
export function useDocking(id: number, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.bookings.docking(id, i18n.language),
    queryFn: () => api.get<BookingDocking>(`/order/docking/${id}`),
    enabled,
    retry: false,
  });
}

/** The shipping-instructions form data (member only). */
export function useShipment(id: number, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.bookings.shipment(id, i18n.language),
    queryFn: () => api.get<BookingShipment>(`/order/shipment/${id}`),
    enabled,
    retry: false,
  });
}

/** The filtered list as .xlsx, saved under the server's file name. */
export function exportBookings(party: BookingParty, filters: BookingFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.append(key, String(value));
  const query = params.toString();
  return saveDownload(`${listPath(party)}/export${query ? `?${query}` : ''}`, 'bookings.xlsx');
}

export const fetchBookingForm = (id: number) => api.get<BookingForm>(`/order/booking/${id}`);
/** Saves a draft; with `submit`, saves it and sends it to the forwarder in one transaction. */
const submitParam = (submit: boolean) => (submit ? '?submit=true' : '');
export const createBooking = (input: BookingInput, submit = false) =>
  api.post<BookingDetail>(`/order/booking${submitParam(submit)}`, input);
export const updateBooking = (id: number, input: BookingInput, submit = false) =>
  api.put<BookingDetail>(`/order/booking/${id}${submitParam(submit)}`, input);
export const submitBooking = (id: number) => api.post<BookingDetail>(`/order/${id}/submit`);
export const copyBooking = (id: number) => api.post<BookingDetail>(`/order/${id}/copy`);
export const cancelBooking = (id: number, input: ReasonInput) =>
  api.post<BookingDetail>(`/order/${id}/cancel`, input);
export const submitShipment = (id: number, input: ShipmentInput) =>
  api.put<BookingDetail>(`/order/shipment/${id}`, input);

/** The forwarder's status changes (contract BOOKING_ACTIONS by 'forwarder'). */
export type ForwarderCall =
  | { action: 'accept' }
  | { action: 'release'; body: ReleaseInput }
  | { action: 'confirm_si'; body: { reason?: string } }
  | { action: 'ship'; body: ShipInput }
  | { action: 'void'; body: ReasonInput };

export function forwarderAction(id: number, call: ForwarderCall) {
  const segment = call.action === 'confirm_si' ? 'confirm-si' : call.action;
  return api.post<BookingDetail>(`/forwarder/order/${id}/${segment}`, 'body' in call ? call.body : undefined);
}

/** Uploads one document of a booking (multipart POST /attachment). */
export function uploadDocument(orderId: number, file: File, documentType: string, description: string) {
  const form = new FormData();
  form.append('order_id', String(orderId));
  form.append('document_type', documentType);
  form.append('description', description);
  form.append('file', file);
  return api.request<{ file: BookingDocument }>('POST', '/attachment', { body: form });
}

export const deleteDocument = (id: number) => api.delete<{ deleted: number }>(`/document/${id}`);
/** Downloads a document with the Bearer header (a plain link would carry no token). */
export const downloadDocument = (document: BookingDocument) =>
  saveDownload(`/document/download/${document.id}`, document.file_name);
export const deleteBooking = (id: number) => api.delete<{ deleted: number }>(`/order/${id}`);
