import './strings';
import {
  BL_ISSUERS,
  BL_ORIGINALS_MAX,
  BL_TYPES,
  FREIGHT_TERMS,
  shipmentInput,
  type BookingShipment,
} from '@freight/contract';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { submitShipment, useShipment } from './bookings-api';
import { useForm } from '../../components/use-form';
import { decimal, type SiContainer, SiContainers } from './si-containers';
import type { FieldName } from '../../i18n/keys';

type SiValues = {
  bl_shipper?: string;
  bl_consignee?: string;
  notify_party?: string;
  bl_issuer?: string;
  originals?: number | null;
  marks?: string;
  description?: string;
  bl_type?: string;
  freight_term?: string;
  remark?: string;
  containers: SiContainer[];
};

const rules = zodRules(shipmentInput);
const upper = (value: string | undefined) => (value ?? '').toUpperCase();

function initialValues(shipment: BookingShipment): SiValues {
  const given = shipment.instructions;
  if (given)
    return {
      ...given,
      containers: given.containers.map((c) => ({
        container_id: c.container_id,
        container_no: c.container_no,
        seal_no: c.seal_no,
        packages: c.packages,
        weight: c.weight === null ? null : Number(c.weight),
        vgm: c.vgm === null ? null : Number(c.vgm),
      })),
    };
  // A new SI starts from the booking: its commodity, its freight term, and one row per booked
  // container with the line's packages and weight shared out (the server's prefill).
  const { prefill } = shipment;
  return {
    description: prefill.description,
    bl_type: 'original',
    bl_issuer: 'carrier',
    originals: BL_ORIGINALS_MAX,
    freight_term: prefill.freight_term,
    containers: prefill.containers.map((c) => ({
      container_id: c.container_id,
      container_no: c.container_no,
      seal_no: c.seal_no,
      packages: c.packages,
      weight: Number(c.weight),
      vgm: null,
    })),
  };
}

type Props = { id: number; onClose: () => void; onDone: () => void };

/** The shipping instructions (补料) of a booking at status 2; submitting them moves it to 3. */
export function ShipmentModal({ id, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { run } = useAction();
  const [form] = useForm<SiValues>();
  const shipment = useShipment(id, true);
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const isFcl = shipment.data?.container_mode === 1;
  const typeOptions = (shipment.data?.booked ?? []).map((type) => ({
    value: type.container_id,
    label: type.container_name,
  }));

  const onFinish = (values: SiValues) =>
    modal.confirm({
      title: t('bookings.si.confirm'),
      okText: t('common.submit'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await run(
          async () => {
            await submitShipment(id, {
              bl_shipper: values.bl_shipper?.trim() ?? '',
              bl_consignee: values.bl_consignee?.trim() ?? '',
              notify_party: values.notify_party?.trim() ?? '',
              bl_issuer: (values.bl_issuer ?? 'carrier') as (typeof BL_ISSUERS)[number],
              originals: values.originals ?? BL_ORIGINALS_MAX,
              marks: values.marks?.trim() ?? '',
              description: values.description?.trim() ?? '',
              bl_type: (values.bl_type ?? 'original') as (typeof BL_TYPES)[number],
              freight_term: (values.freight_term ??
                shipment.data?.prefill.freight_term ??
                'prepaid') as (typeof FREIGHT_TERMS)[number],
              remark: values.remark?.trim() ?? '',
              containers: isFcl
                ? values.containers.map((c) => ({
                    container_id: c.container_id,
                    container_no: c.container_no?.trim() ?? '',
                    seal_no: c.seal_no?.trim() ?? '',
                    packages: c.packages ?? null,
                    weight: decimal(c.weight),
                    vgm: decimal(c.vgm),
                  }))
                : [],
            });
            message.success(t('bookings.si.sent'));
            onDone();
          },
          { title: t('bookings.si.failed'), form },
        );
      },
    });

  return (
    <Modal
      open
      width={800}
      title={t('bookings.si.title')}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !shipment.data?.editable }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {shipment.isPending && <Spin aria-label={t('common.loading')} />}
      {shipment.isError && (
        <Alert type="error" showIcon title={errorMessage(shipment.error, t('common.failed'))} />
      )}
      {shipment.data && (
        <Form<SiValues>
          scrollToFirstError={{ focus: true }}
          form={form}
          name="shipment"
          layout="vertical"
          initialValues={initialValues(shipment.data)}
          onFinish={onFinish}
          disabled={!shipment.data.editable}
        >
          <Form.Item
            name="description"
            label={f('description')}
            rules={rules.description}
            normalize={upper}
            required
          >
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Row gutter={16}>
            {(['bl_shipper', 'bl_consignee'] as const).map((name) => (
              <Col xs={24} sm={12} key={name}>
                <Form.Item name={name} label={f(name)} rules={rules[name]} normalize={upper}>
                  <Input.TextArea
                    maxLength={500}
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    placeholder={t(`bookings.si.${name}Hint`)}
                  />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} sm={12}>
              <Form.Item
                name="notify_party"
                label={f('notify_party')}
                rules={rules.notify_party}
                normalize={upper}
              >
                <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 3 }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="marks" label={f('marks')} rules={rules.marks} normalize={upper}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="bl_type" label={f('bl_type')}>
                <Select
                  options={BL_TYPES.map((type) => ({ value: type, label: t(`shared.blType.${type}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="freight_term" label={f('freight_term')}>
                <Select
                  options={FREIGHT_TERMS.map((term) => ({
                    value: term,
                    label: t(`shared.freightTerm.${term}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="bl_issuer" label={f('bl_issuer')}>
                <Select
                  options={BL_ISSUERS.map((issuer) => ({
                    value: issuer,
                    label: t(`shared.blIssuer.${issuer}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="originals" label={f('originals')} rules={rules.originals}>
                <InputNumber min={1} max={BL_ORIGINALS_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="remark" label={f('remark')} rules={rules.remark}>
            <Input maxLength={255} />
          </Form.Item>
          {isFcl && <SiContainers typeOptions={typeOptions} booked={shipment.data.prefill.booked} />}
        </Form>
      )}
    </Modal>
  );
}
