/**
 * The server's entry into the web app: renders a member page's first view, with its data, to HTML
 * that the browser paints before any script has run, and that the app then hydrates (main.tsx).
 * Built by `vite build --ssr` into dist-ssr/ (never served); the server imports it
 * (apps/server/src/platform/page-render.ts).
 *
 * The page is the app itself: the same providers, routes, layout, page and queries as in the
 * browser, asked through the same HTTP client, whose requests here go to the server's own API in
 * process, with the page request's session, language and address. Nothing is rendered that the
 * person could not see in the browser: the API decides, as it does for the browser.
 *
 * Each render has its own language, session and way to the API (app/render-scope.ts), found through
 * its async context: renders run side by side, each waiting on its own requests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { DEFAULT_LOCALE, type Locale } from '@freight/contract';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { prerender } from 'react-dom/static';
import { memoryStorage, SessionStore } from './api/session';
import { PortalApp } from './app/app';
import { userInfoQuery } from './app/auth';
import { preloadFirstPage } from './app/preload';
import { type RenderScope, setRenderScopeSource } from './app/render-scope';
import { languageInstances, startI18n } from './i18n';
import { withoutMemberShell } from '../member-shell';
import { SERVER_STATE_ID, type ServerState } from './app/server-state';
import { displayTimeZone } from './app/time-zone';
import { queryKeys } from './api/query-keys';

export type RenderedPage = {
  /** The view, for `<div id="root">`. */
  html: string;
  /**
   * The CSS variables of the theme (the site's colour) and of the views' own component settings:
   * a few KB, beside the build's style sheet of every component (src/antd-styles.tsx), which holds
   * the rules.
   */
  styles: string;
  state: ServerState;
};

export type RenderRequest = {
  /** The address asked for: path and query. */
  url: string;
  locale: Locale;
  token: string;
  /** The server's own API, for the session of `token` (the HTTP client adds the Bearer header). */
  fetch: typeof fetch;
  /** Aborted when the server no longer waits for the view (its deadline). */
  signal: AbortSignal;
};

const scopes = new AsyncLocalStorage<RenderScope>();
setRenderScopeSource(() => scopes.getStore());

let languages: ReturnType<typeof languageInstances> | undefined;
/** Ant Design's style cache, shared by every render: a style is computed once per process. */
const styleCache = createCache();
let themeVariables = { entries: -1, text: '' };
/** The map of styles present, which the build's sheet carries; an empty one here would hide it. */
const CACHE_PATH_RULE = '.data-ant-cssinjs-cache-path{';

function currentThemeVariables(): string {
  const entries = styleCache.cache.size;
  if (themeVariables.entries !== entries) {
    const text = extractStyle(styleCache, { plain: true, types: ['token', 'cssVar'] });
    const map = text.indexOf(CACHE_PATH_RULE);
    themeVariables = { entries, text: map < 0 ? text : text.slice(0, map) };
  }
  return themeVariables.text;
}

/**
 * Loads the modules of the member pages' first views (the layout, the lists) and both languages at
 * once, rather than one after the other as a render meets them. The server calls it as it loads
 * this entry, with the first member page asked for.
 */
export async function warmUp(): Promise<void> {
  // Their strings register with i18next as they load: it must have started.
  languages ??= startI18n(DEFAULT_LOCALE).then(languageInstances);
  await languages;
  await Promise.all([
    import('./app/main-layout'),
    import('./features/quotes/quotes-page'),
    import('./features/bookings/bookings-page'),
  ]);
}

/**
 * The first view of the member page at `url` for the session of `token`, or undefined when there is
 * none to send (the session is not live, the page's data could not be loaded): the server then
 * sends the page's plain HTML, and the app loads as it always did.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | undefined> {
  await warmUp();
  const i18n = (await languages!)[request.locale];
  const session = new SessionStore(memoryStorage());
  session.signIn(request.token);
  const scope: RenderScope = { locale: request.locale, i18n, session, fetch: request.fetch };
  return scopes.run(scope, () => render(request, scope));
}

async function render(
  { url, locale, token, signal }: RenderRequest,
  { i18n }: RenderScope,
): Promise<RenderedPage | undefined> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
  });
  const { pathname } = new URL(url, 'http://page.invalid');
  await preloadFirstPage(queryClient, pathname, locale);
  await Promise.all(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.promise?.catch(() => undefined)),
  );
  const user = queryClient.getQueryData(userInfoQuery(token).queryKey);
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status !== 'success');
  if (!user || failed || signal.aborted) return undefined;

  const { prelude } = await prerender(
    <I18nextProvider i18n={i18n}>
      <StyleProvider cache={styleCache}>
        <PortalApp queryClient={queryClient} location={url} />
      </StyleProvider>
    </I18nextProvider>,
    // Every part in its place: React otherwise moves a large part (the page) after the rest, with
    // an inline script to put it back, which the content policy forbids (script-src 'self').
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER, signal },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('the first view needs an inline script');
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.queryKey[0] !== queryKeys.userInfo.all[0],
  });
  return {
    html,
    styles: currentThemeVariables(),
    state: { locale, queries, user, timeZone: displayTimeZone() },
  };
}

/** `<` and the line separators escaped: the JSON cannot end its element or break the script. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The member page's HTML (`template`: its variant of index.html, dist/pages/*.html) with the view
 * rendered: the build's Ant Design style sheet (`stylesHref`, cached for good) and the theme's
 * variables in the head, the view in #root, the data it was rendered with as a JSON element (not a
 * script: the content policy allows no inline script) for main.tsx to hydrate with, and the page's
 * language. The frame of the plain variant (member-shell.ts) goes: the view paints from the first
 * bytes.
 */
export function pageHtml(template: string, page: RenderedPage, stylesHref: string): string {
  // The scripts go to the end of the body: the view paints without them, and named in the head
  // they shared the slow link with what the first paint waits for (six requests at a time on
  // HTTP/1.1). Module scripts run once the document is parsed either way.
  const scripts: string[] = [];
  const styleSheetLink = `<link rel="stylesheet" href="${stylesHref}">`;
  // The build links the sheet at the end of the body (for the browser's own renders): this page
  // links it in the head instead, where the view's first paint needs it.
  const withoutScripts = withoutMemberShell(template.replace(styleSheetLink, () => '')).replace(
    /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g,
    (tag) => {
      scripts.push(tag.trim());
      return '';
    },
  );
  const styleSheet = styleSheetLink + `<style>${page.styles.replace(/<\/style/gi, '<\\/style')}</style>`;
  // Every insertion by a function: a replacement string expands `$\``, `$'`, `$&` and `$$`, and the
  // view and its data hold stored text (a company name of `$\``s copied the page's head per `$\``).
  const html = withoutScripts
    .replace('</body>', () => `${scripts.join('')}</body>`)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${page.state.locale}"`)
    // Early in the head, after the character set and the viewport: it holds the first paint.
    .replace('<link rel="icon"', () => `${styleSheet}<link rel="icon"`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>` +
        `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(page.state)}</script>`,
    );
  if (!html.includes(SERVER_STATE_ID) || !html.includes(styleSheet)) {
    throw new Error('the page template has no icon link in its head or no empty #root');
  }
  return html;
}
