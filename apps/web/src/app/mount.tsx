import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app';
import { dropShell } from './shell';

/**
 * Renders the portal into `root`. Its own module, loaded by main.tsx with import() once the first
 * requests are out: React DOM, Ant Design and the router are most of the first load's script, and
 * while they were static imports of the entry, the browser ran them all before main.tsx could ask
 * for anything (issue 15). The build still names them as modulepreloads of every page.
 */
export function mountPortal(root: HTMLElement, queryClient: QueryClient): void {
  createRoot(root).render(<PortalApp queryClient={queryClient} />);
  // Every first view removes the login shell as it paints (app/shell.ts); should one not, the
  // page must not stay covered.
  setTimeout(dropShell, 20_000);
}
