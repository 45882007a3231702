import './strings';
import '../../i18n/dayjs-locale';
import { DATE_FORMAT } from '@freight/contract';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { ReferenceSelect } from '../../components/reference-select';
import type { FieldName } from '../../i18n/keys';

/** The booking list's further filters. */
export function MoreFilters() {
  const { t } = useTranslation();
  const format = DATE_FORMAT[currentLocale()];
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const wide = { style: { width: 200 } };
  const range = (from: string, to: string) => (
    <DatePicker.RangePicker format={format} allowEmpty={[true, true]} placeholder={[from, to]} />
  );
  return (
    <>
      <Form.Item name="order_no" label={f('order_no')}>
        <Input allowClear maxLength={30} {...wide} />
      </Form.Item>
      <Form.Item name="cust_ref_no" label={f('cust_ref_no')}>
        <Input allowClear maxLength={50} {...wide} />
      </Form.Item>
      <Form.Item name="pol_id" label={f('pol_id')}>
        <ReferenceSelect kind="port" allowClear {...wide} />
      </Form.Item>
      <Form.Item name="carrier_id" label={f('carrier_id')}>
        <ReferenceSelect kind="carrier" allowClear {...wide} />
      </Form.Item>
      <Form.Item name="booked" label={t('bookings.bookingDate')}>
        {range(t('bookings.from'), t('bookings.to'))}
      </Form.Item>
      <Form.Item name="vessel" label={f('vessel')}>
        <Input allowClear maxLength={50} {...wide} />
      </Form.Item>
      <Form.Item name="voyage" label={f('voyage')}>
        <Input allowClear maxLength={20} {...wide} />
      </Form.Item>
      <Form.Item name="etd" label={f('etd')}>
        {range(f('etd_from'), f('etd_to'))}
      </Form.Item>
      <Form.Item name="eta" label={f('eta')}>
        {range(f('eta_from'), f('eta_to'))}
      </Form.Item>
    </>
  );
}
