/**
 * The server's entry into the web app (issue 15): renders a member page's first view, with its data,
 * to HTML that the browser paints before any script has run, and that the app then hydrates
 * (main.tsx). Built by `vite build --ssr` into dist-ssr/ (never served); the server imports it
 * (apps/server/src/platform/page-render.ts).
 *
 * The page is the app itself: the same providers, routes, layout, page and queries as in the
 * browser, asked through the same HTTP client, whose requests here go to the server's own API in
 * process, with the page request's session, language and address. Nothing is rendered that the
 * person could not see in the browser: the API decides, as it does for the browser.
 *
 * The i18n instance, the session store and the HTTP client are the app's module-wide ones, so pages
 * are rendered one at a time (a queue; a render takes milliseconds once its modules are loaded).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { DEFAULT_LOCALE, type Locale } from '@freight/contract';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { session, setApiFetch } from './api/client';
import { PortalApp } from './app/app';
import { userInfoQuery } from './app/auth';
import { preloadFirstPage } from './app/preload';
import { changeLocale, startI18n } from './i18n';
import { withoutMemberShell } from '../member-shell';
import { SERVER_STATE_ID, type ServerState } from './app/server-state';
import { displayTimeZone } from './app/time-zone';

export type RenderedPage = {
  /** The view, for `<div id="root">`. */
  html: string;
  /**
   * Ant Design's styles of every view rendered so far (this one's among them), as one style sheet
   * with the map by which Ant Design in the browser knows them as loaded (it then neither computes
   * nor inserts them again). The same text for every page and person until a view needs a style
   * not yet rendered: the server serves it under its hash, cached for good.
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
};

let i18nStarted: Promise<unknown> | undefined;
/** Ant Design's style cache, shared by every render: a style is computed once per process. */
const styleCache = createCache();
let styleSheet = { entries: -1, text: '' };

function currentStyleSheet(): string {
  const entries = styleCache.cache.size;
  if (styleSheet.entries !== entries)
    styleSheet = { entries, text: extractStyle(styleCache, { plain: true }) };
  return styleSheet.text;
}

let queue: Promise<unknown> = Promise.resolve();
/** Renders asked for and not yet done (the one running among them). */
let pending = 0;
/**
 * More asked for at once are not waited for: the page goes plain (its scripts render it) rather than
 * after seconds in the queue. A render takes ~100–200 ms.
 */
export const MAX_PENDING_RENDERS = 8;

/**
 * The first view of the member page at `url` for the session of `token`, or undefined when there is
 * none to send (the session is not live, the page's data could not be loaded, too many renders are
 * waiting): the server then sends the page's plain HTML, and the app loads as it always did.
 */
export function renderPage(request: RenderRequest): Promise<RenderedPage | undefined> {
  if (pending >= MAX_PENDING_RENDERS) return Promise.resolve(undefined);
  pending += 1;
  const rendered = queue.then(() => render(request)).finally(() => (pending -= 1));
  queue = rendered.catch(() => undefined);
  return rendered;
}

/**
 * Loads the modules of the member pages' first views (the layout, the lists) at once, rather than
 * one after the other as a render meets them. The server calls it as it loads this entry, with the
 * first member page asked for.
 */
export async function warmUp(): Promise<void> {
  // Their strings register with i18next as they load: it must have started.
  i18nStarted ??= startI18n(DEFAULT_LOCALE);
  await i18nStarted;
  await Promise.all([
    import('./app/main-layout'),
    import('./features/quotes/quotes-page'),
    import('./features/bookings/bookings-page'),
  ]);
}

async function render({ url, locale, token, fetch }: RenderRequest): Promise<RenderedPage | undefined> {
  i18nStarted ??= startI18n(locale);
  await i18nStarted;
  await changeLocale(locale);
  setApiFetch(fetch);
  session.signIn(token);
  try {
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
    if (!user || failed) return undefined;

    const { prelude } = await prerender(
      <StyleProvider cache={styleCache}>
        <PortalApp queryClient={queryClient} location={url} />
      </StyleProvider>,
      // Every part in its place: React otherwise moves a large part (the page) after the rest, with
      // an inline script to put it back, which the content policy forbids (script-src 'self').
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const html = await new Response(prelude).text();
    if (html.includes('<script')) throw new Error('the first view needs an inline script');
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryKey[0] !== 'userinfo',
    });
    return {
      html,
      styles: currentStyleSheet(),
      state: { locale, queries, user, timeZone: displayTimeZone() },
    };
  } finally {
    session.clear();
  }
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
 * rendered: Ant Design's style sheet in the head, the view in #root, the data it was rendered with
 * as a JSON element (not a script: the content policy allows no inline script) for main.tsx to
 * hydrate with, and the page's language. The frame of the plain variant (member-shell.ts) goes: the
 * view paints from the first bytes.
 *
 * The style sheet (`styles.url` serves it) is linked when the browser has it (`styles.cached`);
 * otherwise its text is in the page, which a slow link then loads before any script (a linked one
 * shared the link with them), and the browser fetches the file when idle for the next page.
 */
export function pageHtml(
  template: string,
  page: RenderedPage,
  styles: { url: string; cached: boolean },
): string {
  // The scripts go to the end of the body: the view paints without them, and named in the head
  // they shared the slow link with what the first paint waits for (six requests at a time on
  // HTTP/1.1). Module scripts run once the document is parsed either way.
  const scripts: string[] = [];
  const withoutScripts = withoutMemberShell(template).replace(
    /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g,
    (tag) => {
      scripts.push(tag.trim());
      return '';
    },
  );
  if (!styles.cached) scripts.push(`<link rel="prefetch" as="style" href="${styles.url}">`);
  const styleSheet = styles.cached
    ? `<link rel="stylesheet" href="${styles.url}">`
    : `<style>${page.styles.replace(/<\/style/gi, '<\\/style')}</style>`;
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
