import './strings';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../components/lazy-dialog';
import { useSubmitType } from '../../components/search-buttons';
import { ReferenceSelect } from '../../components/reference-select';
import type { BookingFilters } from './bookings-api';
import { statusOptions } from './booking-format';
import { clearFields, useForm } from '../../components/use-form';
import type { FieldName } from '../../i18n/keys';

// The further filters bring the date pickers: downloaded when the member opens them.
const MoreFilters = lazyDialog(async () => (await import('./booking-more-filters')).MoreFilters);

type Range = [Dayjs | null, Dayjs | null] | null;

type FilterValues = {
  keyword?: string;
  to_id?: number;
  status?: number;
  order_no?: string;
  cust_ref_no?: string;
  pol_id?: number;
  carrier_id?: number;
  booked?: Range;
  vessel?: string;
  voyage?: string;
  etd?: Range;
  eta?: Range;
};

const wire = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined);
const text = (value: string | undefined) => value?.trim() || undefined;

function toFilters(values: FilterValues): BookingFilters {
  const [sdate, edate] = values.booked ?? [];
  const [etdFrom, etdTo] = values.etd ?? [];
  const [etaFrom, etaTo] = values.eta ?? [];
  return {
    keyword: text(values.keyword),
    to_id: values.to_id,
    status: values.status,
    order_no: text(values.order_no),
    cust_ref_no: text(values.cust_ref_no),
    pol_id: values.pol_id,
    carrier_id: values.carrier_id,
    sdate: wire(sdate),
    edate: wire(edate),
    vessel: text(values.vessel),
    voyage: text(values.voyage),
    etd_from: wire(etdFrom),
    etd_to: wire(etdTo),
    eta_from: wire(etaFrom),
    eta_to: wire(etaTo),
  };
}

const day = (value: string | undefined) => (value ? dayjs(value) : null);
const range = (from: string | undefined, to: string | undefined): Range =>
  from || to ? [day(from), day(to)] : null;

/** The form's values of filters read from the address. */
function toValues(filters: BookingFilters): FilterValues {
  return {
    keyword: filters.keyword,
    to_id: filters.to_id,
    status: filters.status,
    order_no: filters.order_no,
    cust_ref_no: filters.cust_ref_no,
    pol_id: filters.pol_id,
    carrier_id: filters.carrier_id,
    booked: range(filters.sdate, filters.edate),
    vessel: filters.vessel,
    voyage: filters.voyage,
    etd: range(filters.etd_from, filters.etd_to),
    eta: range(filters.eta_from, filters.eta_to),
  };
}

/** Filters that sit behind "more filters": the panel opens by itself when the address holds one. */
const MORE_FILTERS = [
  'order_no',
  'cust_ref_no',
  'pol_id',
  'carrier_id',
  'sdate',
  'edate',
  'vessel',
  'voyage',
] as const;
const MORE_SCHEDULE = ['etd_from', 'etd_to', 'eta_from', 'eta_to'] as const;

type Props = {
  /** The filters in force (from the page's address): the form starts from them. */
  filters: BookingFilters;
  /** `reset` tells the page to go back to the default page size. */
  onSearch: (filters: BookingFilters, kind: 'search' | 'reset') => void;
};

/** The booking list's filters: keyword, delivery place, status, and more on demand. */
export function BookingFilterForm({ filters, onSearch }: Props) {
  const { t } = useTranslation();
  const [form] = useForm<FilterValues>();
  const [isExpanded, setExpanded] = useState(() =>
    [...MORE_FILTERS, ...MORE_SCHEDULE].some((name) => filters[name] !== undefined),
  );
  const submitType = useSubmitType();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const wide = { style: { width: 200 } };

  return (
    <Form<FilterValues>
      name="bookingFilter"
      form={form}
      initialValues={toValues(filters)}
      layout="inline"
      onFinish={(values) => onSearch(toFilters(values), 'search')}
      style={{ rowGap: 12, marginBottom: 16 }}
      aria-label={t('bookings.filters')}
    >
      <Form.Item name="keyword" label={t('common.keyword')}>
        <Input allowClear placeholder={t('bookings.keywordHint')} style={{ width: 260 }} maxLength={100} />
      </Form.Item>
      <Form.Item name="to_id" label={f('to_id')}>
        <ReferenceSelect kind="port" allowClear {...wide} />
      </Form.Item>
      <Form.Item name="status" label={f('status')}>
        <Select allowClear options={statusOptions(t)} {...wide} />
      </Form.Item>
      {isExpanded && <MoreFilters />}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType={submitType}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              clearFields(form);
              onSearch({}, 'reset');
            }}
          >
            {t('common.reset')}
          </Button>
          <Button
            type="link"
            aria-expanded={isExpanded}
            icon={isExpanded ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
            onClick={() => setExpanded((value) => !value)}
          >
            {t(isExpanded ? 'bookings.fewerFilters' : 'bookings.moreFilters')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
