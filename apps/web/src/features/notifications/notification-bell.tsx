import { type NotificationRow, notificationLink } from '@freight/contract';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useNotificationStream,
  useUnreadCount,
} from './notifications-api';
import { SignOutNotice } from './sign-out-notice';
import { notificationText, notificationTime, VISUALLY_HIDDEN } from './notification-text';

function NotificationItem(props: { row: NotificationRow; onOpen: (row: NotificationRow) => void }) {
  const { t, i18n } = useTranslation();
  const { row } = props;
  const text = notificationText(t, row);
  const link = notificationLink(row);
  const body = (
    <>
      <Typography.Text strong={!row.read} style={{ display: 'block' }}>
        {!row.read && <span style={VISUALLY_HIDDEN}>{t('notifications.unreadMark')} </span>}
        {text}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {notificationTime(row.created_at, i18n.language)}
      </Typography.Text>
    </>
  );
  return (
    <li
      style={{
        padding: '8px 12px',
        borderBottom: '1px solid #f0f0f0',
        background: row.read ? undefined : '#f0f7ff',
      }}
    >
      {link ? (
        <Link to={link} onClick={() => props.onOpen(row)} style={{ color: 'inherit', display: 'block' }}>
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * The header's bell: the unread count (live over the event stream, else polled), and a list of
 * the newest notifications. Opening one marks it read and goes to its booking, RFQ or team page.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const isLive = useNotificationStream(true);
  // Unknown until the first answer: the bell is then named without a count.
  const count = useUnreadCount(isLive).data?.unread;
  const unread = count ?? 0;
  const list = useNotificationList(isOpen);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const onOpen = (row: NotificationRow) => {
    setOpen(false);
    if (!row.read) markRead.mutate(row.id);
  };
  const rows = list.data?.lists ?? [];
  const content = (
    // A phone is narrower than the list: the popover takes the screen's width less a margin a side.
    <div
      role="dialog"
      aria-label={t('notifications.title')}
      style={{ width: 'min(340px, calc(100vw - 24px))' }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '4px 12px 8px',
        }}
      >
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.isPending ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <ul
          aria-label={t('notifications.title')}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}
        >
          {rows.map((row) => (
            <NotificationItem key={row.id} row={row} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <div style={{ padding: '8px 12px', borderTop: '1px solid #f0f0f0', textAlign: 'center' }}>
        <Link to="/notifications" onClick={() => setOpen(false)}>
          {t('notifications.viewAll')}
        </Link>
      </div>
    </div>
  );
  return (
    <>
      <SignOutNotice />
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        // Aligned to the bell, the list would start left of a phone's screen; it slides back in
        // rather than flipping to the other side, where it would be cut at the right.
        align={{ overflow: { shiftX: true, adjustY: true } }}
        open={isOpen}
        onOpenChange={setOpen}
        styles={{ container: { padding: '8px 0 0' } }}
      >
        <Button
          type="text"
          aria-label={count === undefined ? t('notifications.title') : t('notifications.bell', { count })}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          icon={
            <Badge count={unread} size="small" overflowCount={99}>
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
    </>
  );
}
