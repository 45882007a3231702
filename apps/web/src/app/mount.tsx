import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { session } from '../api/client';
import { markFirstLoad } from '../api/first-load';
import { PortalApp } from './app';
import { userInfoQuery } from './auth';
import type { ServerState } from './server-state';
import { dropShell } from './shell';
import { noteTypedBeforeHydration } from './typed-before-hydration';

/**
 * Renders the portal into `root`. Its own module, loaded by main.tsx with import() once the first
 * requests are out: React DOM, Ant Design and the router are most of the first load's script, and
 * while they were static imports of the entry, the browser ran them all before main.tsx could ask
 * for anything. The build still names them as modulepreloads of every page.
 */
export function mountPortal(root: HTMLElement, queryClient: QueryClient): void {
  createRoot(root).render(<PortalApp queryClient={queryClient} />);
  // Every first view removes the login shell as it paints (app/shell.ts); should one not, the
  // page must not stay covered.
  setTimeout(dropShell, 20_000);
}

/**
 * Takes over the first view the server rendered into `root`: the data it was rendered
 * with goes into the cache first (counted as the first load's, so the page does not ask again at
 * once), then React hydrates the view in place. The page stays as painted while its scripts load.
 */
export function hydratePortal(root: HTMLElement, queryClient: QueryClient, state: ServerState): void {
  hydrate(queryClient, state.queries);
  for (const { queryKey } of state.queries.queries) markFirstLoad(queryClient, queryKey);
  const token = session.token;
  queryClient.setQueryData(userInfoQuery(token).queryKey, state.user);
  session.userInfo = state.user;
  // What was typed into the view before now is typed again once its page is React's (router.tsx).
  noteTypedBeforeHydration(root);
  hydrateRoot(root, <PortalApp queryClient={queryClient} />);
}
