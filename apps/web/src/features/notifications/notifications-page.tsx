import { type NotificationRow, notificationLink } from '@freight/contract';
import { Alert, Button, Empty, Input, Pagination, Radio, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { errorMessage } from '../../components/api-error';
import { notificationText, notificationTime, VISUALLY_HIDDEN } from './notification-text';
import {
  type NotificationFilters,
  useMarkAllRead,
  useMarkRead,
  useMarkUnread,
  useNotificationPage,
} from './notifications-api';

const PAGE_SIZE = 20;

function Row(props: { row: NotificationRow }) {
  const { t, i18n } = useTranslation();
  const { row } = props;
  const markRead = useMarkRead();
  const markUnread = useMarkUnread();
  const text = notificationText(t, row);
  const link = notificationLink(row);
  const busy = markRead.isPending || markUnread.isPending;
  return (
    <li
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        padding: '10px 12px',
        borderBottom: '1px solid #f0f0f0',
        background: row.read ? undefined : '#f0f7ff',
      }}
    >
      <div style={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography.Text strong={!row.read} style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {!row.read && <span style={VISUALLY_HIDDEN}>{t('notifications.unreadMark')} </span>}
          {link ? (
            <Link to={link} onClick={() => !row.read && markRead.mutate(row.id)}>
              {text}
            </Link>
          ) : (
            text
          )}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {notificationTime(row.created_at, i18n.language)}
        </Typography.Text>
      </div>
      <Button
        size="small"
        loading={busy}
        aria-label={t(row.read ? 'notifications.markUnreadOf' : 'notifications.markReadOf', { text })}
        onClick={() => (row.read ? markUnread.mutate(row.id) : markRead.mutate(row.id))}
      >
        {t(row.read ? 'notifications.markUnread' : 'notifications.markRead')}
      </Button>
    </li>
  );
}

/**
 * The notification centre: every notification of the signed-in person, newest first, in pages;
 * all or only the unread ones, or those about bookings whose number contains what is typed. Each
 * can be marked read or unread again, all at once read. Reached from the bell ("View all").
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const title = t('notifications.title');
  usePageTitle(title);
  const [filters, setFilters] = useState<NotificationFilters>({
    page: 1,
    size: PAGE_SIZE,
    unread: false,
    booking: '',
  });
  const list = useNotificationPage(filters);
  const markAll = useMarkAllRead();
  const rows = list.data?.lists ?? [];
  const unread = list.data?.unread ?? 0;

  return (
    <section aria-labelledby="notifications-title">
      <Typography.Title level={4} id="notifications-title">
        {title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Radio.Group
          aria-label={t('notifications.show')}
          optionType="button"
          value={filters.unread ? 'unread' : 'all'}
          options={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unreadOnly', { count: unread }) },
          ]}
          onChange={(event) =>
            setFilters((f) => ({ ...f, page: 1, unread: event.target.value === 'unread' }))
          }
        />
        <Input.Search
          aria-label={t('notifications.bookingFilter')}
          placeholder={t('notifications.bookingFilter')}
          allowClear
          maxLength={30}
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(value) => setFilters((f) => ({ ...f, page: 1, booking: value.trim() }))}
        />
        <Button disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          {t('notifications.markAllRead')}
        </Button>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('notifications.loadFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      {list.isPending ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ul>
      )}
      <Pagination
        style={{ marginTop: 16 }}
        current={filters.page}
        pageSize={filters.size}
        total={list.data?.total ?? 0}
        showSizeChanger
        showTotal={(total) => t('common.total', { total })}
        onChange={(page, size) => setFilters((f) => ({ ...f, page: size === f.size ? page : 1, size }))}
      />
    </section>
  );
}
