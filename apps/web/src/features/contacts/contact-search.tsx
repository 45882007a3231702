import './strings';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearFields, useForm } from '../../components/use-form';
import { SearchButtons } from '../../components/search-buttons';

/** Keyword search over both company names, contact person, phone, e-mail and city, with Search and Reset. */
export function ContactSearch({
  keyword,
  onSearch,
}: {
  /** The search in force (from the page's address): the box starts with it. */
  keyword: string;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = useForm<{ keyword?: string }>();
  return (
    <Form
      form={form}
      initialValues={{ keyword }}
      layout="inline"
      role="search"
      aria-label={t('contacts.searchLabel')}
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => onSearch(values.keyword?.trim() ?? '')}
    >
      <Form.Item name="keyword" label={t('common.keyword')}>
        <Input
          allowClear
          maxLength={100}
          placeholder={t('contacts.keywordPlaceholder')}
          style={{ width: 280 }}
        />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          clearFields(form);
          onSearch('');
        }}
      />
    </Form>
  );
}
