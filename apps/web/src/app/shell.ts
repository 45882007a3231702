import { useLayoutEffect } from 'react';

/** The id of the login page's prerendered shell (apps/web/login-shell.ts). */
export const SHELL_ID = 'login-shell';

/**
 * Removes the login page's HTML shell, which covers the page from the first paint until the app's
 * first real view is ready (no spinner flashes over the picture in between). Every top-level view
 * calls it before it paints: the visitor pages, the main layout, the maintenance and error pages.
 */
export function dropShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}

export function useDropShell(): void {
  useLayoutEffect(dropShell, []);
}
