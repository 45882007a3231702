import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstLoad, refetchUnlessPrefetched } from './first-load';
import { memoryStorage, SessionStore } from './session';

/** Mounts an observer (as a page's useQuery does) and resolves once its first fetches settle. */
async function mount(queryClient: QueryClient, key: string[], queryFn: () => Promise<string>) {
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn,
    refetchOnMount: refetchUnlessPrefetched,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  unsubscribe();
}

describe('first load: a page uses the list asked for as it loaded', () => {
  afterEach(() => vi.useRealTimers());

  it('does not ask again as the page mounts, but does after a change or 10 s', async () => {
    const queryClient = new QueryClient();
    const queryFn = vi.fn(async () => 'rows');
    prefetchFirstLoad(queryClient, { queryKey: ['list'], queryFn });
    await vi.waitFor(() => expect(queryClient.getQueryData(['list'])).toBe('rows'));
    expect(queryFn).toHaveBeenCalledTimes(1);

    await mount(queryClient, ['list'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);

    // A change (a booking saved elsewhere) invalidates it: the next mount asks again.
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    await mount(queryClient, ['list'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10_000);
    await mount(queryClient, ['list'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('leaves lists it did not ask for as they were: asked again on every mount', async () => {
    const queryClient = new QueryClient();
    const queryFn = vi.fn(async () => 'rows');
    await mount(queryClient, ['other'], queryFn);
    await mount(queryClient, ['other'], queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});

describe('session: the user info kept for the next page', () => {
  it('is given back for the same session only and goes with the session', () => {
    const session = new SessionStore(memoryStorage());
    session.userInfo = { username: 'nobody' };
    expect(session.userInfo).toBeUndefined(); // no session: nothing kept

    session.signIn('token-1');
    session.userInfo = { username: 'a@example.com' };
    expect(session.userInfo).toEqual({ username: 'a@example.com' });

    session.renew('token-2');
    expect(session.userInfo).toBeUndefined(); // another token's copy is not used

    session.userInfo = { username: 'a@example.com' };
    session.signIn('token-3');
    expect(session.userInfo).toBeUndefined();

    session.userInfo = { username: 'a@example.com' };
    session.clear();
    session.signIn('token-3');
    expect(session.userInfo).toBeUndefined();
  });
});
