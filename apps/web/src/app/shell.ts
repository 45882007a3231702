import { useLayoutEffect } from 'react';

/** The id of a page's prerendered shell (apps/web/login-shell.ts, apps/web/member-shell.ts). */
export const SHELL_ID = 'page-shell';

/**
 * Removes the page's HTML shell (the login page's picture, a member page's frame), which covers the
 * page from the first paint until the app's first real view is ready (no spinner flashes over it in
 * between). Every top-level view calls it before it paints: the visitor pages, the main layout, the
 * maintenance and error pages.
 */
export function dropShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}

export function useDropShell(): void {
  useLayoutEffect(dropShell, []);
}
