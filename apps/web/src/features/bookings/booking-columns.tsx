import './strings';
import { canBooking, formatDate, type BookingParty, type BookingRow, type Locale } from '@freight/contract';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../app/time-zone';
import { StatusTag } from './booking-format';
import type { FieldName } from '../../i18n/keys';

type Options = {
  locale: Locale;
  party: BookingParty;
  /** A phone-sized screen (up to 768 px): two columns, nothing pinned, actions in view. */
  isCompact?: boolean;
  /** The person's role changes nothing (a viewer): rows offer Detail, never Edit. */
  readOnly?: boolean;
  /** Some row of the page carries special cargo: the column is there (a page of plain cargo goes without). */
  hasSpecialCargo?: boolean;
  onOpen: (row: BookingRow) => void;
  onCopy?: (row: BookingRow) => void;
  onCancel?: (row: BookingRow) => void;
};

/**
 * The other party of a row: the member's forwarder (unnamed while hidden: a booking from a quote
 * the forwarder has not accepted yet), or the forwarder's customer.
 */
function partyName(t: TFunction, options: Options, row: BookingRow): string {
  if (options.party !== 'member') return row.customer_name;
  return row.forwarder_hidden ? t('shared.booking.quoteForwarder') : row.forwarder_name;
}

/**
 * The other party, cut to one line with its whole name on hover (a forwarder's full legal name
 * pushed the route and ETD out of a 1366 px screen). A forwarder the quote keeps hidden is said so
 * in grey, so that it does not read as a company's name.
 */
function PartyCell({ t, options, row }: { t: TFunction; options: Options; row: BookingRow }) {
  const text = partyName(t, options, row);
  const hidden = options.party === 'member' && row.forwarder_hidden;
  return (
    <Typography.Text
      type={hidden ? 'secondary' : undefined}
      italic={hidden}
      ellipsis={{ tooltip: text }}
      style={{ maxWidth: 180 }}
    >
      {text}
    </Typography.Text>
  );
}

/** Port of loading → port of discharge, and the place of delivery where it is another. */
function routeText(row: BookingRow): string {
  const ports = [row.pol_name, row.pod_name].filter(Boolean).join(' → ');
  return row.to_name && row.to_name !== row.pod_name ? `${ports} (${row.to_name})` : ports;
}

/** The row's actions: open (Edit at status 0 for the member, else Detail), copy, cancel. */
function rowActions(t: TFunction, options: Options, row: BookingRow) {
  const small = options.isCompact ? 'small' : undefined;
  const compact = options.isCompact ? { padding: 0, height: 'auto' } : undefined;
  return (
    <Space size={options.isCompact ? 4 : 0} orientation={options.isCompact ? 'vertical' : 'horizontal'}>
      <Button type="link" size={small} style={compact} onClick={() => options.onOpen(row)}>
        {canBooking('edit', row.status) && options.party === 'member' && !options.readOnly
          ? t('common.edit')
          : t('common.detail')}
      </Button>
      {options.onCopy && (
        <Button type="link" size={small} style={compact} onClick={() => options.onCopy?.(row)}>
          {t('bookings.copy')}
        </Button>
      )}
      {options.onCancel && canBooking('cancel', row.status) && (
        <Button type="link" size={small} style={compact} danger onClick={() => options.onCancel?.(row)}>
          {t('bookings.cancelBooking')}
        </Button>
      )}
    </Space>
  );
}

/**
 * On a phone: the booking (number, status, other party, route, booking date) in one column and the
 * actions beside it, so that every action stays on screen without pinned columns overlapping.
 */
function compactColumns(t: TFunction, options: Options): ColumnsType<BookingRow> {
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  return [
    {
      title: f('order_no'),
      key: 'booking',
      render: (_v, row) => (
        <Space orientation="vertical" size={2}>
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => options.onOpen(row)}>
            {row.order_no}
          </Button>
          <StatusTag status={row.status} name={row.status_name} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {partyName(t, options, row)}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 12 }}>
            {[row.pol_name, row.to_name].filter(Boolean).join(' → ')}
          </Typography.Text>
          {row.special_cargo && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {row.special_cargo}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(row.create_time, options.locale)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_v, row) => rowActions(t, options, row),
    },
  ];
}

/** The booking table's columns; the order number opens the booking. */
export function bookingColumns(t: TFunction, options: Options): ColumnsType<BookingRow> {
  if (options.isCompact) return compactColumns(t, options);
  const { locale } = options;
  const date = (value: string | null) => formatDate(value, locale) || '-';
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const columns: ColumnsType<BookingRow> = [
    {
      title: f('order_no'),
      dataIndex: 'order_no',
      key: 'order_no',
      fixed: 'left',
      render: (value: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => options.onOpen(row)}>
          {value}
        </Button>
      ),
    },
    {
      title: f('status'),
      key: 'status',
      render: (_v, row) => <StatusTag status={row.status} name={row.status_name} />,
    },
    // The party, the route and ETD first: with the status they are what a row is looked at for,
    // and they stay in view at 1366 px beside the pinned actions.
    {
      title: options.party === 'member' ? t('bookings.forwarder') : t('bookings.customer'),
      key: 'party',
      render: (_v, row) => <PartyCell t={t} options={options} row={row} />,
    },
    { title: t('bookings.route'), key: 'route', render: (_v, row) => routeText(row) || '-' },
    { title: f('etd'), dataIndex: 'etd', key: 'etd', render: date },
    { title: f('eta'), dataIndex: 'eta', key: 'eta', render: date },
    {
      title: f('carrier_id'),
      dataIndex: 'carrier_name',
      key: 'carrier',
      render: (value: string) => (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 140 }}>
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('bookings.detail.vesselVoyage'),
      key: 'vessel',
      render: (_v, row) => [row.vessel, row.voyage].filter(Boolean).join(' / ') || '-',
    },
    {
      title: f('container_mode'),
      key: 'mode',
      render: (_v, row) => t(`shared.dictionary.containerMode.${row.container_mode === 1 ? 'fcl' : 'lcl'}`),
    },
    // Dangerous goods, reefer, OOG: what the forwarder must arrange for beside the space.
    ...(options.hasSpecialCargo
      ? [
          {
            title: t('bookings.form.specialCargo'),
            dataIndex: 'special_cargo',
            key: 'special_cargo',
            render: (value: string) =>
              value ? (
                <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 160 }}>
                  {value}
                </Typography.Text>
              ) : (
                '-'
              ),
          },
        ]
      : []),
    {
      title: f('cust_ref_no'),
      dataIndex: 'cust_ref_no',
      key: 'cust_ref_no',
      render: (value: string) => (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 120 }}>
          {value}
        </Typography.Text>
      ),
    },
    { title: f('bl_no'), dataIndex: 'bl_no', key: 'bl_no', render: (v: string) => v || '-' },
    {
      title: t('bookings.bookingDate'),
      dataIndex: 'create_time',
      key: 'create_time',
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, row) => rowActions(t, options, row),
    },
  ];
  return columns;
}
