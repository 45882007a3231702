import { expiresSoon, formatDate, type Quote } from '@freight/contract';
import { Card, Descriptions, Empty, List, Spin, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { QuoteActions, type QuoteColumnOptions } from './quote-columns';
import { containerTypes, priceOf, routeText } from './quote-layout';

type Props = {
  t: TFunction;
  quotes: Quote[];
  options: QuoteColumnOptions;
  containerOrder: readonly number[];
  loading: boolean;
};

/**
 * The quote board on a phone: each quote a card that reads top to bottom (route,
 * carrier, validity, transit, ETD/ETA, the price of each container type, Book and RFQ), instead of
 * a table whose price columns would lie off the screen.
 */
export function QuoteCards({ t, quotes, options, containerOrder, loading }: Props) {
  const date = (value: string | null) => formatDate(value, options.locale) || '-';
  if (loading && quotes.length === 0) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (quotes.length === 0) return <Empty />;
  return (
    <List
      aria-busy={loading}
      dataSource={quotes}
      split={false}
      renderItem={(quote) => (
        <List.Item key={quote.id} style={{ padding: '0 0 12px' }}>
          <Card
            size="small"
            style={{ width: '100%' }}
            title={<span style={{ whiteSpace: 'normal' }}>{routeText(quote)}</span>}
            aria-label={routeText(quote)}
          >
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'carrier', label: t('quotes.columns.carrier'), children: quote.carrier_name },
                ...(options.showSupplier
                  ? [
                      {
                        key: 'forwarder',
                        label: t('quotes.columns.supplier'),
                        children: quote.forwarder_name,
                      },
                    ]
                  : []),
                {
                  key: 'validity',
                  label: t('quotes.columns.validity'),
                  children: (
                    <>
                      {date(quote.sdate)} ~ {date(quote.edate)}{' '}
                      {expiresSoon(quote.edate) && (
                        <Tag color="orange">{t('quotes.columns.expiresSoon')}</Tag>
                      )}
                    </>
                  ),
                },
                {
                  key: 'transit',
                  label: t('quotes.columns.transit'),
                  children:
                    quote.transit_days === null ? '-' : t('quotes.days', { count: quote.transit_days }),
                },
                {
                  key: 'etd',
                  label: t('quotes.columns.etdEta'),
                  children: `${date(quote.etd)} / ${date(quote.eta)}`,
                },
                ...containerTypes([quote], containerOrder).map((container) => ({
                  key: `container-${container.id}`,
                  label: container.name,
                  children: <strong>{priceOf(quote, container.id)}</strong>,
                })),
              ]}
            />
            <QuoteActions quote={quote} options={options} t={t} />
          </Card>
        </List.Item>
      )}
    />
  );
}
