import type { SiteConfig } from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** GET /api/system/config, loaded once at start (spec §4 "App start") and shared by every page. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: () => api.get<SiteConfig>('/system/config'),
    staleTime: Infinity,
    retry: 1,
  });
}
