import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInBrowser } from '../app/in-browser';

/**
 * The type of a filter form's Search button: a plain button in a first view from the server until
 * the app has taken it over. Clicked before, a submit button sent the form the browser's
 * way, a reload of the page that lost what was typed; now the click does nothing, the typed text
 * stays, and the app takes it over (app/typed-before-hydration.ts).
 */
export function useSubmitType(): 'submit' | 'button' {
  return useInBrowser() ? 'submit' : 'button';
}

/** The Search (submits the filter form) and Reset buttons that end every list's filter form. */
export function SearchButtons(props: { onReset: () => void }) {
  const { t } = useTranslation();
  const submitType = useSubmitType();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType={submitType}>
          {t('common.search')}
        </Button>
        <Button onClick={props.onReset}>{t('common.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
