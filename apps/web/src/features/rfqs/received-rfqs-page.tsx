import './strings';
import {
  formatDate,
  RFQ_STATUSES,
  type ReceivedRfq,
  receivedRfqQuery,
  rfqTitle,
  type RfqStatus,
} from '@freight/contract';

import { Radio } from 'antd';

import { useTranslation } from 'react-i18next';

import { Link } from 'react-router';

import { useUrlFilters } from '../../app/use-url-filters';

import { currentLocale } from '../../i18n';

import { formatReceived, RfqStatusTag, routeText } from './rfq-format';

import { RfqListSection } from './rfq-list-section';

import { useReceivedRfqs } from './rfqs-api';
import { queryKeys } from '../../api/query-keys';

const PAGE_SIZE = 10;

/**
 * Received RFQs (role rate): the requests for quotation members sent about the forwarder's rates,
 * newest first, filtered by status; each opens its detail (the link of the RFQ mail).
 */
export function ReceivedRfqsPage() {
  const { t } = useTranslation();
  // The status filter, page and size live in the address (shareable, kept on reload).
  const [query, setQuery] = useUrlFilters(receivedRfqQuery);
  const { status, page = 1, size = PAGE_SIZE } = query;
  const list = useReceivedRfqs(status, page, size);
  const locale = currentLocale();

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
    <RfqListSection<ReceivedRfq>
      headingId="received-rfqs-title"
      title={t('menu.receivedRfqs')}
      queryKey={queryKeys.receivedRfqs.all}
      list={list}
      columns={columns}
      page={page}
      size={size}
      onPage={(nextPage, nextSize) =>
        setQuery({ status, page: nextPage === 1 ? undefined : nextPage, size: nextSize })
      }
      toolbar={
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
      }
    />
  );
}
