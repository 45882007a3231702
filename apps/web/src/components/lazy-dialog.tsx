import { lazy, Suspense, type ComponentType, type JSX } from 'react';

/**
 * A dialog downloaded when it is first opened: a page's first download then carries only what it
 * shows (the form library, upload and date widgets come with the dialog that needs them).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}
