import './strings';
import { QUOTE_SORT_FIELDS, type Quote, quoteQuery } from '@freight/contract';
import { Alert, Pagination, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useDeferredValue, useState } from 'react';
import { useUrlFilters } from '../../app/use-url-filters';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReferenceList } from '../../api/reference';
import { useAuth } from '../../app/auth';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { errorMessage } from '../../components/api-error';
import { lazyDialog } from '../../components/lazy-dialog';
import { currentLocale } from '../../i18n';
import { QuoteCards } from './quote-cards';
import { PRICE_KEY, quoteColumns } from './quote-columns';
import { QuoteFilterForm } from './quote-filters';
import { QUOTE_PAGE_SIZE, useQuoteList, type QuoteFilters, type QuoteSort } from './quotes-api';
import { usePageTitle } from '../../app/page-title';
import { tableLoading } from '../../components/table-loading';

const RfqModal = lazyDialog(async () => (await import('./rfq-modal')).RfqModal);

/** The rows of a first render: more than a tall window shows. */
const FIRST_ROWS = 12;

const isSortField = (key: unknown): key is NonNullable<QuoteSort['field']> =>
  (QUOTE_SORT_FIELDS as readonly unknown[]).includes(key);

/** The order a clicked column header asks for: its field, or the price of its container type. */
function sortOf(columnKey: unknown, order: 'asc' | 'desc'): QuoteSort {
  if (typeof columnKey === 'string' && columnKey.startsWith(PRICE_KEY)) {
    const containerId = Number(columnKey.slice(PRICE_KEY.length));
    return Number.isInteger(containerId) ? { field: 'price', container_id: containerId, order } : {};
  }
  return isSortField(columnKey) && columnKey !== 'price' ? { field: columnKey, order } : {};
}

/** Shipping Quotes: filters and a table; permissions decide the supplier column and buttons. */
export function QuotesPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.quotes'));
  const { authorities, abilities } = useAuth();
  const navigate = useNavigate();
  // Filters, order and page live in the address: shareable, kept on reload and language switch.
  const [query, setQuery] = useUrlFilters(quoteQuery);
  const { page = 1, size = QUOTE_PAGE_SIZE, field, order, container_id } = query;
  const filters: QuoteFilters = {
    carrier_id: query.carrier_id,
    forwarder_id: query.forwarder_id,
    pol_id: query.pol_id,
    to_id: query.to_id,
    route_id: query.route_id,
  };
  // A price order needs its container type; an address without one gets the default order.
  const sort: QuoteSort =
    field && (field !== 'price' || container_id) ? { field, order: order ?? 'asc', container_id } : {};
  const setFilters = (next: QuoteFilters, nextSort: QuoteSort = sort) =>
    setQuery({ ...next, ...nextSort, size: size === QUOTE_PAGE_SIZE ? undefined : size });
  const [rfqQuote, setRfqQuote] = useState<Quote | undefined>();
  const showSupplier = authorities.includes('quote_forwarder');
  const list = useQuoteList(filters, sort, page, size);
  const quotes = list.data?.lists ?? [];
  // A screenful of rows first, the rest in a render of their own that input may interrupt: the
  // board's first rows painted after all fifty had rendered (seconds of a slow CPU after the login).
  const deferred = useDeferredValue(quotes, quotes.slice(0, FIRST_ROWS));
  // The deferred value trails the rows that have just come: an empty one then would flash "No
  // data" between the spinner and the rows, so the first screenful stands in for it.
  const shown = deferred.length === 0 && quotes.length > 0 ? quotes.slice(0, FIRST_ROWS) : deferred;

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
    onChange: (nextPage: number, nextSize: number) =>
      setQuery({ ...filters, ...sort, page: nextSize === size ? nextPage : undefined, size: nextSize }),
  };

  return (
    <section aria-labelledby="quotes-title">
      <Typography.Title level={4} id="quotes-title">
        {t('menu.quotes')}
      </Typography.Title>
      <QuoteFilterForm
        showSupplier={showSupplier}
        filters={filters}
        onSearch={(next, options) =>
          // Reset returns the board to its default order too.
          setFilters(showSupplier ? next : { ...next, forwarder_id: undefined }, options?.reset ? {} : sort)
        }
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
            quotes={shown}
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
          dataSource={shown}
          columns={columns}
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort') return;
            const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Quote> | undefined;
            setFilters(
              filters,
              one?.order ? sortOf(one.columnKey, one.order === 'descend' ? 'desc' : 'asc') : {},
            );
          }}
          pagination={pagination}
        />
      )}
      {rfqQuote && <RfqModal quote={rfqQuote} onClose={() => setRfqQuote(undefined)} />}
    </section>
  );
}
