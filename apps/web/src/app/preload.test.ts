import '../test-support/setup';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../api/client';
import { loadFirstPageScripts, preloadFirstPage } from './preload';

describe('first load: the page’s requests go out before the app runs', () => {
  // The pages' scripts, which preloadFirstPage starts loading after the requests: loaded beforehand,
  // so that none is still loading when the test ends.
  beforeAll(async () => {
    await Promise.all([
      import('./main-layout'),
      import('../features/quotes/quotes-page'),
      import('../features/bookings/bookings-page'),
    ]);
    // Ant Design's modules take long to load on a busy machine.
  }, 60_000);
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  /** Resolves preloadFirstPage for `path` with a signed-in session; returns the requests it sent. */
  async function preload(path: string, authorities?: string[]): Promise<string[]> {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { lists: [], total: 0 } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    session.signIn('token-preload');
    // The user info the last page kept, when the test gives one.
    if (authorities) session.userInfo = { username: 'member@example.com', authorities };
    // main.tsx runs the app once this settles: every request must be out by then.
    await preloadFirstPage(new QueryClient(), path, 'en-US');
    return asked;
  }

  it('asks for the quote board’s first page, its columns, the user info and the configuration', async () => {
    const asked = await preload('/quotes');
    expect(asked).toContain('/api/quote?page=1&size=50');
    expect(asked).toContain('/api/container?page=1&size=1000');
    // The filters' lists wait for the page: the person may never open them (the port list is 54 KB).
    for (const list of ['carrier', 'port', 'route'])
      expect(asked).not.toContain(`/api/${list}?page=1&size=1000`);
    expect(asked).toEqual(expect.arrayContaining(['/api/userinfo', '/api/system/config']));
  });

  it('asks for the booking lists of member and forwarder, and for / the quote board', async () => {
    const bookings = await preload('/bookings');
    expect(bookings).toContain('/api/order?page=1&size=50');
    expect(bookings).not.toContain('/api/port?page=1&size=1000');
    expect(await preload('/received-bookings')).toContain('/api/forwarder/order?page=1&size=50');
    expect(await preload('/')).toContain('/api/quote?page=1&size=50');
  });

  it('asks for no list the last user info holds no authority for (a customer’s received bookings)', async () => {
    const asked = await preload('/received-bookings', ['quote', 'order', 'contact', 'user']);
    expect(asked.some((url) => url.startsWith('/api/forwarder/order'))).toBe(false);
    expect(asked).toContain('/api/userinfo');
    expect(await preload('/bookings', ['quote', 'order'])).toContain('/api/order?page=1&size=50');
  });

  it('sends the rows in the same turn once the login page has loaded the page’s scripts', async () => {
    await loadFirstPageScripts('/quotes');
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Promise<Response>(() => undefined);
    });
    session.signIn('token-preload');
    // Not awaited: after the Enter the next turn comes only once the router has rendered the page.
    void preloadFirstPage(new QueryClient(), '/quotes', 'en-US');
    expect(asked).toContain('/api/quote?page=1&size=50');
  });

  it('asks for nothing without a session', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => asked.push(String(input)));
    await preloadFirstPage(new QueryClient(), '/quotes', 'en-US');
    expect(asked).toEqual([]);
  });
});
