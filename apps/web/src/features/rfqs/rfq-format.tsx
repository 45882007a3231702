import './strings';
import { formatDate, type Locale, type ReceivedRfq, type RfqStatus } from '@freight/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldName } from '../../i18n/keys';

const COLORS: Record<RfqStatus, string> = { new: 'blue', quoted: 'green', closed: 'default' };

export function RfqStatusTag({ status }: { status: RfqStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`rfqs.status.${status}`)}</Tag>;
}

/** When an RFQ arrived, in the viewer's time zone and date order. */
export function formatReceived(value: string, locale: Locale): string {
  const parsed = dayjs(value);
  return parsed.isValid()
    ? parsed.format(locale === 'en-US' ? 'MM/DD/YYYY HH:mm' : 'YYYY-MM-DD HH:mm')
    : value;
}

export const routeText = (rfq: ReceivedRfq) => [rfq.pol_name, rfq.pod_name, rfq.to_name].join(' → ');

/**
 * A mailto: address answering the requester: the subject names the route, the body greets the
 * requester's contact and quotes the request, leaving room for the price.
 */
export function replyMailto(rfq: ReceivedRfq, t: TFunction, locale: Locale): string {
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const body = [
    t('rfqs.mail.greeting', { name: rfq.sales || rfq.requester.linkman }),
    '',
    t('rfqs.mail.body', { date: formatDate(rfq.create_time, locale) }),
    `${t('rfqs.detail.route')}: ${routeText(rfq)}`,
    `${t('rfqs.detail.carrier')}: ${rfq.carrier_name}`,
    `${f('booking_space')}: ${rfq.booking_space}`,
    `${f('ready_date')}: ${formatDate(rfq.ready_date, locale)}`,
    `${f('description')}: ${rfq.description}`,
    `${f('target_rate')}: ${rfq.target_rate}`,
    '',
    t('rfqs.mail.closing'),
    '',
  ].join('\n');
  const subject = t('rfqs.mail.subject', { route: `${rfq.pol_name} → ${rfq.to_name}` });
  return `mailto:${encodeURIComponent(rfq.requester.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
