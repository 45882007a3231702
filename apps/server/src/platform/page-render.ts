import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { detectLocale, LANGUAGE_COOKIE, type Locale, PAGE_SESSION_COOKIE } from '@freight/contract';
import { parse as parseCookies } from 'cookie';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedLanguages } from './locale.js';
import { readVersion } from './version.js';

/**
 * A member page's first view rendered on the server. The web build's server entry
 * (apps/web/src/server-render.tsx → apps/web/dist-ssr/server-render.js) renders the app itself;
 * this side finds the session and language of a page request in its cookies, lets the entry ask the
 * API in process (app.inject) as that session, and puts the view into the page's HTML.
 *
 * The API never reads a cookie: the page cookie is only read here, for a GET of a page, and the
 * view holds only what the API answered that session. Anything that goes wrong (no cookie, a dead
 * session, a failed request or render) sends the page's plain HTML, which loads as it always did.
 */

/** What the web's server entry exports (the types live on the web side; the server sees this much). */
type WebRenderer = {
  renderPage(request: {
    url: string;
    locale: Locale;
    token: string;
    fetch: typeof fetch;
    signal: AbortSignal;
  }): Promise<RenderedPage | undefined>;
  pageHtml(template: string, page: RenderedPage, stylesHref: string): string;
  warmUp(): Promise<void>;
};
type RenderedPage = { html: string; styles: string; state: unknown };
type LoadedRenderer = { renderer: WebRenderer; stylesHref: string };

/** The header that marks the API requests of a render; its value is this process's secret. */
const RENDER_HEADER = 'x-page-render';
const renderSecret = randomBytes(32).toString('base64url');

/**
 * Whether an API request is one of a page render's (it carries this process's secret, which no one
 * outside the process knows). Such a request does not renew the session's token: the browser holds
 * the token and would never learn the renewed one.
 */
export function isPageRenderRequest(request: FastifyRequest): boolean {
  const value = request.headers[RENDER_HEADER];
  if (typeof value !== 'string' || value.length !== renderSecret.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(renderSecret));
}

/**
 * The web's server entry, if the web was built with it (`apps/web/dist-ssr` beside `dist`), loaded
 * when the first member page asks for it: its React, Ant Design and pages cost ~30 MB of resident
 * memory, which a server that only answers the API (integrations, scripted imports) then never
 * holds. The first page waits for the load (~0.3 s here); a load that fails leaves the pages plain.
 */
export function loadPageRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): (() => Promise<LoadedRenderer | undefined>) | undefined {
  const file = path.resolve(webDist, '..', 'dist-ssr', 'server-render.js');
  const stylesFile = path.resolve(webDist, '..', 'dist-ssr', 'styles.json');
  if (!fs.existsSync(file) || !fs.existsSync(stylesFile)) {
    log.info({ file }, 'no server entry of the web: member pages are sent without their first view');
    return undefined;
  }
  let loading: Promise<LoadedRenderer | undefined> | undefined;
  return () =>
    (loading ??= (async () => {
      try {
        const renderer = (await import(pathToFileURL(file).href)) as WebRenderer;
        await renderer.warmUp();
        // Ant Design's style sheet, written once by the build under its hash (apps/web/vite.ssr.config.ts).
        const { href } = JSON.parse(fs.readFileSync(stylesFile, 'utf8')) as { href: string };
        return { renderer, stylesHref: href };
      } catch (error) {
        log.warn({ err: error }, "the web's server entry failed to load: member pages are sent plain");
        return undefined;
      }
    })());
}

/** The API of `app`, in process, as `fetch` for the render of `request`'s page. */
function apiFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(RENDER_HEADER, renderSecret);
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: Object.fromEntries(headers),
      payload: typeof init?.body === 'string' ? init.body : undefined,
      // The person's own address: their rate limits apply to what their page asks for.
      remoteAddress: request.ip,
    });
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) replyHeaders.append(name, String(item));
    }
    return new Response(reply.rawPayload, { status: reply.statusCode, headers: replyHeaders });
  };
}

export type MemberPageRenderer = {
  /**
   * The HTML of the member page `template` (its variant of index.html) with its first view for the
   * page request, or undefined to send the plain page.
   */
  render(request: FastifyRequest, template: string): Promise<string | undefined>;
};

/**
 * Renders at once, at most: each waits on its API requests most of its time, so a few overlap well;
 * more would only share the same CPU and each come later. A page asked beyond them goes plain at
 * once (its scripts render it in the browser) rather than after a wait in a queue.
 */
export const MAX_CONCURRENT_RENDERS = 4;
/** The event loop's mean delay (ms) over the last window of about a second. */
function eventLoopDelay(): () => number {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let windowStart = performance.now();
  let previous = 0;
  return () => {
    const now = performance.now();
    if (now - windowStart >= 1000) {
      previous = histogram.count > 0 ? histogram.mean / 1e6 : 0;
      histogram.reset();
      windowStart = now;
    }
    return previous;
  };
}

/** Renders member pages with the web's server entry, each within a deadline and a bounded number. */
export function memberPageRenderer(options: {
  app: FastifyInstance;
  loadRenderer: () => Promise<LoadedRenderer | undefined>;
  webDist: string;
  /** A view not ready by then is not waited for: the plain page goes, and the render is abandoned. */
  deadlineMs: number;
  /**
   * How late, on average over the last second, the event loop may have run its callbacks for a
   * render to start: beyond it the API's own requests come first, and pages go plain. The average,
   * not the worst: one long task (the renderer's load) is not an overload.
   */
  maxLoopDelayMs: number;
}): MemberPageRenderer {
  const { app, loadRenderer, webDist, deadlineMs, maxLoopDelayMs } = options;
  // The build the renderer and the page templates were loaded from. A build written over it while
  // the server runs names other scripts: its pages go plain (as they are read anew) until a restart.
  const loadedVersion = readVersion(webDist);
  const delay = eventLoopDelay();
  let running = 0;

  return {
    async render(request, template) {
      if (request.method !== 'GET' || readVersion(webDist) !== loadedVersion) return undefined;
      const cookies = parseCookies(request.headers.cookie ?? '');
      const token = cookies[PAGE_SESSION_COOKIE];
      if (!token) return undefined;
      if (running >= MAX_CONCURRENT_RENDERS || delay() > maxLoopDelayMs) return undefined;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const { locale } = detectLocale({
        search,
        stored: cookies[LANGUAGE_COOKIE] ?? null,
        browser: acceptedLanguages(request.headers['accept-language']),
      });
      // Counted until it ends, past its deadline too: an abandoned render still holds its share.
      running += 1;
      let started = false;
      const deadline = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      try {
        // The first page waits for the renderer's load (its modules, once), not within its deadline.
        const loaded = await loadRenderer();
        if (!loaded) return undefined;
        started = true;
        const startedAt = performance.now();
        timer = setTimeout(() => deadline.abort(), deadlineMs);
        const rendering = loaded.renderer
          .renderPage({
            url: request.url,
            locale,
            token,
            fetch: apiFetch(app, request),
            signal: deadline.signal,
          })
          .finally(() => (running -= 1));
        const late = new Promise<undefined>((resolve) =>
          deadline.signal.addEventListener('abort', () => resolve(undefined), { once: true }),
        );
        // The render goes on to its end unseen (its requests are in flight); its failure is no one's.
        rendering.catch(() => undefined);
        const page = await Promise.race([rendering, late]);
        // A render that never gave the event loop a turn ends before its timer could fire: it is
        // late all the same.
        if (performance.now() - startedAt > deadlineMs) deadline.abort();
        if (!page || deadline.signal.aborted) {
          if (deadline.signal.aborted) request.log.info('a first view missed its deadline; sent without it');
          return undefined;
        }
        return loaded.renderer.pageHtml(template, page, loaded.stylesHref);
      } catch (error) {
        request.log.warn({ err: error }, 'the first view of a member page failed to render; sent without it');
        return undefined;
      } finally {
        clearTimeout(timer);
        if (!started) running -= 1;
      }
    },
  };
}
