import './strings';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/reference-select';
import type { QuoteFilters } from './quotes-api';
import { clearFields, useForm } from '../../components/use-form';
import { SearchButtons } from '../../components/search-buttons';

/**
 * Quote filters: carrier, supplier (only with quote_forwarder), origin port,
 * delivery place and trade route.
 */
export function QuoteFilterForm({
  showSupplier,
  filters,
  onSearch,
}: {
  showSupplier: boolean;
  /** The filters in force (from the page's address): the form starts from them. */
  filters: QuoteFilters;
  onSearch: (filters: QuoteFilters, options?: { reset: boolean }) => void;
}) {
  const { t } = useTranslation();
  const [form] = useForm<QuoteFilters>();
  // Narrow enough that the English labels, four dropdowns and the buttons share one line at 1366 px.
  const select = { allowClear: true, style: { width: 176 } };

  return (
    <Form<QuoteFilters>
      name="quoteFilter"
      form={form}
      initialValues={filters}
      layout="inline"
      onFinish={(values) => onSearch({ ...values })}
      style={{ rowGap: 12, marginBottom: 16 }}
      aria-label={t('quotes.filters')}
    >
      <Form.Item name="carrier_id" label={t('quotes.columns.carrier')}>
        <ReferenceSelect kind="carrier" {...select} />
      </Form.Item>
      {showSupplier && (
        <Form.Item name="forwarder_id" label={t('quotes.columns.supplier')}>
          <ReferenceSelect kind="forwarder" {...select} />
        </Form.Item>
      )}
      <Form.Item name="pol_id" label={t('quotes.columns.pol')}>
        <ReferenceSelect kind="port" {...select} />
      </Form.Item>
      <Form.Item name="to_id" label={t('quotes.columns.to')}>
        <ReferenceSelect kind="port" {...select} />
      </Form.Item>
      <Form.Item name="route_id" label={t('quotes.route')}>
        <ReferenceSelect kind="route" {...select} />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          clearFields(form);
          onSearch({}, { reset: true });
        }}
      />
    </Form>
  );
}
