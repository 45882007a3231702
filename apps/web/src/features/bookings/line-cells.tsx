import './strings';
import {
  BOOKING_LIMITS,
  cargoItemInput,
  commodityHsCodes,
  commodityInput,
  localizeIssue,
  PARSE_OPTIONS,
} from '@freight/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useReferenceList } from '../../api/reference';
import { documentText, zodRules } from '../../components/form-rules';
import { sharedCatalog } from '../../i18n';
import type { FieldName } from '../../i18n/keys';

const cargoRules = zodRules(cargoItemInput);
const commodityRules = zodRules(commodityInput);

/**
 * The rules of a line's cargo cells: an LCL line's (everything but the HS code required), or a
 * container line's first commodity's (weight and description; several HS codes; packages and
 * volume may follow with the instructions).
 */
function cargoCellRules(isFcl: boolean) {
  if (!isFcl) return cargoRules;
  return { ...commodityRules, hs_code: hsCodesRules };
}

/**
 * A commodity's HS codes field: the contract's check of the list, its message naming the field.
 * The refused code's place in the list is not a row, and "HS codes (row 2)" would say it was.
 */
export const hsCodesRules: Rule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const checked = commodityHsCodes.safeParse(value ?? '', PARSE_OPTIONS);
      const issue = checked.error?.issues[0];
      if (issue) throw new Error(localizeIssue({ ...issue, path: ['hs_codes'] }, sharedCatalog()).message);
    },
  },
];

/** The longest HS code text a cell takes: one code as written, or several separated by commas. */
export const hsCodeTextMax = (isFcl: boolean) => (isFcl ? 120 : 13);

type Cell = { index: number; name: number; t: TFunction };

/** "HS code (line 2)": every cell's input is labelled for screen readers and tests. */
export const cellLabel = (t: TFunction, field: FieldName, index: number) =>
  t('bookings.form.lineField', { field: t(`shared.fields.${field}`), index: index + 1 });

const item = (
  name: number,
  field: string,
  rules: Rule[],
  children: ReactNode,
  normalize?: (value: unknown) => unknown,
) => (
  <Form.Item name={[name, field]} rules={rules} normalize={normalize} style={{ margin: 0 }}>
    {children}
  </Form.Item>
);

function TextCell({
  name,
  index,
  t,
  field,
  max,
  rules,
  isDocumentText = false,
}: Cell & { field: FieldName; max: number; rules: Rule[]; isDocumentText?: boolean }) {
  // Text that goes onto documents is converted to capitals as typed, and says so before.
  return item(
    name,
    field,
    rules,
    <Input
      aria-label={cellLabel(t, field, index)}
      maxLength={max}
      placeholder={isDocumentText ? t('common.documentTextHint') : undefined}
    />,
    isDocumentText ? documentText : undefined,
  );
}

export function NumberCell({
  name,
  index,
  t,
  field,
  rules,
  decimals,
}: Cell & { field: FieldName; rules: Rule[]; decimals: number }) {
  return item(
    name,
    field,
    rules,
    <InputNumber aria-label={cellLabel(t, field, index)} precision={decimals} style={{ width: '100%' }} />,
  );
}

/** The package unit of a line (GET /unit?type=3). */
function UnitCell({ name, index, t, rules = cargoRules.unit_id }: Cell & { rules?: Rule[] }) {
  const units = useReferenceList('unit', { query: { type: 3 } });
  return item(
    name,
    'unit_id',
    rules,
    <Select<number>
      aria-label={cellLabel(t, 'unit_id', index)}
      showSearch={{ optionFilterProp: 'label' }}
      loading={units.isPending}
      options={(units.data?.lists ?? []).map((unit) => ({ value: unit.id, label: unit.name }))}
      style={{ width: '100%' }}
    />,
  );
}

/**
 * The cargo columns both line tables share: HS code, description, packages and unit, weight, volume.
 * Widths are kept tight so that the FCL table, with its container columns, fits a 1366 px screen.
 */
export function cargoColumns(
  t: TFunction,
  isFcl: boolean,
  /** the rules across a line's cells that a cell answers for too (a count with its package code) */
  acrossCells: (name: number, field: 'packages' | 'unit_id') => Rule[] = () => [],
) {
  const f = (field: FieldName) => t(`shared.fields.${field}`);
  const cargoRules = cargoCellRules(isFcl);
  return [
    {
      title: f('hs_code'),
      key: 'hs_code',
      width: 100,
      render: (_v: unknown, field: { name: number }, index: number) => (
        <TextCell
          name={field.name}
          index={index}
          t={t}
          field="hs_code"
          max={hsCodeTextMax(isFcl)}
          rules={cargoRules.hs_code}
        />
      ),
    },
    {
      title: f('description'),
      key: 'description',
      width: 150,
      render: (_v: unknown, field: { name: number }, index: number) => (
        <TextCell
          name={field.name}
          index={index}
          t={t}
          field="description"
          max={BOOKING_LIMITS.descriptionMax}
          rules={cargoRules.description}
          isDocumentText
        />
      ),
    },
    {
      title: f('packages'),
      key: 'packages',
      width: 80,
      render: (_v: unknown, field: { name: number }, index: number) => (
        <NumberCell
          name={field.name}
          index={index}
          t={t}
          field="packages"
          decimals={0}
          rules={[...cargoRules.packages, ...acrossCells(field.name, 'packages')]}
        />
      ),
    },
    {
      title: f('unit_id'),
      key: 'unit_id',
      width: 100,
      render: (_v: unknown, field: { name: number }, index: number) => (
        <UnitCell
          name={field.name}
          index={index}
          t={t}
          rules={[...cargoRules.unit_id, ...acrossCells(field.name, 'unit_id')]}
        />
      ),
    },
    {
      title: f('weight'),
      key: 'weight',
      width: 100,
      render: (_v: unknown, field: { name: number }, index: number) => (
        <NumberCell
          name={field.name}
          index={index}
          t={t}
          field="weight"
          decimals={BOOKING_LIMITS.decimals}
          rules={cargoRules.weight}
        />
      ),
    },
    {
      title: f('volume'),
      key: 'volume',
      width: 90,
      render: (_v: unknown, field: { name: number }, index: number) => (
        <NumberCell
          name={field.name}
          index={index}
          t={t}
          field="volume"
          decimals={BOOKING_LIMITS.decimals}
          rules={cargoRules.volume}
        />
      ),
    },
  ];
}
