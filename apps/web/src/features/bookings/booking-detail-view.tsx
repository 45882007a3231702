import './strings';
import {
  aside,
  CUTOFF_FIELDS,
  formatDate,
  formatLocalDateTime,
  freightTermOf,
  incotermLabel,
  placeOf,
  placeText,
  type BookingDetail,
  type CommodityView,
  type ContainerLine,
  hsCodesText,
} from '@freight/contract';
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { useSiteConfig } from '../../app/site-config';
import { currentLocale } from '../../i18n';
import { formatDateTime } from '../../app/time-zone';
import { StatusTag } from './booking-format';
import { hasSpecialCargo, LineTermsView } from './booking-line-terms-view';
import { BookingCommercialView } from './booking-commercial-view';
import { BookingPartiesView } from './booking-parties-view';
import { BookingTermsView } from './booking-terms-view';
import { totalsText } from './booking-totals';
import type { FieldName } from '../../i18n/keys';

/** The booking itself: fields, parties, terms, schedule, lines and totals. */
export function BookingDetailView({ detail, isForwarder }: { detail: BookingDetail; isForwarder: boolean }) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const locale = currentLocale();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const date = (value: string | null) => formatDate(value, locale) || '-';
  const dash = (value: string | null | undefined) => value || '-';
  const isFcl = detail.container_mode === 1;
  const { schedule, totals } = detail;

  const lines: ContainerLine[] = isFcl
    ? detail.containers
    : detail.cargo_items.map((item) => ({
        ...item,
        container_id: 0,
        container_name: '',
        container_no: '',
        seal_no: '',
        quantity: 1,
        is_shipper_owned: false,
        tare_weight: null,
        is_non_operating_reefer: false,
        reefer: null,
        out_of_gauge: null,
        commodities: [
          { ...item, hs_codes: item.hs_code ? [item.hs_code] : [], commodity_cn: '', net_weight: '' },
        ],
      }));
  // A container line holding several commodities shows each on its own line within its cells.
  const each = (render: (c: CommodityView) => string) => (_v: unknown, line: ContainerLine) => (
    <>
      {line.commodities.map((c, i) => (
        <div key={i}>{render(c)}</div>
      ))}
    </>
  );
  const lineColumns = [
    ...(isFcl
      ? [
          { title: f('container_id'), dataIndex: 'container_name', key: 'container' },
          { title: f('container_no'), dataIndex: 'container_no', key: 'no', render: dash },
          { title: f('seal_no'), dataIndex: 'seal_no', key: 'seal', render: dash },
        ]
      : []),
    { title: f('hs_code'), key: 'hs', render: each((c) => dash(hsCodesText(c.hs_codes))) },
    {
      title: f('description'),
      key: 'description',
      render: each((c) =>
        [c.description, c.commodity_cn, c.net_weight ? `${f('net_weight')} ${c.net_weight}` : '']
          .filter(Boolean)
          .join(' · '),
      ),
    },
    {
      title: f('packages'),
      key: 'packages',
      render: each((c) => (c.packages === null ? '-' : `${c.packages} ${c.unit_name}`)),
    },
    { title: f('weight'), key: 'weight', align: 'right' as const, render: each((c) => dash(c.weight)) },
    { title: f('volume'), key: 'volume', align: 'right' as const, render: each((c) => dash(c.volume)) },
    ...(isFcl
      ? [{ title: f('quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const }]
      : []),
    // Only a booking with special cargo has the column: a plain one reads as before.
    ...(lines.some(hasSpecialCargo)
      ? [
          {
            title: t('bookings.form.specialCargo'),
            key: 'special_cargo',
            render: (_v: unknown, line: ContainerLine) => <LineTermsView line={line} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <Panel>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={f('order_no')}>{detail.order_no}</Descriptions.Item>
          <Descriptions.Item label={f('status')}>
            <StatusTag status={detail.status} name={detail.status_name} />
          </Descriptions.Item>
          <Descriptions.Item label={f('container_mode')}>{detail.container_mode_name}</Descriptions.Item>
          <Descriptions.Item label={isForwarder ? t('bookings.customer') : t('bookings.forwarder')}>
            {isForwarder && detail.customer_name}
            {!isForwarder && !detail.forwarder_hidden && detail.forwarder_name}
            {!isForwarder && detail.forwarder_hidden && (
              <span>
                {t('shared.booking.quoteForwarder')}{' '}
                <Typography.Text type="secondary">({t('bookings.forwarderNamedOnAccept')})</Typography.Text>
              </span>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={f('cust_ref_no')}>{dash(detail.cust_ref_no)}</Descriptions.Item>
          <Descriptions.Item label={f('ready_date')}>{date(detail.ready_date)}</Descriptions.Item>
          <Descriptions.Item label={f('incoterm')}>
            {dash(incotermLabel(detail.incoterm, detail.incoterm_name))}
          </Descriptions.Item>
          <Descriptions.Item label={f('place_of_receipt')}>
            {dash(placeText(placeOf(detail, 'place_of_receipt')))}
          </Descriptions.Item>
          <Descriptions.Item label={f('carrier_id')}>{dash(detail.carrier_name)}</Descriptions.Item>
          <Descriptions.Item label={f('pol_id')}>{detail.pol_name}</Descriptions.Item>
          {detail.transshipment_name && (
            <Descriptions.Item label={f('transshipment_port_id')}>
              {`${detail.transshipment_name} (${detail.transshipment_code})`}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={f('pod_id')}>{detail.pod_name}</Descriptions.Item>
          <Descriptions.Item label={f('to_id')}>{detail.to_name}</Descriptions.Item>
          {/* Beyond the destination port only; without one, that port is the place of delivery. */}
          {detail.place_of_delivery && (
            <Descriptions.Item label={f('place_of_delivery')}>
              {placeText(placeOf(detail, 'place_of_delivery'))}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('bookings.bookingDate')}>
            {formatDateTime(detail.create_time, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={f('freight_term')}>
            {/* Left to the Incoterm, it is the term the documents print (freightTermOf). */}
            {t(
              `shared.freightTerm.${freightTermOf(detail.incoterm, config.data?.freight_collect ?? '', detail.freight_term)}`,
            )}
          </Descriptions.Item>
          <Descriptions.Item label={f('commodity_cn')}>{dash(detail.commodity_cn)}</Descriptions.Item>
          <Descriptions.Item label={f('remark')}>{dash(detail.remark)}</Descriptions.Item>
          {(detail.state === 'cancelled' || detail.state === 'voided') && (
            <Descriptions.Item label={t(`shared.bookingState.${detail.state}`)}>
              {dash(detail.cancel_reason)}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Panel>
      <BookingPartiesView detail={detail} />
      <BookingTermsView detail={detail} />
      <BookingCommercialView detail={detail} />
      <Panel title={t('bookings.detail.schedule')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={f('so_no')}>{dash(schedule.so_no)}</Descriptions.Item>
          <Descriptions.Item label={f('vessel')}>{dash(schedule.vessel)}</Descriptions.Item>
          <Descriptions.Item label={f('voyage')}>{dash(schedule.voyage)}</Descriptions.Item>
          <Descriptions.Item label={f('etd')}>{date(schedule.etd)}</Descriptions.Item>
          <Descriptions.Item label={f('eta')}>{date(schedule.eta)}</Descriptions.Item>
          {CUTOFF_FIELDS.map((field) => (
            <Descriptions.Item key={field} label={f(field)}>
              {dash(formatLocalDateTime(schedule[field], locale))}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={f('pickup_depot')}>{dash(schedule.pickup_depot)}</Descriptions.Item>
          <Descriptions.Item label={f('return_terminal')}>{dash(schedule.return_terminal)}</Descriptions.Item>
          <Descriptions.Item label={f('bl_no')}>{dash(schedule.bl_no)}</Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t(isFcl ? 'bookings.form.containers' : 'bookings.form.cargo')}>
        {/* A region that scrolls sideways must take keyboard focus (WCAG 2.1.1), so the wrapper
            scrolls, not the table. */}
        <div
          role="region"
          aria-label={t(isFcl ? 'bookings.form.containers' : 'bookings.form.cargo')}
          tabIndex={0}
          style={{ overflowX: 'auto' }}
        >
          <Table<ContainerLine>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={lines}
            columns={lineColumns}
          />
        </div>
        <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 0 }}>
          {totalsText(t, isFcl, { ...totals, containers: totals.container_count })}
          {isFcl && totals.containers.length > 0 && (
            <>
              {aside(
                totals.containers
                  .map((c) => `${c.quantity} × ${c.container_name}`)
                  .join(locale === 'zh-CN' ? '，' : ', '),
                locale,
              )}
            </>
          )}
        </Typography.Paragraph>
      </Panel>
      {detail.shipment && (
        <Panel title={t('bookings.si.title')}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={f('notify_party')}>
              {dash(detail.shipment.notify_party)}
            </Descriptions.Item>
            <Descriptions.Item label={f('marks')}>{dash(detail.shipment.marks)}</Descriptions.Item>
            <Descriptions.Item label={f('description')}>{detail.shipment.description}</Descriptions.Item>
            <Descriptions.Item label={f('bl_type')}>
              {t(`shared.blType.${detail.shipment.bl_type}`)}
            </Descriptions.Item>
            <Descriptions.Item label={f('freight_term')}>
              {t(`shared.freightTerm.${detail.shipment.freight_term}`)}
            </Descriptions.Item>
            <Descriptions.Item label={f('remark')}>{dash(detail.shipment.remark)}</Descriptions.Item>
            {detail.shipment.containers.length > 0 && (
              <Descriptions.Item label={f('containers')}>
                {detail.shipment.containers
                  .map((c) => `${c.container_name} ${c.container_no}${c.seal_no ? ` / ${c.seal_no}` : ''}`)
                  .join('; ')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('bookings.si.submitted')}>
              {formatDateTime(detail.shipment.submit_time, locale)}
            </Descriptions.Item>
          </Descriptions>
        </Panel>
      )}
    </>
  );
}
