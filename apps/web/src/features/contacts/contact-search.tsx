import './strings';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearFields, useForm } from '../../components/use-form';
import { SearchButtons } from '../../components/search-buttons';

/** What the contact list is narrowed to: a keyword, and whether only contacts too long for a B/L. */
export type ContactFilters = { keyword: string; isTooLong: boolean };

/**
 * Keyword search over both company names, contact person, phone, e-mail and city, and "only those
 * too long for a B/L" (the contacts to shorten), with Search and Reset.
 */
export function ContactSearch({
  filters,
  onSearch,
}: {
  /** The search in force (from the page's address): the form starts with it. */
  filters: ContactFilters;
  onSearch: (filters: ContactFilters) => void;
}) {
  const { t } = useTranslation();
  const [form] = useForm<{ keyword?: string; isTooLong?: boolean }>();
  return (
    <Form
      form={form}
      initialValues={filters}
      layout="inline"
      role="search"
      aria-label={t('contacts.searchLabel')}
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) =>
        onSearch({ keyword: values.keyword?.trim() ?? '', isTooLong: values.isTooLong === true })
      }
    >
      <Form.Item name="keyword" label={t('common.keyword')}>
        <Input
          allowClear
          maxLength={100}
          placeholder={t('contacts.keywordPlaceholder')}
          style={{ width: 280 }}
        />
      </Form.Item>
      <Form.Item name="isTooLong" valuePropName="checked">
        {/* Takes effect at once, like a tab: it is a view of the book rather than a search term. */}
        <Checkbox onChange={() => form.submit()}>{t('contacts.tooLongOnly')}</Checkbox>
      </Form.Item>
      <SearchButtons
        onReset={() => {
          clearFields(form);
          onSearch({ keyword: '', isTooLong: false });
        }}
      />
    </Form>
  );
}
