import './strings';
import { QUOTE_SORT_FIELDS, type Quote } from '@freight/contract';
import { Alert, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { errorMessage } from '../../components/api-error';
import { lazyDialog } from '../../components/lazy-dialog';
import { currentLocale } from '../../i18n';
import { quoteColumns } from './quote-columns';
import { QuoteFilterForm } from './quote-filters';
import { useQuoteList, type QuoteFilters, type QuoteSort } from './quotes-api';

const RfqModal = lazyDialog(async () => (await import('./rfq-modal')).RfqModal);

const DEFAULT_SIZE = 50;
const isSortField = (key: unknown): key is NonNullable<QuoteSort['field']> =>
  (QUOTE_SORT_FIELDS as readonly unknown[]).includes(key);

/** Shipping Quotes (spec §2): filters and a table; permissions decide the supplier column and buttons (§6). */
export function QuotesPage() {
  const { t } = useTranslation();
  const { authorities } = useAuth();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<QuoteFilters>({});
  const [sort, setSort] = useState<QuoteSort>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [rfqQuote, setRfqQuote] = useState<Quote | undefined>();
  const showSupplier = authorities.includes('quote_forwarder');
  const list = useQuoteList(filters, sort, page, size);
  const quotes = list.data?.lists ?? [];

  const columns = quoteColumns(t, quotes, {
    locale: currentLocale(),
    sort,
    showSupplier,
    canBook: authorities.includes('quote_booking'),
    canRfq: authorities.includes('quote_rfq'),
    onBook: (quote) => navigate(`/bookings/create-fcl?quote_id=${quote.id}`, { state: { quote } }),
    onRfq: setRfqQuote,
  });

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
      <Table<Quote>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
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
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === size ? nextPage : 1);
            setSize(nextSize);
          },
        }}
      />
      {rfqQuote && <RfqModal quote={rfqQuote} onClose={() => setRfqQuote(undefined)} />}
    </section>
  );
}
