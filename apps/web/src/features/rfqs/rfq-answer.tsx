import './strings';
import {
  DATE_FORMAT,
  formatDate,
  formatPrice,
  isReadyDateAllowed,
  type ReceivedRfq,
  type RfqAnswer,
  rfqAnswerInput,
  WIRE_DATE,
} from '@freight/contract';

import { useQueryClient } from '@tanstack/react-query';

import { Button, DatePicker, Descriptions, Form, Input, InputNumber, Typography } from 'antd';

import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { useAction } from '../../components/use-action';

import { zodRules } from '../../components/form-rules';

import { useForm } from '../../components/use-form';

import { currentLocale } from '../../i18n';

import { answerRfq } from './rfqs-api';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

/** The answer as either side reads it: a price per container type, the validity and remarks. */
export function RfqAnswerView({ answer }: { answer: RfqAnswer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }}>
      {answer.prices.map((line) => (
        <Descriptions.Item
          key={line.container_id}
          label={t('rfqs.answer.priceOf', { container: line.container_name })}
        >
          {formatPrice(line.price)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('rfqs.answer.validUntil')}>
        {formatDate(answer.valid_until, locale)}
      </Descriptions.Item>
      <Descriptions.Item label={t('rfqs.answer.remarks')}>{answer.remarks || '—'}</Descriptions.Item>
    </Descriptions>
  );
}

type Values = { prices?: Record<string, number | null>; valid_until?: Dayjs | null; remarks?: string };
const rules = zodRules(rfqAnswerInput);

/**
 * The forwarder's answer in the portal: a price for each container type of the request's quote
 * (leave a type empty not to quote it), how long the prices hold, and remarks. The server checks
 * the rules again and names the field at fault; the requester is told.
 */
export function RfqAnswerForm({ rfq }: { rfq: ReceivedRfq }) {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const [form] = useForm<Values>();
  const { run, busy } = useAction();
  const locale = currentLocale();
  const initial: Values = {
    prices: Object.fromEntries(
      rfq.containers.map((c) => [
        String(c.container_id),
        Number(rfq.answer?.prices.find((p) => p.container_id === c.container_id)?.price ?? '') || null,
      ]),
    ),
    valid_until: rfq.answer ? dayjs(rfq.answer.valid_until, WIRE_DATE) : null,
    remarks: rfq.answer?.remarks ?? '',
  };

  const onFinish = async (values: Values) => {
    const prices = rfq.containers.flatMap((c) => {
      const price = values.prices?.[String(c.container_id)];
      return typeof price === 'number' && price > 0
        ? [{ container_id: c.container_id, price: price.toFixed(2) }]
        : [];
    });
    if (prices.length === 0) {
      form.setFields([
        {
          name: ['prices', String(rfq.containers[0]?.container_id ?? '')],
          errors: [t('rfqs.answer.pricesRequired')],
        },
      ]);
      return;
    }
    await run(
      async () => {
        const saved = await answerRfq(rfq.id, {
          prices,
          valid_until: values.valid_until?.format(WIRE_DATE) ?? '',
          remarks: values.remarks ?? '',
        });
        queryClient.setQueryData(queryKeys.receivedRfqs.detail(rfq.id, locale), saved);
        await queryClient.invalidateQueries({ queryKey: queryKeys.receivedRfqs.all });
        message.success(t('rfqs.answer.sent'));
      },
      { prefix: t('rfqs.answer.failed'), form },
    );
  };

  return (
    <Form<Values> name="rfq-answer" form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
      <Typography.Paragraph type="secondary">{t('rfqs.answer.hint')}</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {rfq.containers.map((c) => (
          <Form.Item
            key={c.container_id}
            name={['prices', String(c.container_id)]}
            label={t('rfqs.answer.priceOf', { container: c.container_name })}
            style={{ minWidth: 180 }}
          >
            <InputNumber<number>
              min={0}
              max={999999.99}
              precision={2}
              prefix="US$"
              style={{ width: '100%' }}
            />
          </Form.Item>
        ))}
      </div>
      <Form.Item
        name="valid_until"
        label={t('rfqs.answer.validUntil')}
        rules={[
          {
            required: true,
            validator: async (_rule, value: Dayjs | null | undefined) => {
              if (!value)
                throw new Error(t('shared.validation.required', { field: t('rfqs.answer.validUntil') }));
              if (!isReadyDateAllowed(value.format(WIRE_DATE)))
                throw new Error(t('shared.rfq.answerValidPast'));
            },
          },
        ]}
      >
        <DatePicker
          format={DATE_FORMAT[locale]}
          style={{ width: '100%', maxWidth: 240 }}
          disabledDate={(day) => !isReadyDateAllowed(day.format(WIRE_DATE))}
        />
      </Form.Item>
      <Form.Item name="remarks" label={t('rfqs.answer.remarks')} rules={rules.remarks}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(rfq.answer ? 'rfqs.answer.resend' : 'rfqs.answer.send')}
      </Button>
    </Form>
  );
}
