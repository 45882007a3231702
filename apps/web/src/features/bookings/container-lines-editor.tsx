import './strings';
import {
  containerLineInput,
  isOutOfGaugeType,
  isReefer,
  isValidContainerNo,
  type QuoteSpace,
} from '@freight/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineTable } from '../../components/line-table';
import { useReferenceList } from '../../api/reference';
import { zodRules } from '../../components/form-rules';
import { emptyContainerLine, type BookingFormValues, type ContainerFormLine } from './booking-form-values';
import { lineProblemsOf, typeProblem, useTypeCodeOf } from './booking-line-terms-rules';
import { type LineFacts, useLineFacts } from './use-line-facts';
import { problemMessage, problemRule } from './booking-terms-rules';
import { cargoColumns, cellLabel, NumberCell } from './line-cells';
import { LineErrorsWatcher, LineSpecialCargo, SpecialCargoToggle, useOpenLines } from './line-special-cargo';

const rules = zodRules(containerLineInput);

/**
 * The FCL container lines: container type, number (ISO 6346 check digit),
 * seal, cargo and quantity; plus "delete all containers of one type" with its confirmation. A
 * booking from a quote offers only the types the quote prices (`quoteSpaces`), and says so; a type
 * already on a line that the quote does not price is shown, but cannot be chosen again. Each line's
 * special cargo (SOC, reefer, overhang, dangerous goods) is below the table, shown by its row's
 * button; a reefer's shows itself, as its set temperature is asked for.
 */
export function ContainerLinesEditor({ quoteSpaces }: { quoteSpaces?: readonly QuoteSpace[] | undefined }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance<BookingFormValues>();
  const lines = useLineFacts('containers');
  const containers = useReferenceList('container');
  const typeCodeOf = useTypeCodeOf();
  const problemsOf = useMemo(() => lineProblemsOf('fcl', typeCodeOf), [typeCodeOf]);
  const details = useOpenLines();
  const detailsId = useId();
  const priced =
    quoteSpaces && quoteSpaces.length > 0
      ? new Set(quoteSpaces.map((space) => space.container_id))
      : undefined;
  const used = new Set(lines.map((line) => line.container_id));
  const options = (containers.data?.lists ?? [])
    .filter((item) => !priced || priced.has(item.id) || used.has(item.id))
    .map((item) => ({
      value: item.id,
      label: item.code ?? item.name,
      disabled: priced ? !priced.has(item.id) : false,
    }));
  const nameOf = (id: number) => options.find((option) => option.value === id)?.label ?? String(id);
  const types = [...new Set(lines.map((line) => line.container_id).filter((id) => typeof id === 'number'))];

  const codeOf = (line: LineFacts | undefined) =>
    line?.container_id === undefined ? null : typeCodeOf(line.container_id);
  const isOpen = (field: { key: number; name: number }) => {
    const code = codeOf(lines[field.name]);
    return details.isOpen(
      field.key,
      Boolean(lines[field.name]?.isStated) || (code !== null && isReefer(code)),
    );
  };
  // Settings or overhang the type does not take are cleared, so that the line does not send them.
  const onTypeChange = (field: { key: number; name: number }, containerId: number) => {
    const code = typeCodeOf(containerId);
    if (code === null || !isReefer(code)) {
      form.setFieldValue(['containers', field.name, 'reefer'], null);
      form.setFieldValue(['containers', field.name, 'is_non_operating_reefer'], false);
    } else details.setOpen(field.key, true);
    if (code === null || !isOutOfGaugeType(code))
      form.setFieldValue(['containers', field.name, 'out_of_gauge'], null);
  };
  const typeRule = (name: number): Rule => ({
    validator: async () => {
      const problem = typeProblem(problemsOf(form.getFieldsValue(true) as BookingFormValues), name);
      if (problem) throw new Error(problemMessage(problem));
    },
  });

  const removeType = (containerId: number) =>
    modal.confirm({
      title: t('bookings.form.removeTypeConfirm', { type: nameOf(containerId) }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => {
        const current = (form.getFieldValue('containers') as ContainerFormLine[] | undefined) ?? [];
        form.setFieldValue(
          'containers',
          current.filter((line) => line.container_id !== containerId),
        );
        void form.validateFields([['containers']]).catch(() => undefined);
      },
    });

  return (
    <Form.List
      name="containers"
      rules={[
        {
          validator: async (_rule, value: ContainerFormLine[] | undefined) => {
            if (!value || value.length === 0) throw new Error(t('shared.booking.addContainer'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {priced && quoteSpaces && (
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              {t('bookings.form.quoteTypes', {
                types: quoteSpaces.map((space) => space.container_name).join(', '),
              })}
            </Typography.Paragraph>
          )}
          {/* What a line's numbers mean: the totals add them up per line, not per container. */}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('bookings.form.perLineHint')}
          </Typography.Paragraph>
          <LineTable
            rows={fields}
            caption={t('shared.fields.containers')}
            emptyText={t('bookings.form.noLines')}
            columns={[
              {
                title: t('shared.fields.container_id'),
                key: 'container_id',
                width: 100,
                render: (_v, field, index) => (
                  <Form.Item
                    name={[field.name, 'container_id']}
                    rules={[...rules.container_id, typeRule(field.name)]}
                    style={{ margin: 0 }}
                  >
                    <Select<number>
                      aria-label={cellLabel(t, 'container_id', index)}
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={containers.isPending}
                      options={options}
                      style={{ width: '100%' }}
                      onChange={(id) => onTypeChange(field, id)}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('shared.fields.container_no'),
                key: 'container_no',
                width: 120,
                render: (_v, field, index) => (
                  <Form.Item
                    name={[field.name, 'container_no']}
                    rules={[
                      {
                        validator: async (_rule, value: string | undefined) => {
                          const text = (value ?? '').replace(/\s/g, '');
                          if (text && !isValidContainerNo(text))
                            throw new Error(
                              t('shared.booking.containerNo', { field: t('shared.fields.container_no') }),
                            );
                        },
                      },
                    ]}
                    normalize={(value: string) => value.toUpperCase()}
                    style={{ margin: 0 }}
                  >
                    <Input aria-label={cellLabel(t, 'container_no', index)} maxLength={11} />
                  </Form.Item>
                ),
              },
              {
                title: t('shared.fields.seal_no'),
                key: 'seal_no',
                width: 96,
                render: (_v, field, index) => (
                  <Form.Item name={[field.name, 'seal_no']} rules={rules.seal_no} style={{ margin: 0 }}>
                    <Input aria-label={cellLabel(t, 'seal_no', index)} maxLength={30} />
                  </Form.Item>
                ),
              },
              ...cargoColumns(t, true, (name, cell) => [
                problemRule(`containers.${name}.${cell}`, problemsOf),
              ]),
              {
                title: t('shared.fields.quantity'),
                key: 'quantity',
                width: 70,
                render: (_v, field, index) => (
                  <NumberCell
                    name={field.name}
                    index={index}
                    t={t}
                    field="quantity"
                    decimals={0}
                    rules={[
                      ...rules.quantity,
                      ({ getFieldValue }) => ({
                        validator: async (_rule, value: number | null | undefined) => {
                          const numbered = getFieldValue(['containers', field.name, 'container_no']) as
                            string | undefined;
                          if (numbered?.trim() && value !== 1)
                            throw new Error(t('shared.booking.numberedQuantity'));
                        },
                      }),
                    ]}
                  />
                ),
              },
              {
                title: t('bookings.form.lineDetails'),
                key: 'special_cargo',
                width: 140,
                render: (_v, field, index) => (
                  <SpecialCargoToggle
                    list="containers"
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
            list="containers"
            lines={fields.map((field) => ({ key: field.key, name: field.name, open: isOpen(field) }))}
            setOpen={details.setOpen}
          />
          {fields.map((field, index) => (
            <LineSpecialCargo
              key={field.key}
              id={`${detailsId}-${field.key}`}
              list="containers"
              name={field.name}
              index={index}
              fieldKey={field.key}
              open={isOpen(field)}
              setOpen={details.setOpen}
              typeCode={codeOf(lines[field.name])}
              isShipperOwned={lines[field.name]?.isShipperOwned}
              isNonOperating={lines[field.name]?.isNonOperatingReefer}
              problemsOf={problemsOf}
            />
          ))}
          <Form.Item style={{ marginTop: 8 }}>
            <Button type="dashed" icon={<PlusOutlined />} block onClick={() => add(emptyContainerLine())}>
              {t('bookings.form.addContainer')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
          {/* Below the table and quiet: a bulk removal is a rare step, asked again before it is done,
              not a red button above the lines where a click meant for the table lands. */}
          {types.length > 0 && (
            <Space wrap style={{ marginBottom: 8 }}>
              {types.map((id) => (
                <Button
                  key={id}
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  onClick={() => removeType(id)}
                >
                  {t('bookings.form.removeType', { type: nameOf(id) })}
                </Button>
              ))}
            </Space>
          )}
        </>
      )}
    </Form.List>
  );
}
