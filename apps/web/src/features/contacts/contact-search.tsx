import './strings';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../components/use-form';

/** Keyword search over both company names, contact person, phone, e-mail and city, with Search and Reset. */
export function ContactSearch({ onSearch }: { onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [form] = useForm<{ keyword?: string }>();
  return (
    <Form
      form={form}
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch('');
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
