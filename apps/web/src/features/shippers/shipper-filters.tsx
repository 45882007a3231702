import './strings';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { referenceSelectProps, useReferenceList, type ReferenceKind } from '../../api/reference';
import { currentLocale } from '../../i18n';
import type { ShipperFilters } from './shippers-api';
import { useForm } from '../../components/use-form';

type Props = { filters: ShipperFilters; onChange: (filters: ShipperFilters) => void };

/** A dropdown over one reference list; a failed load just leaves it empty (silent). */
function FilterSelect(props: {
  kind: ReferenceKind;
  label: string;
  clearLabel: string;
  placeholder: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const list = useReferenceList(props.kind);
  return (
    <Select<number>
      aria-label={props.label}
      allowClear={{ label: props.clearLabel }}
      {...referenceSelectProps(props.kind, list.data, currentLocale())}
      placeholder={props.placeholder}
      loading={list.isPending}
      value={props.value}
      onChange={(value) => props.onChange(value ?? undefined)}
      style={{ width: 200 }}
    />
  );
}

/** Company-name search with a Search button, and three dropdowns that re-query at once. */
export function ShipperFilterBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const [form] = useForm<{ company?: string }>();
  const select = (
    kind: ReferenceKind,
    key: 'business_id' | 'port_id' | 'route_id',
    name: 'business' | 'port' | 'route',
  ) => (
    <Form.Item label={t(`shippers.filters.${name}`)}>
      <FilterSelect
        kind={kind}
        label={t(`shippers.filters.${name}`)}
        clearLabel={t('shippers.filters.clear', { name: t(`shippers.filters.${name}`) })}
        placeholder={t('shippers.filters.any')}
        value={filters[key]}
        onChange={(value) => onChange({ ...filters, [key]: value })}
      />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      initialValues={{ company: filters.company }}
      layout="inline"
      role="search"
      aria-label={t('shippers.filters.label')}
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => onChange({ ...filters, company: values.company?.trim() || undefined })}
    >
      <Form.Item name="company" label={t('shippers.filters.company')}>
        <Input allowClear maxLength={100} placeholder={t('shippers.filters.companyPlaceholder')} />
      </Form.Item>
      {select('business', 'business_id', 'business')}
      {select('port', 'port_id', 'port')}
      {select('route', 'route_id', 'route')}
      {/* The button ends the row, after every filter, as on the other lists. */}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
