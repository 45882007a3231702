import type { SiteConfig } from '@freight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { setDisplayTimeZone } from './time-zone';
import { queryKeys } from '../api/query-keys';

const SAVED_CONFIG = 'site_config';

/**
 * GET /api/system/config, loaded once at start and shared by every page. The
 * last answer is kept in local storage: a page opened again paints with it while it is asked again
 * (app/preload.ts).
 */
export function siteConfigQuery() {
  return queryOptions({
    queryKey: queryKeys.siteConfig,
    queryFn: async () => {
      const config = await api.get<SiteConfig>('/system/config');
      setDisplayTimeZone(config.time_zone);
      try {
        localStorage.setItem(SAVED_CONFIG, JSON.stringify(config));
      } catch {
        // storage may be disabled or full: the next page asks again
      }
      return config;
    },
    staleTime: Infinity,
    retry: 1,
  });
}

/** The configuration kept by the last page, if any. */
export function savedSiteConfig(): SiteConfig | undefined {
  try {
    const saved =
      (JSON.parse(localStorage.getItem(SAVED_CONFIG) ?? 'null') as SiteConfig | null) ?? undefined;
    setDisplayTimeZone(saved?.time_zone);
    return saved;
  } catch {
    return undefined;
  }
}

export function useSiteConfig() {
  return useQuery(siteConfigQuery());
}
