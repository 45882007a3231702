import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** A cache holding `keys`, and which of them an invalidation of `root` marked stale. */
async function invalidated(keys: QueryKey[], root: QueryKey): Promise<boolean[]> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, 'data');
  await client.invalidateQueries({ queryKey: root, refetchType: 'none' });
  return keys.map((key) => client.getQueryState(key)?.isInvalidated ?? false);
}

describe('query keys', () => {
  it('a feature’s root covers its lists and details, in every language', async () => {
    const cases: { root: QueryKey; covered: QueryKey[] }[] = [
      {
        root: queryKeys.bookings.all,
        covered: [
          queryKeys.bookings.list('member', {}, 1, 20, 'zh-CN'),
          queryKeys.bookings.list('forwarder', { status: 1 }, 2, 20, 'en-US'),
          queryKeys.bookings.detail('member', 7, 'zh-CN'),
          queryKeys.bookings.docking(7, 'en-US'),
          queryKeys.bookings.shipment(7, 'zh-CN'),
          queryKeys.bookings.form(7),
        ],
      },
      {
        root: queryKeys.receivedRfqs.all,
        covered: [
          queryKeys.receivedRfqs.list(undefined, 1, 10, 'zh-CN'),
          queryKeys.receivedRfqs.detail(3, 'en-US'),
        ],
      },
      {
        root: queryKeys.myRfqs.all,
        covered: [queryKeys.myRfqs.list(1, 10, 'zh-CN'), queryKeys.myRfqs.detail(3, 'en-US')],
      },
      {
        root: queryKeys.contacts.all,
        covered: [
          queryKeys.contacts.list('', 1, 10, 'zh-CN'),
          queryKeys.contacts.one(4),
          queryKeys.contacts.pick('a', 'all'),
        ],
      },
      { root: queryKeys.rates.all, covered: [queryKeys.rates.list({}, 1, 10, 'en-US')] },
      {
        root: queryKeys.webhooks.all,
        covered: [queryKeys.webhooks.all, queryKeys.webhooks.deliveries(1, 1, 20)],
      },
      {
        root: queryKeys.notifications.all,
        covered: [
          queryKeys.notifications.unread,
          queryKeys.notifications.list,
          queryKeys.notifications.page({}),
        ],
      },
      {
        root: queryKeys.userInfo.all,
        covered: [queryKeys.userInfo.of('token'), queryKeys.userInfo.of(null)],
      },
    ];
    for (const { root, covered } of cases) {
      expect(await invalidated(covered, root), JSON.stringify(root)).toEqual(covered.map(() => true));
    }
  });

  it('leaves other features, and the other side’s bookings, alone', async () => {
    const other = [
      queryKeys.receivedRfqs.detail(3, 'zh-CN'),
      queryKeys.contacts.list('', 1, 10, 'zh-CN'),
      queryKeys.bookings.detail('forwarder', 7, 'zh-CN'),
    ];
    expect(await invalidated(other, queryKeys.bookings.party('member'))).toEqual([false, false, false]);
    expect(await invalidated([queryKeys.myRfqs.detail(3, 'zh-CN')], queryKeys.receivedRfqs.all)).toEqual([
      false,
    ]);
  });

  it('a booking’s detail without a language covers it in each language, and no other booking', async () => {
    const keys = [
      queryKeys.bookings.detail('member', 7, 'zh-CN'),
      queryKeys.bookings.detail('member', 7, 'en-US'),
      queryKeys.bookings.detail('member', 8, 'zh-CN'),
      queryKeys.bookings.list('member', {}, 1, 20, 'zh-CN'),
    ];
    expect(await invalidated(keys, queryKeys.bookings.detail('member', 7))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(await invalidated(keys, queryKeys.bookings.lists('member'))).toEqual([false, false, false, true]);
  });

  it('are the only way the app writes a key: no literal array in a query call', () => {
    const sources = import.meta.glob<string>(
      ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./query-keys.ts'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const literal =
      /(queryKey:\s*\[|(set|get|remove|invalidate|cancel|fetch|prefetch)Quer(y|ies)(Data)?\(\s*\[)/;
    const offenders = Object.entries(sources)
      .filter(([, text]) => literal.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
