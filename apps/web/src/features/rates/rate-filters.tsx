import './strings';
import '../../i18n/dayjs-locale';
import { DATE_FORMAT } from '@freight/contract';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import type { RateFilters } from './rates-api';
import { ReferenceSelect } from '../../components/reference-select';
import { clearFields, useForm } from '../../components/use-form';
import { SearchButtons } from '../../components/search-buttons';

type FilterValues = {
  from_id?: number;
  to_id?: number;
  carrier_id?: number;
  validity?: [Dayjs | null, Dayjs | null] | null;
};

const wire = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined);
const day = (value: string | undefined) => (value ? dayjs(value) : null);

/** The form's values of filters read from the address. */
const toValues = (filters: RateFilters): FilterValues => ({
  from_id: filters.from_id,
  to_id: filters.to_id,
  carrier_id: filters.carrier_id,
  validity: filters.sdate || filters.edate ? [day(filters.sdate), day(filters.edate)] : null,
});

/** Rate filters: origin port, delivery place, carrier and a validity range. */
export function RateFilterForm({
  filters,
  onSearch,
}: {
  /** The filters in force (from the page's address): the form starts from them. */
  filters: RateFilters;
  onSearch: (filters: RateFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = useForm<FilterValues>();
  const select = { allowClear: true, style: { width: 200 } };

  const onFinish = (values: FilterValues) => {
    const [start, end] = values.validity ?? [];
    onSearch({
      from_id: values.from_id,
      to_id: values.to_id,
      carrier_id: values.carrier_id,
      sdate: wire(start),
      edate: wire(end),
    });
  };

  return (
    <Form<FilterValues>
      name="rateFilter"
      form={form}
      initialValues={toValues(filters)}
      layout="inline"
      onFinish={onFinish}
      style={{ rowGap: 12, marginBottom: 16 }}
      aria-label={t('rates.filters')}
    >
      <Form.Item name="from_id" label={t('rates.columns.pol')}>
        <ReferenceSelect kind="port" {...select} />
      </Form.Item>
      <Form.Item name="to_id" label={t('rates.columns.to')}>
        <ReferenceSelect kind="port" {...select} />
      </Form.Item>
      <Form.Item name="carrier_id" label={t('rates.columns.carrier')}>
        <ReferenceSelect kind="carrier" {...select} />
      </Form.Item>
      <Form.Item name="validity" label={t('rates.validity')}>
        <DatePicker.RangePicker
          format={DATE_FORMAT[currentLocale()]}
          allowEmpty={[true, true]}
          placeholder={[t('shared.fields.sdate'), t('shared.fields.edate')]}
        />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          clearFields(form);
          onSearch({});
        }}
      />
    </Form>
  );
}
