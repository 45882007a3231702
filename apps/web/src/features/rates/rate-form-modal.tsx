import './strings';
import '../../i18n/dayjs-locale';
import { DATE_FORMAT, isEtaInOrder, rateInput, WIRE_DATE, type Rate } from '@freight/contract';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { currentLocale } from '../../i18n';
import { createRate, updateRate } from './rates-api';
import { toFormValues, toRateInput, type RateFormValues } from './rate-form-values';
import { ReferenceSelect } from '../../components/reference-select';
import { SpaceLinesEditor } from './space-lines-editor';
import { useForm } from '../../components/use-form';
import type { FieldName } from '../../i18n/keys';
import { useToast } from '../../components/use-toast';

type Props = {
  open: boolean;
  /** The rate being edited; none to create one. */
  rate?: Rate;
  onClose: () => void;
  onSaved: () => void;
};

const rules = zodRules(rateInput);

/** Create or edit a rate in a modal (800 wide): route, validity, schedule, remark and space lines. */
export function RateFormModal({ open, rate, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = useForm<RateFormValues>();
  const { run, busy } = useAction();
  const format = DATE_FORMAT[currentLocale()];
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const isEdit = rate !== undefined;

  const onSubmit = (values: RateFormValues) =>
    run(
      async () => {
        const input = toRateInput(values);
        if (rate) await updateRate(rate.id, input);
        else await createRate(input);
        message.success(t(isEdit ? 'rates.updated' : 'rates.created'));
        onSaved();
      },
      { prefix: t(isEdit ? 'rates.updateFailed' : 'rates.createFailed'), form },
    );

  return (
    <Modal
      open={open}
      title={t(isEdit ? 'rates.editTitle' : 'rates.createTitle')}
      width={800}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RateFormValues>
        scrollToFirstError={{ focus: true }}
        name="rate"
        form={form}
        layout="vertical"
        initialValues={toFormValues(rate)}
        onFinish={onSubmit}
        preserve={false}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="carrier_id" label={f('carrier_id')} rules={rules.carrier_id} required>
              <ReferenceSelect kind="carrier" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="pol_id" label={f('pol_id')} rules={rules.pol_id} required>
              <ReferenceSelect kind="port" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="pod_id" label={f('pod_id')} rules={rules.pod_id} required>
              <ReferenceSelect kind="port" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="to_id" label={f('to_id')} rules={rules.to_id} required>
              <ReferenceSelect kind="port" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validity"
              label={t('rates.validity')}
              rules={[
                { required: true, message: t('shared.validation.required', { field: t('rates.validity') }) },
              ]}
            >
              <DatePicker.RangePicker
                format={format}
                style={{ width: '100%' }}
                placeholder={[f('sdate'), f('edate')]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="transit_days" label={f('transit_days')} rules={rules.transit_days}>
              {/* No min/max here: the input would clamp -5 to 0 and save it in silence;
                  the rule refuses it with its message instead. */}
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="etd" label={f('etd')}>
              <DatePicker format={format} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="eta"
              label={f('eta')}
              dependencies={['etd']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: RateFormValues['eta']) => {
                    const etd = getFieldValue('etd') as RateFormValues['etd'];
                    if (!isEtaInOrder(etd?.format(WIRE_DATE), value?.format(WIRE_DATE)))
                      throw new Error(t('shared.rates.etaOrder'));
                  },
                }),
              ]}
            >
              <DatePicker format={format} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={f('remark')} rules={rules.remark}>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <SpaceLinesEditor />
      </Form>
    </Modal>
  );
}
