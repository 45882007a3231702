import './strings';
import {
  type BookingDetail,
  formatDate,
  formatLocalDateTime,
  serviceTermText,
  serviceTypesOf,
} from '@freight/contract';
import { Descriptions, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { currentLocale } from '../../i18n';
import type { FieldName } from '../../i18n/keys';
import { SAILING_DATES, SAILING_TEXTS } from './booking-terms-values';

/**
 * The booking's terms on its detail page (member and forwarder alike): the 运输条款 as documents
 * print it (the mode's when none was chosen), the sailing asked for as far as it is given, the
 * loading stops of a door receipt, and the services asked for.
 */
export function BookingTermsView({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const listId = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const { receipt, delivery } = serviceTypesOf(detail);
  const sailing = [
    ...SAILING_DATES.map((name) => [name, formatDate(detail[name], locale)] as const),
    ...SAILING_TEXTS.map((name) => [name, detail[name] ?? ''] as const),
  ].filter(([, value]) => value !== '');
  const services = detail.requested_services
    .map((service) => t(`shared.dictionary.requestedService.${service}`))
    .join(locale === 'zh-CN' ? '、' : ', ');
  const stops = detail.container_positionings;

  return (
    <Panel title={t('bookings.detail.terms')}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('bookings.detail.serviceTerm')}>
          {serviceTermText(receipt, delivery)}
        </Descriptions.Item>
        {sailing.map(([name, value]) => (
          <Descriptions.Item key={name} label={f(name)}>
            {value}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={f('export_customs_by')}>
          {detail.export_customs_by ? t(`shared.dictionary.customsBy.${detail.export_customs_by}`) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={f('requested_services')}>{services || '-'}</Descriptions.Item>
        <Descriptions.Item label={f('services_remark')}>{detail.services_remark || '-'}</Descriptions.Item>
      </Descriptions>
      {stops.length > 0 && (
        <>
          <Typography.Text strong id={listId}>
            {f('container_positionings')}
          </Typography.Text>
          <ol aria-labelledby={listId} style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
            {stops.map((stop, index) => (
              <li key={index}>
                {[stop.location_name, stop.address].filter(Boolean).join(' · ')}
                {(stop.contact_name || stop.phone || stop.loading_time) && (
                  <Typography.Text type="secondary">
                    {' — '}
                    {[
                      stop.contact_name,
                      stop.phone,
                      stop.loading_time &&
                        `${f('loading_time')}${locale === 'zh-CN' ? '：' : ': '}${formatLocalDateTime(stop.loading_time, locale)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}
