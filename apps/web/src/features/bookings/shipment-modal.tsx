import './strings';
import {
  BL_TYPES,
  FREIGHT_TERMS,
  isValidContainerNo,
  shipmentInput,
  type BookingShipment,
} from '@freight/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Form, Input, Modal, Row, Select, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, errorMessage } from '../../components/api-error';
import { zodRules } from '../../components/form-rules';
import { submitShipment, useShipment } from './bookings-api';
import { useForm } from '../../components/use-form';

type SiContainer = { container_id?: number; container_no?: string; seal_no?: string };
type SiValues = {
  notify_party?: string;
  marks?: string;
  description?: string;
  bl_type?: string;
  freight_term?: string;
  remark?: string;
  containers: SiContainer[];
};

const rules = zodRules(shipmentInput);
const upper = (value: string | undefined) => (value ?? '').toUpperCase();
/** At most this many container rows are prefilled from what was booked. */
const PREFILL_MAX = 50;

function initialValues(shipment: BookingShipment): SiValues {
  const given = shipment.instructions;
  if (given)
    return {
      ...given,
      containers: given.containers.map((c) => ({
        container_id: c.container_id,
        container_no: c.container_no,
        seal_no: c.seal_no,
      })),
    };
  const containers = shipment.booked
    .flatMap((type) =>
      Array.from({ length: type.quantity }, () => ({
        container_id: type.container_id,
        container_no: '',
        seal_no: '',
      })),
    )
    .slice(0, PREFILL_MAX);
  return { bl_type: 'original', freight_term: 'prepaid', containers };
}

type Props = { id: number; onClose: () => void; onDone: () => void };

/** The shipping instructions (补料) of a booking at status 2; submitting them moves it to 3. */
export function ShipmentModal({ id, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = useForm<SiValues>();
  const shipment = useShipment(id, true);
  const f = (name: string) => t(`shared.fields.${name}`);
  const isFcl = shipment.data?.container_mode === 1;
  const typeOptions = (shipment.data?.booked ?? []).map((type) => ({
    value: type.container_id,
    label: type.container_name,
  }));
  const lineLabel = (field: string, index: number) =>
    t('bookings.form.lineField', { field: f(field), index: index + 1 });

  const onFinish = (values: SiValues) =>
    modal.confirm({
      title: t('bookings.si.confirm'),
      okText: t('common.submit'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await submitShipment(id, {
            notify_party: values.notify_party?.trim() ?? '',
            marks: values.marks?.trim() ?? '',
            description: values.description?.trim() ?? '',
            bl_type: (values.bl_type ?? 'original') as (typeof BL_TYPES)[number],
            freight_term: (values.freight_term ?? 'prepaid') as (typeof FREIGHT_TERMS)[number],
            remark: values.remark?.trim() ?? '',
            containers: isFcl
              ? values.containers.map((c) => ({
                  container_id: c.container_id,
                  container_no: c.container_no?.trim() ?? '',
                  seal_no: c.seal_no?.trim() ?? '',
                }))
              : [],
          });
          message.success(t('bookings.si.sent'));
          onDone();
        } catch (error) {
          applyFieldErrors(form, error);
          modal.error({
            title: t('bookings.si.failed'),
            content: errorMessage(error, t('common.failed')),
            okText: t('common.ok'),
          });
        }
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
          </Row>
          <Form.Item name="remark" label={f('remark')} rules={rules.remark}>
            <Input maxLength={255} />
          </Form.Item>
          {isFcl && (
            <Form.List
              name="containers"
              rules={[
                {
                  validator: async (_rule, value: SiContainer[] | undefined) => {
                    if (!value || value.length === 0) throw new Error(t('shared.booking.siAddContainer'));
                  },
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <>
                  <Table
                    size="small"
                    rowKey="key"
                    pagination={false}
                    dataSource={fields}
                    caption={f('containers')}
                    columns={[
                      {
                        title: f('container_id'),
                        key: 'type',
                        width: 140,
                        render: (_v, field, index) => (
                          <Form.Item name={[field.name, 'container_id']} style={{ margin: 0 }}>
                            <Select aria-label={lineLabel('container_id', index)} options={typeOptions} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: f('container_no'),
                        key: 'no',
                        render: (_v, field, index) => (
                          <Form.Item
                            name={[field.name, 'container_no']}
                            normalize={upper}
                            style={{ margin: 0 }}
                            rules={[
                              {
                                validator: async (_rule, value: string | undefined) => {
                                  if (!isValidContainerNo(value ?? ''))
                                    throw new Error(
                                      t('shared.booking.containerNo', { field: f('container_no') }),
                                    );
                                },
                              },
                            ]}
                          >
                            <Input aria-label={lineLabel('container_no', index)} maxLength={11} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: f('seal_no'),
                        key: 'seal',
                        render: (_v, field, index) => (
                          <Form.Item name={[field.name, 'seal_no']} normalize={upper} style={{ margin: 0 }}>
                            <Input aria-label={lineLabel('seal_no', index)} maxLength={30} />
                          </Form.Item>
                        ),
                      },
                      {
                        title: t('common.actions'),
                        key: 'actions',
                        width: 70,
                        render: (_v, field, index) => (
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('bookings.form.removeLine', { index: index + 1 })}
                            onClick={() => remove(field.name)}
                          />
                        ),
                      },
                    ]}
                  />
                  <Form.Item style={{ marginTop: 8 }}>
                    <Button
                      type="dashed"
                      block
                      icon={<PlusOutlined />}
                      onClick={() =>
                        add({ container_id: typeOptions[0]?.value, container_no: '', seal_no: '' })
                      }
                    >
                      {t('bookings.form.addContainer')}
                    </Button>
                    <Form.ErrorList errors={errors} />
                  </Form.Item>
                </>
              )}
            </Form.List>
          )}
        </Form>
      )}
    </Modal>
  );
}
