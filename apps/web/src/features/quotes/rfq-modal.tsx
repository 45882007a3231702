import './strings';
import '../../i18n/dayjs-locale';
import {
  DATE_FORMAT,
  isReadyDateAllowed,
  WIRE_DATE,
  formatPrice,
  rfqInput,
  rfqRateText,
  type Quote,
} from '@freight/contract';
import { DatePicker, Descriptions, Form, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { currentLocale } from '../../i18n';
import {
  bookingSpaceText,
  ContainerQuantities,
  quantityItems,
  type Quantities,
} from './container-quantities';
import { sendRfq, useEstimate } from './quotes-api';
import { useForm } from '../../components/use-form';
import type { FieldName } from '../../i18n/keys';
import { useToast } from '../../components/use-toast';

type RfqFormValues = {
  ready_date?: Dayjs | null;
  description?: string;
  sales?: string;
  quantities?: Quantities;
  target_rate?: string;
  potential_vol?: string;
};

const rules = zodRules(rfqInput);

/** Request for quotation about one quote, with a price estimate. */
export function RfqModal({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const { user } = useAuth();
  const [form] = useForm<RfqFormValues>();
  const { run, busy } = useAction();
  const quantities = Form.useWatch('quantities', form);
  const estimate = useEstimate(quote.id, quantityItems(quantities));
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const rateText = rfqRateText(quote.spaces, formatPrice);

  const onSubmit = (values: RfqFormValues) =>
    run(
      async () => {
        await sendRfq({
          quote_id: quote.id,
          pol: quote.pol_name,
          pod: quote.pod_name,
          to: quote.to_name,
          carrier: quote.carrier_name,
          forwarder: quote.forwarder_name ?? '',
          rate: rateText,
          ready_date: values.ready_date?.format(WIRE_DATE) ?? '',
          description: values.description ?? '',
          booking_space: bookingSpaceText(quote.spaces, values.quantities),
          target_rate: values.target_rate ?? '',
          potential_vol: values.potential_vol ?? '',
          sales: values.sales ?? '',
          quantities: quantityItems(values.quantities),
        });
        message.success(t('quotes.rfq.sent'));
        onClose();
      },
      { prefix: t('quotes.rfq.failed'), form },
    );

  return (
    <Modal
      open
      title={t('quotes.rfq.title')}
      width={800}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('quotes.columns.carrier')}>{quote.carrier_name}</Descriptions.Item>
        <Descriptions.Item label={t('quotes.rfq.route')}>
          {[quote.pol_name, quote.pod_name, quote.to_name].join(' → ')}
        </Descriptions.Item>
        {quote.forwarder_name && (
          <Descriptions.Item label={t('quotes.columns.supplier')}>{quote.forwarder_name}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('quotes.rfq.rate')}>{rateText}</Descriptions.Item>
      </Descriptions>
      <Form<RfqFormValues>
        name="rfq"
        form={form}
        layout="vertical"
        onFinish={onSubmit}
        scrollToFirstError={{ focus: true }}
        // Whom to answer: the person asking, not the company's registered contact.
        initialValues={{ sales: user?.person.name || user?.linkman || '' }}
      >
        <Form.Item
          name="ready_date"
          label={f('ready_date')}
          rules={[
            {
              // `required` marks the label; the validator decides, with the server's rule and messages.
              required: true,
              validator: async (_rule, value: Dayjs | null | undefined) => {
                if (!value) throw new Error(t('shared.validation.required', { field: f('ready_date') }));
                if (!isReadyDateAllowed(value.format(WIRE_DATE)))
                  throw new Error(t('shared.rfq.readyDatePast'));
              },
            },
          ]}
        >
          <DatePicker
            format={DATE_FORMAT[currentLocale()]}
            style={{ width: '100%' }}
            disabledDate={(day) => !isReadyDateAllowed(day.format(WIRE_DATE))}
          />
        </Form.Item>
        <Form.Item name="description" label={f('description')} rules={rules.description}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="quantities"
          label={f('booking_space')}
          rules={[
            {
              required: true,
              validator: async (_rule, value: Quantities | undefined) => {
                if (quantityItems(value).length === 0)
                  throw new Error(t('shared.validation.requiredPlural', { field: f('booking_space') }));
              },
            },
          ]}
        >
          <ContainerQuantities spaces={quote.spaces} />
        </Form.Item>
        {estimate.data && quantityItems(quantities).length > 0 && (
          <Typography.Paragraph role="status">
            {t('quotes.rfq.estimate', { total: formatPrice(estimate.data.total) })}
          </Typography.Paragraph>
        )}
        <Form.Item name="target_rate" label={f('target_rate')} rules={rules.target_rate}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="potential_vol" label={f('potential_vol')} rules={rules.potential_vol}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="sales" label={f('sales')} rules={rules.sales} extra={t('quotes.rfq.salesHelp')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
