import { authorityForPath, type UserInfo } from '@freight/contract';
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../api/client';
import { userInfoQuery } from './auth';
import { savedSiteConfig, siteConfigQuery } from './site-config';

/**
 * What a member's page needs as it opens, by path: the data it asks for first, then its script. Started
 * at once (main.tsx) instead of after the layout and the page have rendered one after the other,
 * each waiting for the one before (a round trip each on a slow link, issue 15). The scripts are the
 * same modules the router loads (app/router.tsx): imported here, they are ready when it asks.
 */
const PAGES: Record<string, (queryClient: QueryClient, language: string) => Promise<void>> = {
  '/quotes': async (queryClient, language) => {
    void import('../features/quotes/quotes-page');
    (await import('../features/quotes/quotes-api')).prefetchQuoteBoard(queryClient, language);
  },
  '/bookings': async (queryClient, language) => {
    void import('../features/bookings/bookings-page');
    (await import('../features/bookings/bookings-api')).prefetchBookingList(queryClient, 'member', language);
  },
  '/received-bookings': async (queryClient, language) => {
    void import('../features/bookings/bookings-page');
    (await import('../features/bookings/bookings-api')).prefetchBookingList(
      queryClient,
      'forwarder',
      language,
    );
  },
};

/**
 * With a session: the configuration and the user info, shown at once from the last page's copies
 * (then asked again, and replaced by the answers), the main layout, and the page of `pathname`.
 * The page's data is only asked for if the user may see it (the user info of the last page says so;
 * the server decides in any case). Settles once every request is out (main.tsx then runs the app).
 */
export async function preloadFirstPage(
  queryClient: QueryClient,
  pathname: string,
  language: string,
): Promise<void> {
  const token = session.token;
  if (!token) return;
  const config = savedSiteConfig();
  if (config) queryClient.setQueryData(siteConfigQuery().queryKey, config, { updatedAt: 0 });
  void queryClient.prefetchQuery({ ...siteConfigQuery(), staleTime: 0 });
  const user = session.userInfo as UserInfo | undefined;
  if (user) queryClient.setQueryData(userInfoQuery(token).queryKey, user, { updatedAt: 0 });
  void queryClient.prefetchQuery({ ...userInfoQuery(token), staleTime: 0 });
  const path = pathname === '/' ? '/quotes' : pathname;
  // A page the last user info holds no authority for is not asked for: the app sends the person
  // elsewhere, and the request only earned a 403 (a viewer's /received-bookings).
  const needed = authorityForPath(path);
  if (needed && Array.isArray(user?.authorities) && !user.authorities.includes(needed)) return;
  // The data first: the page's and the layout's scripts (Ant Design) take long to run, and a
  // request asked for after them waited for them (issue 15).
  await PAGES[path]?.(queryClient, language);
  void import('./main-layout');
}
