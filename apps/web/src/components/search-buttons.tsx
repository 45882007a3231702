import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Search (submits the filter form) and Reset buttons that end every list's filter form. */
export function SearchButtons(props: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
        <Button onClick={props.onReset}>{t('common.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
