import './strings';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '@freight/contract';
import { Alert, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/time-zone';
import { errorMessage } from '../../components/api-error';
import { currentLocale } from '../../i18n';
import { useDeliveries } from './webhooks-api';

const COLORS = { pending: 'processing', delivered: 'success', failed: 'error' } as const;
/** Times as every other page writes them: the portal's zone, the language's date order, 24 hours. */
const time = (value: string | null) => (value ? formatDateTime(value, currentLocale()) : '—');

/** An endpoint's delivery log: each event, its status, attempts and the receiver's last answer. */
export function DeliveriesModal({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useDeliveries(endpoint.id, page, 20);
  return (
    <Modal
      open
      width={960}
      title={t('webhookPage.logOf', { url: endpoint.url })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {log.isError && <Alert type="error" showIcon title={errorMessage(log.error, t('common.failed'))} />}
      <Table<WebhookDeliveryRow>
        rowKey="id"
        size="small"
        scroll={{ x: 760 }}
        loading={log.isPending}
        dataSource={log.data?.lists ?? []}
        pagination={{ current: page, pageSize: 20, total: log.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('webhookPage.columns.time'), dataIndex: 'created_at', render: time },
          {
            title: t('webhookPage.columns.event'),
            dataIndex: 'event_type',
            render: (type: string) => t(`shared.webhooks.event.${type}`, { defaultValue: type }),
          },
          {
            title: t('webhookPage.columns.status'),
            dataIndex: 'status',
            render: (status: WebhookDeliveryRow['status']) => (
              <Tag color={COLORS[status]}>{t(`webhookPage.status.${status}`)}</Tag>
            ),
          },
          { title: t('webhookPage.columns.attempts'), dataIndex: 'attempts' },
          { title: t('webhookPage.columns.code'), dataIndex: 'response_code', render: (code) => code ?? '—' },
          {
            title: t('webhookPage.columns.error'),
            dataIndex: 'last_error',
            ellipsis: true,
            render: (e) => e ?? '—',
          },
          { title: t('webhookPage.columns.next'), dataIndex: 'next_attempt_at', render: time },
        ]}
      />
    </Modal>
  );
}
