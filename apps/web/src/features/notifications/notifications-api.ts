import {
  NOTIFICATION_POLL_MS,
  type NotificationEvents,
  type NotificationList,
  type NotificationRow,
  type StreamTicket,
  type UnreadCount,
} from '@freight/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { announceSignOut } from './sign-out-notice';
import { queryKeys } from '../../api/query-keys';

const UNREAD_KEY = queryKeys.notifications.unread;
const LIST_KEY = queryKeys.notifications.list;
/** The notification centre's pages (any filter): refreshed whenever the person's notifications change. */
const PAGE_KEY = queryKeys.notifications.pages;
/** How many the bell's list shows. */
const LIST_SIZE = 10;

/** The notification centre's filters; the booking filter matches part of a booking number. */
export type NotificationFilters = { page: number; size: number; unread: boolean; booking: string };

/** A page of the notification centre. */
export function useNotificationPage(filters: NotificationFilters) {
  return useQuery({
    queryKey: queryKeys.notifications.page(filters),
    queryFn: () =>
      api.get<NotificationList>('/notifications', {
        page: filters.page,
        size: filters.size,
        ...(filters.unread ? { unread: 'true' } : {}),
        ...(filters.booking ? { booking: filters.booking } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** The person's unread count; polled only while no event stream is held. */
export function useUnreadCount(isLive: boolean) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => api.get<UnreadCount>('/notifications/unread'),
    refetchInterval: isLive ? false : NOTIFICATION_POLL_MS,
  });
}

/** The newest notifications, while the bell's list is open. */
export function useNotificationList(isOpen: boolean) {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: () => api.get<NotificationList>('/notifications', { size: LIST_SIZE }),
    enabled: isOpen,
  });
}

function setUnread(client: QueryClient, unread: number) {
  client.setQueryData<UnreadCount>(UNREAD_KEY, { unread });
  void client.invalidateQueries({ queryKey: PAGE_KEY });
  client.setQueryData<NotificationList>(LIST_KEY, (list) => (list ? { ...list, unread } : list));
}

/** Marks read in the cache: some (`ids`) or all (null). */
function markCached(client: QueryClient, ids: number[] | null, unread: number) {
  client.setQueryData<NotificationList>(LIST_KEY, (list) =>
    list
      ? {
          ...list,
          lists: list.lists.map((n) => (ids === null || ids.includes(n.id) ? { ...n, read: true } : n)),
        }
      : list,
  );
  setUnread(client, unread);
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<UnreadCount>(`/notifications/${id}/read`),
    onSuccess: ({ unread }, id) => markCached(client, [id], unread),
  });
}

/** Marks one unread again (in the bell's list too). */
export function useMarkUnread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<UnreadCount>(`/notifications/${id}/unread`),
    onSuccess: ({ unread }, id) => markUnreadCached(client, [id], unread),
  });
}

function markUnreadCached(client: QueryClient, ids: number[], unread: number) {
  client.setQueryData<NotificationList>(LIST_KEY, (list) =>
    list ? { ...list, lists: list.lists.map((n) => (ids.includes(n.id) ? { ...n, read: false } : n)) } : list,
  );
  setUnread(client, unread);
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<UnreadCount>('/notifications/read'),
    onSuccess: ({ unread }) => markCached(client, null, unread),
  });
}

/**
 * A booking (or its documents) or an RFQ changed elsewhere: whatever page shows it refetches, so that an
 * open detail or list never offers what the new status no longer allows (a cancel button after the
 * release). Only the queries of that booking's side are touched; pages not on screen refetch when
 * they next mount.
 */
function refreshPages(client: QueryClient, row: NotificationRow) {
  if (row.kind === 'rfq') {
    // A request received (forwarder) or answered (requester): both RFQ lists and details follow.
    void client.invalidateQueries({
      queryKey: row.party === 'member' ? queryKeys.myRfqs.all : queryKeys.receivedRfqs.all,
    });
    return;
  }
  if ((row.kind !== 'booking' && row.kind !== 'document') || row.object_id === null || row.party === null)
    return;
  const party = row.party;
  void client.invalidateQueries({ queryKey: queryKeys.bookings.lists(party) });
  void client.invalidateQueries({ queryKey: queryKeys.bookings.detail(party, row.object_id) });
  if (party === 'member') {
    void client.invalidateQueries({ queryKey: queryKeys.bookings.docking(row.object_id) });
    void client.invalidateQueries({ queryKey: queryKeys.bookings.shipment(row.object_id) });
  }
}

const parse = <E extends keyof NotificationEvents>(event: Event): NotificationEvents[E] =>
  JSON.parse((event as MessageEvent<string>).data) as NotificationEvents[E];

/**
 * Holds the person's event stream and writes its events into the query cache. A stream opens with
 * a single-use ticket, so every (re)connection asks for a new one; after a failure it waits
 * 1, 2, 4 … 60 s (with jitter). While no stream is held the count is polled. Answers whether a
 * stream is held.
 */
export function useNotificationStream(isEnabled: boolean): boolean {
  const client = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isStopped = false;

    const retry = () => {
      setLive(false);
      if (isStopped) return;
      failures += 1;
      const delay = Math.min(60_000, 1_000 * 2 ** Math.min(failures - 1, 6));
      timer = setTimeout(connect, delay * (0.75 + Math.random() / 2));
    };
    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await api.post<StreamTicket>('/notifications/ticket')).ticket;
      } catch {
        retry();
        return;
      }
      if (isStopped) return;
      const opened = new EventSource(`/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
      source = opened;
      opened.addEventListener('ready', (event) => {
        failures = 0;
        setLive(true);
        setUnread(client, parse<'ready'>(event).unread);
        // What arrived while no stream was held.
        void client.invalidateQueries({ queryKey: LIST_KEY });
      });
      opened.addEventListener('notification', (event) => {
        const { notification, unread } = parse<'notification'>(event);
        client.setQueryData<NotificationList>(LIST_KEY, (list) =>
          list && !list.lists.some((n) => n.id === notification.id)
            ? { ...list, lists: [notification, ...list.lists].slice(0, LIST_SIZE), total: list.total + 1 }
            : list,
        );
        setUnread(client, unread);
        refreshPages(client, notification);
      });
      opened.addEventListener('read', (event) => {
        const { ids, unread } = parse<'read'>(event);
        markCached(client, ids, unread);
      });
      // Someone else ended this session: say why, and ask nothing more of the server (a refused
      // request would leave the page at once, with whatever the person was typing).
      opened.addEventListener('ended', (event) => {
        isStopped = true;
        opened.close();
        announceSignOut(parse<'ended'>(event).reason);
      });
      opened.addEventListener('unread', (event) => {
        const { ids, unread } = parse<'unread'>(event);
        markUnreadCached(client, ids, unread);
      });
      // The browser would retry with the same (used) ticket: close, and reconnect with a new one.
      opened.onerror = () => {
        opened.close();
        if (source === opened) retry();
      };
    };
    void connect();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [isEnabled, client]);
  return isLive;
}
