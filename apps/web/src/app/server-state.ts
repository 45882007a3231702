import type { Locale, UserInfo } from '@freight/contract';
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON element that carries a server-rendered first view's data. */
export const SERVER_STATE_ID = 'server-state';

/** What the browser needs to hydrate a first view the server rendered (src/server-render.tsx). */
export type ServerState = {
  locale: Locale;
  /** The queries the view was rendered with, but the user info (keyed by the session's token). */
  queries: DehydratedState;
  user: UserInfo;
  /** The portal's zone the view's times were written in: the browser shows them in the same. */
  timeZone: string;
};

/** The data of a server-rendered first view, if the page has one; read once (the element goes). */
export function takeServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as ServerState;
  } catch {
    return undefined;
  }
}
