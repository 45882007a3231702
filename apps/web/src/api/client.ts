import { PAGE_SESSION_COOKIE } from '@freight/contract';
import { renderScope } from '../app/render-scope';
import { currentLocale, sharedMessage } from '../i18n';
import { writeCookie } from './cookie';
import { createHttpClient } from './http';
import { memoryStorage, SessionStore, type KeyValueStorage } from './session';

function browserStorage(): KeyValueStorage {
  try {
    localStorage.setItem('__probe', '1');
    localStorage.removeItem('__probe');
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

const mirrorToCookie = (token: string | null) => writeCookie(PAGE_SESSION_COOKIE, token);

const browserSession = new SessionStore(browserStorage(), mirrorToCookie);
// The cookie says what the store holds: a session begun before the cookie existed (or whose cookie
// the browser dropped) gets it now, and a cookie left without a stored session goes.
if (typeof document !== 'undefined') mirrorToCookie(browserSession.token);

/**
 * The session: the browser's, or, while the server renders a page's first view, that render's own
 * (app/render-scope.ts), so that renders of different people side by side never see each other's.
 */
export const session: SessionStore = new Proxy(browserSession, {
  get(target, property) {
    const store = renderScope()?.session ?? target;
    const value: unknown = Reflect.get(store, property, store);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
  },
  set(target, property, value) {
    return Reflect.set(renderScope()?.session ?? target, property, value);
  },
});

// Until the router runs, a refused session only clears the token: the app, once it runs, finds no
// session and opens /login, knowing why. Reloading the page here lost the reason the login page
// gives (kept in memory), and a slow CPU made that the usual case for a page opened with an ended session.
let onUnauthorized: () => void = () => undefined;

/** The router registers how to reach /login without reloading the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const api = createHttpClient({
  session,
  locale: currentLocale,
  message: sharedMessage,
  // The server's render reaches its own API in process, as the page request's session.
  fetch: (input, init) => (renderScope()?.fetch ?? fetch)(input, init),
  onUnauthorized: () => onUnauthorized(),
});

/** Saves a downloaded file (templates) under the name the server gave it. */
export async function saveDownload(path: string, fallbackName: string): Promise<void> {
  const response = await api.download(path);
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1] ?? match[2] ?? fallbackName) : fallbackName;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
