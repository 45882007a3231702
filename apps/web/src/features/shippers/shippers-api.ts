import type { ListData, Shipper } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The directory's filters (GET /shipper), all optional. */
export type ShipperFilters = {
  company?: string;
  business_id?: number;
  port_id?: number;
  route_id?: number;
};

export const SHIPPER_PAGE_SIZE = 10;

/** One page of listed forwarders; names and tags come in the request's language. */
export function useShipperList(filters: ShipperFilters, page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.shippers.list(filters, page, i18n.language),
    queryFn: () => api.get<ListData<Shipper>>('/shipper', { ...filters, page, size: SHIPPER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One forwarder's detail; the card's record is shown meanwhile and kept if the call fails. */
export function useShipperDetail(shipper: Shipper) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.shippers.one(shipper.id, i18n.language),
    queryFn: () => api.get<Shipper>(`/shipper/${shipper.id}`),
    placeholderData: shipper,
    retry: false,
  });
}
