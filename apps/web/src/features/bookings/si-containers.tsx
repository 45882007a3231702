import {
  BOOKING_LIMITS,
  fixed3,
  isValidContainerNo,
  isVgmBelowWeight,
  type ShipmentPrefill,
  siTotals,
} from '@freight/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { FieldName } from '../../i18n/keys';

/** A stuffed container as the SI form holds it; packages, weight and VGM are required on submit. */
export type SiContainer = {
  container_id?: number;
  container_no?: string;
  seal_no?: string;
  packages?: number | null;
  weight?: number | null;
  vgm?: number | null;
};

/** A number input's value on the wire: a 3-decimal string, or null when empty. */
export const decimal = (value: number | null | undefined) =>
  value === null || value === undefined ? null : String(Number(value.toFixed(BOOKING_LIMITS.decimals)));

const upper = (value: string | undefined) => (value ?? '').toUpperCase();

/** The SI's container rows (FCL): type, number, seal, and the B/L's packages, weight and VGM. */
export function SiContainers({
  typeOptions,
  booked,
}: {
  typeOptions: { value: number; label: string }[];
  booked: ShipmentPrefill['booked'];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('containers', form) as SiContainer[] | undefined) ?? [];
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const lineLabel = (field: FieldName, index: number) =>
    t('bookings.form.lineField', { field: f(field), index: index + 1 });
  const figureRules = (name: 'packages' | 'weight' | 'vgm', line: number, index: number): Rule[] => [
    { required: true, message: t('shared.validation.required', { field: lineLabel(name, index) }) },
    ...(name === 'vgm'
      ? [
          {
            validator: async (_rule: unknown, value: number | null | undefined) => {
              const row = form.getFieldValue(['containers', line]) as SiContainer | undefined;
              if (isVgmBelowWeight(row?.weight, value))
                throw new Error(
                  t('shared.booking.vgmBelowWeight', {
                    container: row?.container_no || lineLabel('container_no', index),
                  }),
                );
            },
          },
        ]
      : []),
  ];
  const figure = (name: 'packages' | 'weight' | 'vgm') => ({
    title: f(name),
    key: name,
    width: 110,
    render: (_v: unknown, field: { name: number }, index: number) => (
      <Form.Item
        name={[field.name, name]}
        style={{ margin: 0 }}
        rules={figureRules(name, field.name, index)}
        dependencies={name === 'vgm' ? [['containers', field.name, 'weight']] : undefined}
      >
        <InputNumber
          aria-label={lineLabel(name, index)}
          min={name === 'packages' ? 1 : 0.001}
          precision={name === 'packages' ? 0 : BOOKING_LIMITS.decimals}
          style={{ width: '100%' }}
        />
      </Form.Item>
    ),
  });
  return (
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
            scroll={{ x: 760 }}
            columns={[
              {
                title: f('container_id'),
                key: 'type',
                width: 110,
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
                            throw new Error(t('shared.booking.containerNo', { field: f('container_no') }));
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
              figure('packages'),
              figure('weight'),
              figure('vgm'),
              {
                title: t('common.actions'),
                key: 'actions',
                width: 60,
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
          <SiTotalsRow rows={rows} booked={booked} />
          <Form.Item style={{ marginTop: 8 }}>
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              onClick={() => add({ container_id: typeOptions[0]?.value, container_no: '', seal_no: '' })}
            >
              {t('bookings.form.addContainer')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}

/** The SI's totals against the booking's: a difference is shown in the warning colour. */
function SiTotalsRow({ rows, booked }: { rows: SiContainer[]; booked: ShipmentPrefill['booked'] }) {
  const { t } = useTranslation();
  const totals = siTotals(rows);
  const differs = totals.packages !== booked.packages || totals.weight !== fixed3(booked.weight);
  return (
    <Typography.Paragraph
      role="status"
      aria-label={t('bookings.si.totalsLabel')}
      type={differs ? 'warning' : undefined}
      style={{ marginTop: 8, marginBottom: 0 }}
    >
      {t('bookings.si.totals', {
        packages: totals.packages,
        weight: totals.weight,
        vgm: totals.vgm,
        bookedPackages: booked.packages,
        bookedWeight: fixed3(booked.weight),
      })}
      {differs && ` ${t('bookings.si.totalsDiffer')}`}
    </Typography.Paragraph>
  );
}
