import './strings';
import { formatDate, type ReceivedRfq, rfqTitle } from '@freight/contract';

import { MailOutlined } from '@ant-design/icons';

import { useQueryClient } from '@tanstack/react-query';

import { Button, Descriptions, Space, Typography } from 'antd';

import { useState } from 'react';

import { useTranslation } from 'react-i18next';

import { useNavigate } from 'react-router';

import { usePageTitle } from '../../app/page-title';

import { useAction } from '../../components/use-action';

import { currentLocale } from '../../i18n';

import { Panel } from '../../components/panel';

import { RfqDetailGate, useRfqId } from './rfq-detail-gate';

import { RfqAnswerForm, RfqAnswerView } from './rfq-answer';

import { formatReceived, replyMailto, RfqStatusTag, routeText } from './rfq-format';

import { markRfq, useReceivedRfq } from './rfqs-api';
import type { FieldName } from '../../i18n/keys';

import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

type Mark = 'quoted' | 'closed';

function RfqDetail({ rfq }: { rfq: ReceivedRfq }) {
  const { t } = useTranslation();
  const message = useToast();
  const { run } = useAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Mark | undefined>();
  const locale = currentLocale();
  const f = (name: FieldName) => t(`shared.fields.${name}`);

  const mark = async (status: Mark) => {
    setBusy(status);
    await run(
      async () => {
        const saved = await markRfq(rfq.id, { status });
        queryClient.setQueryData(queryKeys.receivedRfqs.detail(rfq.id, locale), saved);
        await queryClient.invalidateQueries({ queryKey: queryKeys.receivedRfqs.all });
        message.success(t('rfqs.detail.marked', { status: t(`rfqs.status.${status}`) }));
      },
      { title: t('rfqs.detail.markFailed') },
    );
    setBusy(undefined);
  };

  return (
    <section aria-labelledby="rfq-detail-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space align="center">
          <Typography.Title level={4} id="rfq-detail-title" style={{ margin: 0 }}>
            {rfqTitle(rfq)}
          </Typography.Title>
          <RfqStatusTag status={rfq.status} />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<MailOutlined />} href={replyMailto(rfq, t, locale)}>
            {t('rfqs.detail.reply')}
          </Button>
          {rfq.status !== 'quoted' && (
            <Button loading={busy === 'quoted'} onClick={() => void mark('quoted')}>
              {t('rfqs.detail.markQuoted')}
            </Button>
          )}
          {rfq.status !== 'closed' && (
            <Button loading={busy === 'closed'} onClick={() => void mark('closed')}>
              {t('rfqs.detail.markClosed')}
            </Button>
          )}
          <Button onClick={() => navigate('/received-rfqs')}>{t('rfqs.detail.back')}</Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('rfqs.detail.replyHint', { email: rfq.requester.email })}
      </Typography.Paragraph>
      <Panel title={t('rfqs.detail.request')}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('rfqs.detail.route')}>{routeText(rfq)}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.carrier')}>{rfq.carrier_name}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.rate')}>{rfq.rate}</Descriptions.Item>
          <Descriptions.Item label={f('ready_date')}>{formatDate(rfq.ready_date, locale)}</Descriptions.Item>
          <Descriptions.Item label={f('description')}>{rfq.description}</Descriptions.Item>
          <Descriptions.Item label={f('booking_space')}>{rfq.booking_space}</Descriptions.Item>
          <Descriptions.Item label={f('target_rate')}>{rfq.target_rate}</Descriptions.Item>
          <Descriptions.Item label={f('potential_vol')}>{rfq.potential_vol}</Descriptions.Item>
          <Descriptions.Item label={f('sales')}>{rfq.sales}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.received')}>
            {formatReceived(rfq.create_time, locale)}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t('rfqs.answer.title')}>
        {rfq.status === 'closed' ? (
          rfq.answer ? (
            <RfqAnswerView answer={rfq.answer} />
          ) : (
            <Typography.Text type="secondary">{t('rfqs.answer.closedNone')}</Typography.Text>
          )
        ) : (
          <RfqAnswerForm key={rfq.update_time} rfq={rfq} />
        )}
      </Panel>
      <Panel title={t('rfqs.detail.requester')}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('rfqs.detail.company')}>{rfq.requester.company}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.linkman')}>{rfq.requester.linkman}</Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.email')}>
            <a href={`mailto:${rfq.requester.email}`}>{rfq.requester.email}</a>
          </Descriptions.Item>
          <Descriptions.Item label={t('rfqs.detail.phone')}>
            <a href={`tel:${rfq.requester.phone.replace(/[^\d+]/g, '')}`}>{rfq.requester.phone}</a>
          </Descriptions.Item>
        </Descriptions>
      </Panel>
    </section>
  );
}

/** One received RFQ (/received-rfqs/{id}, the link of the RFQ mail): the request, the requester, reply and marks. */
export function ReceivedRfqDetailPage() {
  const { t } = useTranslation();
  const id = useRfqId();
  const detail = useReceivedRfq(id);
  usePageTitle(detail.data ? rfqTitle(detail.data) : t('menu.receivedRfqs'));
  return (
    <RfqDetailGate
      id={id}
      detail={detail}
      listPath="/received-rfqs"
      backLabel={t('rfqs.detail.back')}
      notFoundLabel={t('rfqs.detail.notFound')}
    >
      {(rfq) => <RfqDetail rfq={rfq} />}
    </RfqDetailGate>
  );
}
