import './strings';
import { RFQ_STATUSES, type RfqRecord, rfqTitle } from '@freight/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { errorMessage } from '../../components/api-error';
import { currentLocale } from '../../i18n';
import { formatReceived, RfqStatusTag } from './rfq-format';
import { MY_RFQS_KEY, useMyRfqs } from './rfqs-api';

const PAGE_SIZE = 10;

/** The status of a request as stored, read as one of RFQ_STATUSES. */
export const rfqStatusOf = (rfq: Pick<RfqRecord, 'status'>) =>
  RFQ_STATUSES.find((status) => status === rfq.status) ?? 'new';

/**
 * My RFQs: the requests for quotation the member's company sent, newest first, with their status
 * (new, quoted, closed), forwarder (where the member may know it), lane and date; each opens its
 * detail with the forwarder's answer. The list follows answers live (the notification stream).
 */
export function MyRfqsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const list = useMyRfqs(page, size);
  const isCompact = useMediaQuery(MOBILE_QUERY);
  const locale = currentLocale();
  const title = t('menu.rfqs');
  usePageTitle(title);

  const columns = [
    {
      title: t('rfqs.columns.sent'),
      key: 'sent',
      render: (_: unknown, row: RfqRecord) => formatReceived(row.create_time, locale),
    },
    {
      title: t('rfqs.columns.route'),
      key: 'route',
      render: (_: unknown, row: RfqRecord) => `${row.pol_name} → ${row.to_name}`,
    },
    { title: t('rfqs.columns.carrier'), dataIndex: 'carrier_name', key: 'carrier' },
    {
      title: t('rfqs.columns.forwarder'),
      key: 'forwarder',
      render: (_: unknown, row: RfqRecord) => row.forwarder_name || t('rfqs.forwarderHidden'),
    },
    {
      title: t('rfqs.columns.containers'),
      key: 'containers',
      render: (_: unknown, row: RfqRecord) => String(row.request.booking_space ?? ''),
    },
    {
      title: t('rfqs.columns.status'),
      key: 'status',
      render: (_: unknown, row: RfqRecord) => <RfqStatusTag status={rfqStatusOf(row)} />,
    },
    {
      title: t('rfqs.columns.action'),
      key: 'action',
      render: (_: unknown, row: RfqRecord) => (
        <Link to={`/rfqs/${row.id}`} aria-label={t('rfqs.detailOf', { title: rfqTitle(row) })}>
          {t('rfqs.detailAction')}
        </Link>
      ),
    },
  ];

  return (
    <section aria-labelledby="my-rfqs-title">
      <Typography.Title level={4} id="my-rfqs-title">
        {title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: [MY_RFQS_KEY] })}
        >
          {t('common.refresh')}
        </Button>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('rfqs.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <Table<RfqRecord>
        rowKey="id"
        size={isCompact ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.lists ?? []}
        columns={columns}
        locale={{ emptyText: t('rfqs.mineEmpty') }}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === size ? nextPage : 1);
            setSize(nextSize);
          },
        }}
      />
    </section>
  );
}
