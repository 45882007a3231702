import './strings';
import { aside, formatDate, formatLocalDateTime } from '@freight/contract';
import { Alert, Descriptions, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { errorMessage } from '../../components/api-error';
import { currentLocale } from '../../i18n';
import { useDocking } from './bookings-api';
import type { FieldName } from '../../i18n/keys';

/**
 * The liaison ("docking") information: who handles the booking at the forwarder, and the vessel
 * schedule. A forwarder kept from the member (a booking from a quote, not yet accepted) is not named.
 */
export function DockingCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const docking = useDocking(id, true);
  const locale = currentLocale();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const dash = (value: string | null | undefined) => value || '-';
  const forwarder = docking.data?.forwarder;
  return (
    <Panel title={t('bookings.detail.docking')}>
      {docking.isPending && <Spin aria-label={t('common.loading')} />}
      {docking.isError && (
        <Alert type="error" showIcon title={errorMessage(docking.error, t('common.failed'))} />
      )}
      {docking.data && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('bookings.forwarder')}>
            {forwarder ? (
              <>
                {forwarder.company}
                {aside(forwarder.company2, locale)}
              </>
            ) : (
              <>
                {t('shared.booking.quoteForwarder')}{' '}
                <Typography.Text type="secondary">
                  {aside(t('bookings.forwarderNamedOnAccept'), locale).trim()}
                </Typography.Text>
              </>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.detail.handler')}>
            {dash(forwarder?.linkman)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.detail.phone')}>
            {forwarder?.phone ? <a href={`tel:${forwarder.phone}`}>{forwarder.phone}</a> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.detail.email')}>
            {forwarder?.email ? <a href={`mailto:${forwarder.email}`}>{forwarder.email}</a> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={f('carrier_id')}>
            {dash(docking.data.schedule.carrier_name)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.detail.vesselVoyage')}>
            {[docking.data.schedule.vessel, docking.data.schedule.voyage].filter(Boolean).join(' / ') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={f('etd')}>
            {formatDate(docking.data.schedule.etd, locale) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={f('eta')}>
            {formatDate(docking.data.schedule.eta, locale) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={f('si_cutoff')}>
            {dash(formatLocalDateTime(docking.data.schedule.si_cutoff, locale))}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Panel>
  );
}
