import './strings';
import { formatDate, formatPrice, type Locale, type RateRow } from '@freight/contract';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

type Handlers = { onEdit: (rate: RateRow) => void; onDelete: (rate: RateRow) => void };

/**
 * The rate table's columns: route, validity, schedule, prices per container type, and the row
 * actions, which a viewer (no `handlers`) does not get.
 */
export function rateColumns(t: TFunction, locale: Locale, handlers?: Handlers): ColumnsType<RateRow> {
  const date = (value: string | null) => formatDate(value, locale) || '-';
  const columns: ColumnsType<RateRow> = [
    { title: t('rates.columns.carrier'), dataIndex: 'carrier_name', key: 'carrier' },
    { title: t('rates.columns.pol'), dataIndex: 'pol_name', key: 'pol' },
    { title: t('rates.columns.pod'), dataIndex: 'pod_name', key: 'pod' },
    { title: t('rates.columns.to'), dataIndex: 'to_name', key: 'to' },
    {
      title: t('rates.validity'),
      key: 'validity',
      render: (_v, rate) => `${date(rate.sdate)} ~ ${date(rate.edate)}`,
    },
    {
      title: t('shared.fields.transit_days'),
      dataIndex: 'transit_days',
      key: 'transit_days',
      render: (value: number | null) => value ?? '-',
    },
    { title: t('shared.fields.etd'), dataIndex: 'etd', key: 'etd', render: date },
    { title: t('shared.fields.eta'), dataIndex: 'eta', key: 'eta', render: date },
    {
      title: t('rates.columns.prices'),
      key: 'spaces',
      render: (_v, rate) => (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rate.spaces.map((s) => (
            <li key={s.id} style={{ whiteSpace: 'nowrap' }}>
              {s.container_name}: {formatPrice(s.price)}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: t('shared.fields.remark'),
      dataIndex: 'remark',
      key: 'remark',
      // The table sizes to its content (scroll x max-content), so a 255-character remark would widen
      // it past the screen: the remark wraps inside a fixed width instead, whole words
      // first, a long unbroken token anywhere.
      render: (remark: string) => (
        <div style={{ width: 240, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{remark}</div>
      ),
    },
  ];
  if (!handlers) return columns;
  return [
    ...columns,
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, rate) => (
        <Space size={0}>
          {rate.actions.includes('edit') && (
            <Button type="link" onClick={() => handlers.onEdit(rate)}>
              {t('common.edit')}
            </Button>
          )}
          {rate.actions.includes('delete') && (
            <Button type="link" danger onClick={() => handlers.onDelete(rate)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
