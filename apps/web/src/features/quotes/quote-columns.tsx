import './strings';
import { formatDate, formatPrice, type Locale, type Quote } from '@freight/contract';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
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

/** The container types present on a page of quotes, in first-seen order: one price column each. */
export function containerTypes(quotes: Quote[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const quote of quotes)
    for (const space of quote.spaces)
      if (!seen.has(space.container_id)) seen.set(space.container_id, space.container_name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** The quote table's columns; the sortable ones carry the server's sort field as their key. */
export function quoteColumns(t: TFunction, quotes: Quote[], options: Options): ColumnsType<Quote> {
  const { locale, sort } = options;
  const date = (value: string | null) => formatDate(value, locale) || '-';
  const sortOrder = (field: string): SortOrder =>
    sort.field === field ? (sort.order === 'desc' ? 'descend' : 'ascend') : null;
  const sortable = (field: string) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  const columns: ColumnsType<Quote> = [
    { title: t('quotes.columns.carrier'), dataIndex: 'carrier_name', ...sortable('carrier_name') },
    { title: t('quotes.columns.pol'), dataIndex: 'pol_name', ...sortable('pol_name') },
    { title: t('quotes.columns.pod'), dataIndex: 'pod_name', key: 'pod_name' },
    { title: t('quotes.columns.to'), dataIndex: 'to_name', ...sortable('to_name') },
  ];
  if (options.showSupplier)
    columns.push({ title: t('quotes.columns.supplier'), dataIndex: 'forwarder_name', key: 'forwarder' });
  columns.push(
    {
      title: t('quotes.columns.validity'),
      ...sortable('sdate'),
      render: (_v, quote) => `${date(quote.sdate)} ~ ${date(quote.edate)}`,
    },
    {
      title: t('shared.fields.transit_days'),
      dataIndex: 'transit_days',
      ...sortable('transit_days'),
      render: (value: number | null) => value ?? '-',
    },
    { title: t('shared.fields.etd'), dataIndex: 'etd', ...sortable('etd'), render: date },
    { title: t('shared.fields.eta'), dataIndex: 'eta', ...sortable('eta'), render: date },
    ...containerTypes(quotes).map((container) => ({
      title: container.name,
      key: `container-${container.id}`,
      align: 'right' as const,
      render: (_v: unknown, quote: Quote) =>
        formatPrice(quote.spaces.find((s) => s.container_id === container.id)?.price) || '-',
    })),
  );
  if (options.canBook || options.canRfq)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, quote) => (
        <Space size={0}>
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
        </Space>
      ),
    });
  return columns;
}
