import './strings';
import { QUOTE_SORT_FIELDS, type Quote } from '@freight/contract';
import { Alert, Pagination, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReferenceList } from '../../api/reference';
import { useAuth } from '../../app/auth';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { errorMessage } from '../../components/api-error';
import { lazyDialog } from '../../components/lazy-dialog';
import { currentLocale } from '../../i18n';
import { QuoteCards } from './quote-cards';
import { quoteColumns } from './quote-columns';
import { QuoteFilterForm } from './quote-filters';
import { QUOTE_PAGE_SIZE, useQuoteList, type QuoteFilters, type QuoteSort } from './quotes-api';
import { usePageTitle } from '../../app/page-title';
import { tableLoading } from '../../components/table-loading';

const RfqModal = lazyDialog(async () => (await import('./rfq-modal')).RfqModal);

const isSortField = (key: unknown): key is NonNullable<QuoteSort['field']> =>
  (QUOTE_SORT_FIELDS as readonly unknown[]).includes(key);

/** Shipping Quotes (spec §2): filters and a table; permissions decide the supplier column and buttons (§6). */
export function QuotesPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.quotes'));
  const { authorities, abilities } = useAuth();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<QuoteFilters>({});
  const [sort, setSort] = useState<QuoteSort>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(QUOTE_PAGE_SIZE);
  const [rfqQuote, setRfqQuote] = useState<Quote | undefined>();
  const showSupplier = authorities.includes('quote_forwarder');
  const list = useQuoteList(filters, sort, page, size);
  const quotes = list.data?.lists ?? [];

  const isMobile = useMediaQuery(MOBILE_QUERY);
  // Price columns follow the container types' reference order, whatever the rows' order.
  const containers = useReferenceList('container');
  const containerOrder = (containers.data?.lists ?? []).map((item) => item.id);
  const options = {
    locale: currentLocale(),
    sort,
    showSupplier,
    // The server's abilities: a viewer is offered neither, nor is a company without the permission.
    canBook: abilities.book,
    canRfq: abilities.rfq,
    onBook: (quote: Quote) => navigate(`/bookings/create-fcl?quote_id=${quote.id}`, { state: { quote } }),
    onRfq: setRfqQuote,
  };
  const columns = quoteColumns(t, quotes, options, containerOrder);
  const pagination = {
    current: page,
    pageSize: size,
    total: list.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 30, 50],
    showTotal: (total: number) => t('common.total', { total }),
    onChange: (nextPage: number, nextSize: number) => {
      setPage(nextSize === size ? nextPage : 1);
      setSize(nextSize);
    },
  };

  return (
    <section aria-labelledby="quotes-title">
      <Typography.Title level={4} id="quotes-title">
        {t('menu.quotes')}
      </Typography.Title>
      <QuoteFilterForm
        showSupplier={showSupplier}
        onSearch={(next, options) => {
          setFilters(showSupplier ? next : { ...next, forwarder_id: undefined });
          setPage(1);
          // Reset returns the board to its default order too.
          if (options?.reset) setSort({});
        }}
      />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('quotes.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      {isMobile ? (
        <>
          <QuoteCards
            t={t}
            quotes={quotes}
            options={options}
            containerOrder={containerOrder}
            loading={list.isFetching}
          />
          <Pagination {...pagination} simple align="center" />
        </>
      ) : (
        <Table<Quote>
          rowKey="id"
          size="middle"
          // Fixed layout: the widths hold (long names end in an ellipsis), so the prices stay in view
          // at 1366 px; past the window's width (many container types) the table scrolls.
          tableLayout="fixed"
          scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) }}
          {...tableLoading<Quote>(list)}
          dataSource={quotes}
          columns={columns}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Quote> | undefined;
            setSort(
              one?.order && isSortField(one.columnKey)
                ? { field: one.columnKey, order: one.order === 'descend' ? 'desc' : 'asc' }
                : {},
            );
            setPage(1);
          }}
          pagination={pagination}
        />
      )}
      {rfqQuote && <RfqModal quote={rfqQuote} onClose={() => setRfqQuote(undefined)} />}
    </section>
  );
}
