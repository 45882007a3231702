import './strings';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineTable } from '../../components/line-table';
import { emptyCargoLine, type CargoFormLine } from './booking-form-values';
import { cargoColumns } from './line-cells';

/** The LCL cargo lines: HS code, description, packages with unit, weight, volume. */
export function CargoLinesEditor() {
  const { t } = useTranslation();
  return (
    <Form.List
      name="cargo_items"
      rules={[
        {
          validator: async (_rule, lines: CargoFormLine[] | undefined) => {
            if (!lines || lines.length === 0) throw new Error(t('shared.booking.addCargo'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <LineTable
            rows={fields}
            caption={t('shared.fields.cargo_items')}
            emptyText={t('bookings.form.noLines')}
            columns={[
              ...cargoColumns(t),
              {
                title: t('common.actions'),
                key: 'actions',
                width: 48,
                pinned: 'right',
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
            <Button type="dashed" icon={<PlusOutlined />} block onClick={() => add(emptyCargoLine())}>
              {t('bookings.form.addCargo')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
