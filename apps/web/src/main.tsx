import { QueryClient } from '@tanstack/react-query';
import { session } from './api/client';
import { startI18n } from './i18n';
import { detectLocale, readStoredLocale, storeLocale, withoutLangParam } from './i18n/detect';
import { preloadFirstPage } from './app/preload';
import { takeServerState } from './app/server-state';
import { styleSheetLoaded } from './app/style-sheet';
import { setDisplayTimeZone } from './app/time-zone';
import type * as Mount from './app/mount';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element to start the portal in');
  const stored = readStoredLocale();
  const { locale, fromQuery } = detectLocale({
    search: window.location.search,
    stored,
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  if (fromQuery) {
    // The lang parameter forces the language once, is remembered, and leaves the address.
    storeLocale(locale);
    window.history.replaceState(window.history.state, '', withoutLangParam(new URL(window.location.href)));
  } else if (stored === locale) {
    // A choice stored before page requests carried it: they carry it from now on.
    storeLocale(locale);
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
  // A first view the server rendered is hydrated when this page would render the same:
  // the same session and language. Otherwise the app renders anew over it, as on any page.
  const server = takeServerState();
  if (server && server.locale === locale && session.token) {
    setDisplayTimeZone(server.timeZone);
    const [{ hydratePortal }] = await Promise.all([
      import('./app/mount'),
      startI18n(locale),
      styleSheetLoaded(),
    ]);
    hydratePortal(root, queryClient, server);
    return;
  }
  // First the first page's requests (app/preload.ts), then the app itself (app/mount.tsx): its
  // scripts run while the requests are out and the language's strings load.
  let app: Promise<typeof Mount> | undefined;
  await startI18n(locale, () => {
    // A failed preload is no failure: the page asks for its data itself.
    app = preloadFirstPage(queryClient, window.location.pathname, locale)
      .catch(() => undefined)
      .then(() => import('./app/mount'));
  });
  const [{ mountPortal }] = await Promise.all([app ?? import('./app/mount'), styleSheetLoaded()]);
  mountPortal(root, queryClient);
}

void start();
