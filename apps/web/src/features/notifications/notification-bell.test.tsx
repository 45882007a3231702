import '../../test-support/setup';
import type { NotificationList, NotificationRow } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { NotificationBell } from './notification-bell';
import { queryKeys } from '../../api/query-keys';

const row = (overrides: Partial<NotificationRow>): NotificationRow => ({
  id: 1,
  kind: 'booking',
  action: 'submit',
  object_id: 7,
  label: 'BK2611250001',
  party: 'forwarder',
  created_at: '2026-11-25T08:30:00Z',
  read: false,
  ...overrides,
});

const list: NotificationList = {
  lists: [
    row({ id: 3 }),
    row({ id: 2, kind: 'rfq', action: 'receive', object_id: 4, party: null, label: 'SHANGHAI → ROTTERDAM' }),
    row({ id: 1, kind: 'team', action: 'join', object_id: 9, party: null, label: 'WANG FANG', read: true }),
  ],
  total: 3,
  unread: 2,
};

function showBell(locale: 'en-US' | 'zh-CN') {
  return renderWithApp(<NotificationBell />, {
    locale,
    data: [
      [queryKeys.notifications.unread, { unread: 2 }],
      [queryKeys.notifications.list, list],
    ],
  });
}

describe('the notification bell', () => {
  it('states the unread count in its name, in English and Chinese', async () => {
    const shown = await showBell('en-US');
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeDefined();
    shown.unmount();
    await showBell('zh-CN');
    expect(screen.getByRole('button', { name: '通知，2 条未读' })).toBeDefined();
  });

  it('lists the newest, unread ones marked, each linked to its page', async () => {
    await showBell('en-US');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const items = within(await screen.findByRole('list', { name: 'Notifications' }));
    const links = items.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [expect.stringContaining('Unread: Booking BK2611250001 was submitted'), '/received-bookings/7'],
      [
        expect.stringContaining('Unread: New request for quotation: SHANGHAI → ROTTERDAM'),
        '/received-rfqs/4',
      ],
      [expect.stringContaining('WANG FANG accepted the invitation and joined the team'), '/team'],
    ]);
    expect(links[2]?.textContent).not.toContain('Unread');
    // The date in the English order.
    expect(links[0]?.textContent).toMatch(/11\/25\/2026 \d\d:\d\d/);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDefined();
  });
});
