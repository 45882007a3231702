import './strings';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LineTable } from '../../components/line-table';
import { emptyCargoLine, type CargoFormLine } from './booking-form-values';
import { lineProblemsOf } from './booking-line-terms-rules';
import { useLineFacts } from './use-line-facts';
import { cargoColumns } from './line-cells';
import { LineErrorsWatcher, LineSpecialCargo, SpecialCargoToggle, useOpenLines } from './line-special-cargo';

const problemsOf = lineProblemsOf('lcl', () => null);

/**
 * The LCL cargo lines: HS code, description, packages with unit, weight, volume; and below the
 * table each line's dangerous goods, shown by its row's button.
 */
export function CargoLinesEditor() {
  const { t } = useTranslation();
  const lines = useLineFacts('cargo_items');
  const details = useOpenLines();
  const detailsId = useId();
  const isOpen = (field: { key: number; name: number }) =>
    details.isOpen(field.key, Boolean(lines[field.name]?.isStated));
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
              ...cargoColumns(t, false),
              {
                title: t('bookings.form.specialCargo'),
                key: 'special_cargo',
                width: 140,
                render: (_v, field, index) => (
                  <SpecialCargoToggle
                    list="cargo_items"
                    index={index}
                    open={isOpen(field)}
                    controls={`${detailsId}-${field.key}`}
                    isStated={Boolean(lines[field.name]?.isStated)}
                    onToggle={() => details.setOpen(field.key, !isOpen(field))}
                  />
                ),
              },
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
          <LineErrorsWatcher
            list="cargo_items"
            lines={fields.map((field) => ({ key: field.key, name: field.name, open: isOpen(field) }))}
            setOpen={details.setOpen}
          />
          {fields.map((field, index) => (
            <LineSpecialCargo
              key={field.key}
              id={`${detailsId}-${field.key}`}
              list="cargo_items"
              name={field.name}
              index={index}
              fieldKey={field.key}
              open={isOpen(field)}
              setOpen={details.setOpen}
              problemsOf={problemsOf}
            />
          ))}
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
