import type { Locale } from '@freight/contract';
import type { i18n } from 'i18next';
import type { SessionStore } from '../api/session';

/**
 * What one render of a first view on the server has for itself (src/server-render.tsx): its
 * language, its session and its way to the API. Renders run side by side, each waiting on its own
 * requests, so none of this may live in a module: the modules that the browser keeps one of (the
 * session, the HTTP client, the language) read it from here while a render runs, and their own
 * state in the browser, where there is never a scope.
 */
export type RenderScope = {
  locale: Locale;
  /** i18next in `locale` (a clone of the app's, sharing its strings), for react-i18next's context. */
  i18n: i18n;
  session: SessionStore;
  /** The server's own API, in process, as the page request's session and address. */
  fetch: typeof fetch;
};

let currentScope: () => RenderScope | undefined = () => undefined;

/** The scope of the render running now, on the server; undefined in the browser. */
export function renderScope(): RenderScope | undefined {
  return currentScope();
}

/** The server's entry says how to find the running render's scope (its async context). */
export function setRenderScopeSource(source: () => RenderScope | undefined): void {
  currentScope = source;
}
