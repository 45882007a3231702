import { useSyncExternalStore } from 'react';

const noChange = () => () => undefined;

/**
 * False while a view is rendered on the server and while the browser hydrates it, true from then on
 * (and at once in a view the browser renders itself): what only the browser should start, such as
 * a request that the first view does not need, waits for it, and both renders stay the same.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
