import './strings';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../components/lazy-dialog';
import { useSubmitType } from '../../components/search-buttons';
import { ReferenceSelect } from '../rates/reference-select';
import type { BookingFilters } from './bookings-api';
import { statusOptions } from './booking-format';
import { useForm } from '../../components/use-form';

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

type Props = {
  /** `reset` tells the page to go back to the default page size (spec §9). */
  onSearch: (filters: BookingFilters, kind: 'search' | 'reset') => void;
};

/** The booking list's filters (spec §2 My Bookings): keyword, delivery place, status, and more on demand. */
export function BookingFilterForm({ onSearch }: Props) {
  const { t } = useTranslation();
  const [form] = useForm<FilterValues>();
  const [isExpanded, setExpanded] = useState(false);
  const submitType = useSubmitType();
  const f = (name: string) => t(`shared.fields.${name}`);
  const wide = { style: { width: 200 } };

  return (
    <Form<FilterValues>
      name="bookingFilter"
      form={form}
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
              form.resetFields();
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
