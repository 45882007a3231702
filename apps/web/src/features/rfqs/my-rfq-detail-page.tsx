import './strings';
import { formatDate, type RfqRecord, rfqTitle } from '@freight/contract';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth, useCanWrite } from '../../app/auth';
import { usePageTitle } from '../../app/page-title';
import { currentLocale } from '../../i18n';
import { Panel } from '../../components/panel';
import { RfqDetailGate, useRfqId } from './rfq-detail-gate';
import { rfqStatusOf } from './my-rfqs-page';
import { RfqAnswerView } from './rfq-answer';
import { formatReceived, RfqStatusTag } from './rfq-format';
import { useMyRfq } from './rfqs-api';
import type { FieldName } from '../../i18n/keys';

function MyRfqDetail({ rfq }: { rfq: RfqRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const canWrite = useCanWrite();
  const locale = currentLocale();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const text = (field: string) => String(rfq.request[field] ?? '');
  const status = rfqStatusOf(rfq);
  const authorities = user?.authorities ?? [];
  // Booking from the answer needs what booking from a quote needs, and the quote still there.
  const canBook =
    rfq.answer !== null &&
    rfq.quote_id !== null &&
    canWrite &&
    authorities.includes('order') &&
    authorities.includes('quote_booking');

  return (
    <section aria-labelledby="rfq-detail-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space align="center" wrap>
          <Typography.Title level={4} id="rfq-detail-title" style={{ margin: 0 }}>
            {rfqTitle(rfq)}
          </Typography.Title>
          <RfqStatusTag status={status} />
        </Space>
        <Space wrap>
          {canBook && (
            <Button
              type="primary"
              onClick={() => navigate(`/bookings/create-fcl?quote_id=${rfq.quote_id}&rfq_id=${rfq.id}`)}
            >
              {t('rfqs.mine.book')}
            </Button>
          )}
          <Button onClick={() => navigate('/rfqs')}>{t('rfqs.mine.back')}</Button>
        </Space>
      </Space>
      <Panel title={t('rfqs.answer.title')}>
        {rfq.answer ? (
          <RfqAnswerView answer={rfq.answer} />
        ) : (
          <Typography.Text type="secondary">
            {t(
              status === 'closed'
                ? 'rfqs.mine.closedNoAnswer'
                : status === 'quoted'
                  ? 'rfqs.mine.quotedByMail'
                  : 'rfqs.mine.waiting',
            )}
          </Typography.Text>
        )}
      </Panel>
      <Panel title={t('rfqs.detail.request')}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('rfqs.detail.route')}>
            {[rfq.pol_name, rfq.pod_name, rfq.to_name].join(' → ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.carrier')}>{rfq.carrier_name}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.columns.forwarder')}>
            {rfq.forwarder_name || t('rfqs.forwarderHidden')}
          </Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.rate')}>{text('rate')}</Descriptions.Item>
          <Descriptions.Item label={f('ready_date')}>
            {formatDate(text('ready_date'), locale)}
          </Descriptions.Item>
          <Descriptions.Item label={f('description')}>{text('description')}</Descriptions.Item>
          <Descriptions.Item label={f('booking_space')}>{text('booking_space')}</Descriptions.Item>
          <Descriptions.Item label={f('target_rate')}>{text('target_rate') || '—'}</Descriptions.Item>
          <Descriptions.Item label={f('potential_vol')}>{text('potential_vol')}</Descriptions.Item>
          <Descriptions.Item label={f('sales')}>{text('sales')}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.columns.sent')}>
            {formatReceived(rfq.create_time, locale)}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
    </section>
  );
}

/** One RFQ the member sent (/rfqs/{id}, the link of the answer's mail and notification). */
export function MyRfqDetailPage() {
  const { t } = useTranslation();
  const id = useRfqId();
  const detail = useMyRfq(id);
  usePageTitle(detail.data ? rfqTitle(detail.data) : t('menu.rfqs'));
  return (
    <RfqDetailGate
      id={id}
      detail={detail}
      listPath="/rfqs"
      backLabel={t('rfqs.mine.back')}
      notFoundLabel={t('rfqs.mine.notFound')}
      isForeign={(rfq) => rfq.direction !== 'sent'}
    >
      {(rfq) => <MyRfqDetail rfq={rfq} />}
    </RfqDetailGate>
  );
}
