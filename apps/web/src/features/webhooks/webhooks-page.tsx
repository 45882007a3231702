import './strings';
import type { WebhookEndpointRow, WebhookEvent } from '@freight/contract';

import { PlusOutlined } from '@ant-design/icons';

import { useQueryClient } from '@tanstack/react-query';

import { Alert, App, Button, Modal, Space, Switch, Table, Tag, Typography } from 'antd';

import { useState } from 'react';

import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../app/page-title';

import { errorMessage } from '../../components/api-error';

import { useAction } from '../../components/use-action';

import { lazyDialog } from '../../components/lazy-dialog';

import { currentLocale } from '../../i18n';

import { formatDateTime } from '../../app/time-zone';

import { deleteWebhook, rotateSecret, sendTest, updateWebhook, useWebhooks } from './webhooks-api';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

const EndpointModal = lazyDialog(async () => (await import('./endpoint-modal')).EndpointModal);
const DeliveriesModal = lazyDialog(async () => (await import('./deliveries-modal')).DeliveriesModal);

/**
 * Webhooks for integrators, for owners and admins beside the team page: the
 * company's endpoints, each with its events, switch, test event, secret rotation and delivery log.
 * A secret is shown once, right after it is made.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  usePageTitle(t('webhookPage.title'));
  const { modal } = App.useApp();
  const message = useToast();
  const queryClient = useQueryClient();
  const list = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpointRow | 'new' | undefined>();
  const [logOf, setLogOf] = useState<WebhookEndpointRow | undefined>();
  const [secret, setSecret] = useState<string | undefined>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
  const action = useAction();
  const run = async (work: () => Promise<unknown>, success?: string) => {
    await action.run(
      async () => {
        await work();
        if (success) message.success(success);
      },
      { title: t('common.failed') },
    );
    await refresh();
  };
  const confirm = (title: string, okText: string, onOk: () => Promise<void>) =>
    modal.confirm({ title, okText, okButtonProps: { danger: true }, cancelText: t('common.cancel'), onOk });

  const onToggle = (row: WebhookEndpointRow, enabled: boolean) =>
    run(() => updateWebhook(row.id, { url: row.url, events: row.events, enabled }));
  const onRotate = (row: WebhookEndpointRow) =>
    confirm(t('webhookPage.rotateConfirm', { url: row.url }), t('webhookPage.rotate'), () =>
      run(async () => setSecret((await rotateSecret(row.id)).secret)),
    );
  const onDelete = (row: WebhookEndpointRow) =>
    confirm(t('webhookPage.deleteConfirm', { url: row.url }), t('webhookPage.delete'), () =>
      run(() => deleteWebhook(row.id), t('webhookPage.deleted')),
    );

  return (
    <section aria-labelledby="webhooks-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={4} id="webhooks-title" style={{ margin: 0 }}>
          {t('webhookPage.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('webhookPage.add')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('webhookPage.intro')}{' '}
        {/* The portal's own OpenAPI reference (Swagger UI), for the integrator reading this page. */}
        <Typography.Link href="/api/docs" target="_blank" rel="noopener">
          {t('webhookPage.apiDocs')}
        </Typography.Link>
      </Typography.Paragraph>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('webhookPage.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <Table<WebhookEndpointRow>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('webhookPage.empty') }}
        columns={[
          {
            title: t('webhookPage.url'),
            dataIndex: 'url',
            width: 300,
            // One line, never broken inside the host or port; the whole address on hover.
            render: (url: string) => (
              <Typography.Text ellipsis={{ tooltip: url }} style={{ maxWidth: 280 }}>
                {url}
              </Typography.Text>
            ),
          },
          {
            title: t('webhookPage.events'),
            dataIndex: 'events',
            render: (events: WebhookEvent[]) => (
              <Space size={[0, 4]} wrap>
                {events.map((event) => (
                  <Tag key={event}>{t(`shared.webhooks.event.${event}`)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('webhookPage.columns.status'),
            key: 'enabled',
            // Room for "Enabled"/"Disabled" on one line; longer states wrap between words only.
            width: 180,
            render: (_, row) => (
              <Space direction="vertical" size={2}>
                <Switch
                  checked={row.enabled}
                  disabled={!row.actions.includes('edit')}
                  aria-label={t('webhookPage.toggle', { url: row.url })}
                  onChange={(checked) => void onToggle(row, checked)}
                />
                <Typography.Text
                  type={row.enabled ? 'success' : 'secondary'}
                  style={{ wordBreak: 'normal', overflowWrap: 'normal' }}
                >
                  {row.enabled
                    ? t('webhookPage.enabled')
                    : t(
                        row.disabled_reason === 'failures'
                          ? 'webhookPage.disabledFailures'
                          : 'webhookPage.disabled',
                      )}
                </Typography.Text>
                {row.failures > 0 && (
                  <Typography.Text type="warning">
                    {t('webhookPage.failures')}: {row.failures}
                  </Typography.Text>
                )}
                {/* The receiver stopped answering: nothing is sent to it until the retry. */}
                {row.circuit !== 'closed' && (
                  <Typography.Text type="danger">
                    {row.circuit === 'open' && row.circuit_retry_at
                      ? t('webhookPage.circuitOpen', {
                          time: formatDateTime(row.circuit_retry_at, locale),
                        })
                      : t('webhookPage.circuitHalfOpen')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('webhookPage.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space wrap size={[4, 4]}>
                <Button size="small" onClick={() => setLogOf(row)}>
                  {t('webhookPage.log')}
                </Button>
                {/* The row's own `actions` (the server's rules) say which of these it offers. */}
                {row.actions.includes('test') && (
                  <Button
                    size="small"
                    onClick={() => void run(() => sendTest(row.id), t('webhookPage.testQueued'))}
                  >
                    {t('webhookPage.test')}
                  </Button>
                )}
                {row.actions.includes('edit') && (
                  <Button size="small" onClick={() => setEditing(row)}>
                    {t('webhookPage.edit')}
                  </Button>
                )}
                {row.actions.includes('rotate') && (
                  <Button size="small" onClick={() => onRotate(row)}>
                    {t('webhookPage.rotate')}
                  </Button>
                )}
                {row.actions.includes('delete') && (
                  <Button size="small" danger onClick={() => onDelete(row)}>
                    {t('webhookPage.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <EndpointModal
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(created) => {
            setEditing(undefined);
            if (created) setSecret(created);
            void refresh();
          }}
        />
      )}
      {logOf && <DeliveriesModal endpoint={logOf} onClose={() => setLogOf(undefined)} />}
      <Modal
        open={secret !== undefined}
        title={t('webhookPage.secretTitle')}
        onOk={() => setSecret(undefined)}
        onCancel={() => setSecret(undefined)}
        okText={t('common.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('webhookPage.secretOnce')} />
        <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
          {secret}
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
