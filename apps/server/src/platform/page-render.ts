import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectLocale, LANGUAGE_COOKIE, type Locale, PAGE_SESSION_COOKIE } from '@freight/contract';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { KvStore } from './kv.js';
import { acceptedLanguages } from './locale.js';
import { readVersion } from './version.js';

/**
 * A member page's first view rendered on the server (issue 15). The web build's server entry
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
  }): Promise<RenderedPage | undefined>;
  pageHtml(template: string, page: RenderedPage, styles: { url: string; cached: boolean }): string;
  warmUp(): Promise<void>;
};
type RenderedPage = { html: string; styles: string; state: unknown };

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

/** Where the style sheets of rendered views are served: `${STYLE_SHEET_PATH}<hash>.css`. */
const STYLE_SHEET_PATH = '/page-styles/';
const STYLE_SHEET_FILE = /^([0-9a-f]{20})\.css$/;
const STYLE_SHEET_KEY = 'page-styles:';
/** The style sheet the browser last fetched (and so has in its cache). */
const STYLE_SHEET_COOKIE = 'portal_styles';
/** How long a style sheet stays in the shared store (for the other instances) after it was made. */
const STYLE_SHEET_TTL_MS = 7 * 24 * 3600_000;
/** The last few style sheets, by hash: a page rendered before one more was added still finds its own. */
const KEPT_STYLE_SHEETS = 8;

/**
 * The style sheets of rendered views, by their content's hash: kept in memory, and in the shared
 * store (Redis or the database) so that another instance behind the same address serves one too.
 */
function styleSheetStore(kv: KvStore) {
  const kept = new Map<string, string>();
  const keep = (hash: string, text: string) => {
    kept.set(hash, text);
    for (const old of kept.keys()) {
      if (kept.size <= KEPT_STYLE_SHEETS) break;
      kept.delete(old);
    }
  };
  return {
    /** The hash and address of `text`, stored first if it is new. */
    async add(text: string): Promise<{ hash: string; url: string }> {
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 20);
      if (!kept.has(hash)) {
        await kv.set(`${STYLE_SHEET_KEY}${hash}`, text, STYLE_SHEET_TTL_MS);
        keep(hash, text);
      }
      return { hash, url: `${STYLE_SHEET_PATH}${hash}.css` };
    },
    async get(hash: string): Promise<string | undefined> {
      const text = kept.get(hash) ?? (await kv.get(`${STYLE_SHEET_KEY}${hash}`))?.value;
      if (text) keep(hash, text);
      return text;
    },
  };
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
): (() => Promise<WebRenderer | undefined>) | undefined {
  const file = path.resolve(webDist, '..', 'dist-ssr', 'server-render.js');
  if (!fs.existsSync(file)) {
    log.info({ file }, 'no server entry of the web: member pages are sent without their first view');
    return undefined;
  }
  let loading: Promise<WebRenderer | undefined> | undefined;
  return () =>
    (loading ??= (async () => {
      try {
        const renderer = (await import(pathToFileURL(file).href)) as WebRenderer;
        await renderer.warmUp();
        return renderer;
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
 * Renders member pages with the web's server entry, and serves the style sheets of their views. A
 * style sheet's name is its content's hash: cached for good, like the build's hashed assets.
 */
export function memberPageRenderer(options: {
  app: FastifyInstance;
  kv: KvStore;
  loadRenderer: () => Promise<WebRenderer | undefined>;
  webDist: string;
}): MemberPageRenderer {
  const { app, kv, loadRenderer, webDist } = options;
  const styleSheets = styleSheetStore(kv);
  // The build the renderer and the page templates were loaded from. A build written over it while
  // the server runs names other scripts: its pages go plain (as they are read anew) until a restart.
  const loadedVersion = readVersion(webDist);
  app.get<{ Params: { file: string } }>(
    `${STYLE_SHEET_PATH}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const hash = STYLE_SHEET_FILE.exec(request.params.file)?.[1];
      const text = hash && (await styleSheets.get(hash));
      if (!text) return reply.code(404).type('text/plain').send('Not found');
      // Which one the browser has in its cache, for the next page to link instead of carrying it.
      const cookie = serializeCookie(STYLE_SHEET_COOKIE, hash, {
        path: '/',
        maxAge: 365 * 24 * 3600,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: true,
      });
      return reply
        .header('set-cookie', cookie)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('text/css; charset=utf-8')
        .send(text);
    },
  );

  return {
    async render(request, template) {
      if (request.method !== 'GET' || readVersion(webDist) !== loadedVersion) return undefined;
      const cookies = parseCookies(request.headers.cookie ?? '');
      const token = cookies[PAGE_SESSION_COOKIE];
      if (!token) return undefined;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const { locale } = detectLocale({
        search,
        stored: cookies[LANGUAGE_COOKIE] ?? null,
        browser: acceptedLanguages(request.headers['accept-language']),
      });
      try {
        const renderer = await loadRenderer();
        if (!renderer) return undefined;
        const page = await renderer.renderPage({
          url: request.url,
          locale,
          token,
          fetch: apiFetch(app, request),
        });
        if (!page) return undefined;
        const styles = await styleSheets.add(page.styles);
        return renderer.pageHtml(template, page, {
          url: styles.url,
          cached: cookies[STYLE_SHEET_COOKIE] === styles.hash,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'the first view of a member page failed to render; sent without it');
        return undefined;
      }
    },
  };
}
