import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
// Input by path: the Input index would bring TextArea, Search, OTP and Password into the login
// page's first download.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import type { useCaptcha } from './use-captcha';

/**
 * The image captcha of login and registration: the answer's input (field `captcha`) and the picture,
 * a button that shows another one.
 */
export function CaptchaField({ captcha, rules }: { captcha: ReturnType<typeof useCaptcha>; rules: Rule[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('shared.fields.captcha')} required>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <Form.Item name="captcha" rules={rules} noStyle>
          <Input
            aria-label={t('shared.fields.captcha')}
            autoComplete="off"
            maxLength={10}
            style={{ flex: 1 }}
          />
        </Form.Item>
        <button
          type="button"
          onClick={captcha.refresh}
          title={t('auth.login.newImage')}
          style={{
            height: 40,
            width: 120,
            padding: 0,
            border: '1px solid #d9d9d9',
            borderRadius: 8,
            background: '#fff',
            cursor: 'pointer',
            overflow: 'hidden',
          }}
        >
          {captcha.captcha ? (
            <img
              src={captcha.captcha.image}
              alt={t('auth.login.newImage')}
              style={{ width: '100%', height: '100%' }}
            />
          ) : (
            <span style={{ fontSize: 12 }}>{captcha.isError ? t('auth.login.imageFailed') : '…'}</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
