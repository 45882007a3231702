import { authorityForPath, type UserInfo } from '@freight/contract';
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../api/client';
import { userInfoQuery } from './auth';
import { savedSiteConfig, siteConfigQuery } from './site-config';

/**
 * What a member's page needs as it opens, by path: its script and the module asking for its first
 * data. Started at once (main.tsx) instead of after the layout and the page have rendered one after
 * the other, each waiting for the one before (a round trip each on a slow link). The
 * scripts are the same modules the router loads (app/router.tsx): imported here, they are ready
 * when it asks.
 */
type Prefetch = (queryClient: QueryClient, language: string) => void;
type FirstPage = {
  script: () => Promise<unknown>;
  data: () => Promise<Prefetch>;
};
function bookingList(party: 'member' | 'forwarder'): FirstPage {
  return {
    script: () => import('../features/bookings/bookings-page'),
    data: async () => {
      const { prefetchBookingList } = await import('../features/bookings/bookings-api');
      return (queryClient, language) => prefetchBookingList(queryClient, party, language);
    },
  };
}
const PAGES: Record<string, FirstPage> = {
  '/quotes': {
    script: () => import('../features/quotes/quotes-page'),
    data: async () => (await import('../features/quotes/quotes-api')).prefetchQuoteBoard,
  },
  '/bookings': bookingList('member'),
  '/received-bookings': bookingList('forwarder'),
};

/**
 * The data modules already loaded, by page: asked of them, the first request goes out in the same
 * task as the login's answer. An `await import()` of a loaded module still waits for the next turn
 * of the event loop, and after the Enter that turn comes only once the router has rendered the
 * layout and the page (hundreds of milliseconds of a slow CPU), by which time the user info had
 * come back first.
 */
const loadedData = new Map<string, Prefetch>();
async function dataOf(path: string, page: FirstPage): Promise<Prefetch> {
  const prefetch = loadedData.get(path) ?? (await page.data());
  loadedData.set(path, prefetch);
  return prefetch;
}

/** The member page a path opens: `/` is the quote board; a query or fragment does not count. */
function pageOf(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return pathname === '/' || pathname === '' ? '/quotes' : pathname;
}

/**
 * Loads the scripts of the member page `path` opens and of the layout around it, all at once, and
 * runs them: what the login page does as a person starts to type (features/auth/login-page.tsx),
 * so that the page after the login waits for its data only. Settles when all have loaded; a
 * failure is no failure (the router asks again).
 */
export async function loadFirstPageScripts(path: string): Promise<void> {
  const first = pageOf(path);
  const page = PAGES[first];
  await Promise.all([import('./main-layout'), page?.script(), page && dataOf(first, page)]).catch(
    () => undefined,
  );
}

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
  const path = pageOf(pathname);
  // A page the last user info holds no authority for is not asked for: the app sends the person
  // elsewhere, and the request only earned a 403 (a viewer's /received-bookings).
  const needed = authorityForPath(path);
  if (needed && Array.isArray(user?.authorities) && !user.authorities.includes(needed)) return;
  // The scripts and the data at once, the data not behind the layout's script: the page's and the
  // layout's scripts (Ant Design) take long to run, and a request asked for after them waited for
  // them. Settles once the data is asked for.
  const page = PAGES[path];
  if (!page) {
    void import('./main-layout');
    return;
  }
  const loaded = loadedData.get(path);
  if (loaded) loaded(queryClient, language);
  void import('./main-layout');
  void page.script();
  if (!loaded) (await dataOf(path, page))(queryClient, language);
}
