import './strings';
import { expiresSoon, formatDate, type Locale, type Quote } from '@freight/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { containerTypes, priceOf, routeText } from './quote-layout';
import type { QuoteSort } from './quotes-api';

type Options = {
  locale: Locale;
  sort: QuoteSort;
  showSupplier: boolean;
  canBook: boolean;
  canRfq: boolean;
  onBook: (quote: Quote) => void;
  onRfq: (quote: Quote) => void;
};

/** The Book and RFQ buttons of a quote, as the permissions allow. */
export function QuoteActions({ quote, options, t }: { quote: Quote; options: Options; t: TFunction }) {
  // A plain wrapping row, not Ant Design's Space: it is rendered on every row of the board, and
  // Space's own styles and contexts cost more than the buttons it lays out.
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap' }}>
      {options.canBook && (
        <Button type="link" onClick={() => options.onBook(quote)}>
          {t('quotes.book')}
        </Button>
      )}
      {options.canRfq && (
        <Button type="link" onClick={() => options.onRfq(quote)}>
          {t('quotes.rfq.button')}
        </Button>
      )}
    </div>
  );
}

/** The key of a price column: this prefix and the container type's id. */
export const PRICE_KEY = 'price-';

/** Text that keeps to one line and shows the whole of itself on hover. */
const oneLine = (width: number) => ({
  width,
  ellipsis: { showTitle: true },
});

/**
 * The quote table's columns; the sortable ones carry the server's sort field as their key. The
 * prices are what people come for: at 1366 px they are all in view without scrolling sideways, so
 * the route is one cell (POL → POD → delivery), the dates are short, long names end in an ellipsis.
 */
export function quoteColumns(
  t: TFunction,
  quotes: Quote[],
  options: Options,
  containerOrder: readonly number[] = [],
): ColumnsType<Quote> {
  const { locale, sort } = options;
  const date = (value: string | null) => formatDate(value, locale) || '-';
  const sortOrder = (field: string): SortOrder =>
    sort.field === field ? (sort.order === 'desc' ? 'descend' : 'ascend') : null;
  const sortable = (field: string) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });
  const priceOrder = (containerId: number): SortOrder =>
    sort.field === 'price' && sort.container_id === containerId
      ? sort.order === 'desc'
        ? 'descend'
        : 'ascend'
      : null;

  const columns: ColumnsType<Quote> = [
    {
      title: t('quotes.columns.carrier'),
      dataIndex: 'carrier_name',
      ...sortable('carrier_name'),
      // Carrier names wrap rather than end in an ellipsis: "Ocean Network Express (ONE)" is read in
      // full, by sight and by screen readers alike.
      width: 150,
    },
    {
      title: t('quotes.route'),
      ...sortable('pol_name'),
      width: 210,
      render: (_v, quote) => routeText(quote),
    },
  ];
  if (options.showSupplier)
    columns.push({
      title: t('quotes.columns.supplier'),
      dataIndex: 'forwarder_name',
      key: 'forwarder',
      ...oneLine(160),
    });
  columns.push(
    {
      title: t('quotes.columns.validity'),
      ...sortable('sdate'),
      width: 112,
      render: (_v, quote) => (
        <>
          {date(quote.sdate)}
          <br />~ {date(quote.edate)}
          {expiresSoon(quote.edate) && (
            <>
              <br />
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                {t('quotes.columns.expiresSoon')}
              </Tag>
            </>
          )}
        </>
      ),
    },
    {
      title: t('quotes.columns.transit'),
      dataIndex: 'transit_days',
      ...sortable('transit_days'),
      width: 84,
      render: (value: number | null) => (value === null ? '-' : t('quotes.days', { count: value })),
    },
    {
      title: t('quotes.columns.etdEta'),
      ...sortable('etd'),
      width: 112,
      render: (_v, quote) => (
        <>
          {date(quote.etd)}
          <br />
          <Typography.Text type="secondary">{date(quote.eta)}</Typography.Text>
        </>
      ),
    },
    // Each container type's prices sort the whole board on the server ("cheapest first").
    ...containerTypes(quotes, containerOrder).map((container) => ({
      title: container.name,
      key: `${PRICE_KEY}${container.id}`,
      sorter: true,
      sortOrder: priceOrder(container.id),
      align: 'right' as const,
      width: 100,
      render: (_v: unknown, quote: Quote) => <strong>{priceOf(quote, container.id)}</strong>,
    })),
  );
  if (options.canBook || options.canRfq)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_v, quote) => <QuoteActions quote={quote} options={options} t={t} />,
    });
  return columns;
}

export type { Options as QuoteColumnOptions };
