import './strings';
import {
  formatDate,
  RFQ_STATUSES,
  type ReceivedRfq,
  receivedRfqQuery,
  rfqTitle,
  type RfqStatus,
} from '@freight/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Radio, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useUrlFilters } from '../../app/use-url-filters';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { errorMessage } from '../../components/api-error';
import { currentLocale } from '../../i18n';
import { formatReceived, RfqStatusTag, routeText } from './rfq-format';
import { RECEIVED_RFQS_KEY, useReceivedRfqs } from './rfqs-api';

const PAGE_SIZE = 10;

/**
 * Received RFQs (role rate): the requests for quotation members sent about the forwarder's rates,
 * newest first, filtered by status; each opens its detail (the link of the RFQ mail).
 */
export function ReceivedRfqsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The status filter, page and size live in the address (shareable, kept on reload).
  const [query, setQuery] = useUrlFilters(receivedRfqQuery);
  const { status, page = 1, size = PAGE_SIZE } = query;
  const list = useReceivedRfqs(status, page, size);
  const isCompact = useMediaQuery(MOBILE_QUERY);
  const locale = currentLocale();
  const title = t('menu.receivedRfqs');
  usePageTitle(title);

  const columns = [
    {
      title: t('rfqs.columns.received'),
      key: 'received',
      render: (_: unknown, row: ReceivedRfq) => (
        <Link to={`/received-rfqs/${row.id}`}>{formatReceived(row.create_time, locale)}</Link>
      ),
    },
    {
      title: t('rfqs.columns.requester'),
      key: 'requester',
      render: (_: unknown, row: ReceivedRfq) => row.requester.company,
    },
    {
      title: t('rfqs.columns.route'),
      key: 'route',
      render: (_: unknown, row: ReceivedRfq) => routeText(row),
    },
    { title: t('rfqs.columns.carrier'), dataIndex: 'carrier_name', key: 'carrier' },
    { title: t('rfqs.columns.containers'), dataIndex: 'booking_space', key: 'containers' },
    {
      title: t('rfqs.columns.readyDate'),
      key: 'ready',
      render: (_: unknown, row: ReceivedRfq) => formatDate(row.ready_date, locale),
    },
    {
      title: t('rfqs.columns.status'),
      key: 'status',
      render: (_: unknown, row: ReceivedRfq) => <RfqStatusTag status={row.status} />,
    },
    {
      title: t('rfqs.columns.action'),
      key: 'action',
      render: (_: unknown, row: ReceivedRfq) => (
        <Link to={`/received-rfqs/${row.id}`} aria-label={t('rfqs.detailOf', { title: rfqTitle(row) })}>
          {t('rfqs.detailAction')}
        </Link>
      ),
    },
  ];

  return (
    <section aria-labelledby="received-rfqs-title">
      <Typography.Title level={4} id="received-rfqs-title">
        {title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Radio.Group
          aria-label={t('rfqs.filterLabel')}
          optionType="button"
          value={status ?? 'all'}
          options={[
            { value: 'all', label: t('rfqs.all') },
            ...RFQ_STATUSES.map((value) => ({ value, label: t(`rfqs.status.${value}`) })),
          ]}
          onChange={(event) => {
            const value = event.target.value as RfqStatus | 'all';
            setQuery({
              status: value === 'all' ? undefined : value,
              size: size === PAGE_SIZE ? undefined : size,
            });
          }}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: [RECEIVED_RFQS_KEY] })}
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
      <Table<ReceivedRfq>
        rowKey="id"
        size={isCompact ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.lists ?? []}
        columns={columns}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) =>
            setQuery({ status, page: nextSize === size ? nextPage : undefined, size: nextSize }),
        }}
      />
    </section>
  );
}
