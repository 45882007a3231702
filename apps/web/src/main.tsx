import { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app/app';
import { startI18n } from './i18n';
import { detectLocale, readStoredLocale, storeLocale, withoutLangParam } from './i18n/detect';
import { dropShell } from './app/shell';
import { preloadFirstPage } from './app/preload';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element to start the portal in');
  const { locale, fromQuery } = detectLocale({
    search: window.location.search,
    stored: readStoredLocale(),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  if (fromQuery) {
    // The lang parameter forces the language once, is remembered, and leaves the address (spec §2).
    storeLocale(locale);
    window.history.replaceState(window.history.state, '', withoutLangParam(new URL(window.location.href)));
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
  // The first page's scripts and data load while the language's strings do (app/preload.ts).
  await startI18n(locale, () => preloadFirstPage(queryClient, window.location.pathname, locale));
  createRoot(root).render(<PortalApp queryClient={queryClient} />);
  // Every first view removes the login shell as it paints (app/shell.ts); should one not, the
  // page must not stay covered.
  setTimeout(dropShell, 20_000);
}

void start();
