import './strings';
import { pageQuery, RFQ_STATUSES, type RfqRecord, rfqTitle } from '@freight/contract';

import { useTranslation } from 'react-i18next';

import { Link } from 'react-router';

import { useUrlFilters } from '../../app/use-url-filters';

import { currentLocale } from '../../i18n';

import { formatReceived, RfqStatusTag } from './rfq-format';

import { RfqListSection } from './rfq-list-section';

import { useMyRfqs } from './rfqs-api';
import { queryKeys } from '../../api/query-keys';

const PAGE_SIZE = 10;
const myRfqsQuery = pageQuery(PAGE_SIZE);

/** The status of a request as stored, read as one of RFQ_STATUSES. */
export const rfqStatusOf = (rfq: Pick<RfqRecord, 'status'>) =>
  RFQ_STATUSES.find((status) => status === rfq.status) ?? 'new';

/**
 * My RFQs: the requests for quotation the member's company sent, newest first, with their status
 * (new, quoted, closed), forwarder (where the member may know it), lane and date; each opens its
 * detail with the forwarder's answer. The list follows answers live (the notification stream); its
 * page and size live in the address like every list's.
 */
export function MyRfqsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useUrlFilters(myRfqsQuery);
  const { page = 1, size = PAGE_SIZE } = query;
  const list = useMyRfqs(page, size);
  const locale = currentLocale();

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
    <RfqListSection<RfqRecord>
      headingId="my-rfqs-title"
      title={t('menu.rfqs')}
      queryKey={queryKeys.myRfqs.all}
      list={list}
      columns={columns}
      page={page}
      size={size}
      emptyText={t('rfqs.mineEmpty')}
      onPage={(nextPage, nextSize) =>
        setQuery({
          page: nextPage === 1 ? undefined : nextPage,
          size: nextSize === PAGE_SIZE ? undefined : nextSize,
        })
      }
    />
  );
}
