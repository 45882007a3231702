import { CAPTCHA_MAX, EMAIL_MAX, PASSWORD_MAX } from '@freight/contract';
import { App, Button, Form } from 'antd';
// Input by path: the Input index would bring TextArea, Search, OTP and Password (with its icon
// set) into the first download; the password's show/hide toggle is drawn here instead.
import Input from 'antd/es/input/Input';
import { useEffect, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, session } from '../../api/client';
import { ApiError } from '../../api/http';
import { useAuth } from '../../app/auth';
import { requiredRules } from '../../components/required-rule';
import { AuthLayout } from './auth-layout';
import { useCaptcha } from './use-captcha';
import { useForm } from '../../components/use-form';
import { usePageTitle } from '../../app/page-title';

/** A password field with a show/hide toggle button (labelled, keyboard reachable). */
function PasswordInput(props: {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      suffix={
        <button
          type="button"
          aria-label={t(visible ? 'auth.login.hidePassword' : 'auth.login.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          style={{
            border: 0,
            background: 'none',
            padding: 0,
            cursor: 'pointer',
            color: 'rgba(0,0,0,0.45)',
            display: 'flex',
          }}
        >
          <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
            <g fill="none" stroke="currentColor" strokeWidth="1.3">
              <path d="M1 8s2.6-4.5 7-4.5S15 8 15 8s-2.6 4.5-7 4.5S1 8 1 8z" />
              <circle cx="8" cy="8" r="2.2" />
              {visible ? null : <path d="M2.5 13.5l11-11" />}
            </g>
          </svg>
        </button>
      }
    />
  );
}

type LoginValues = { username: string; password: string; captcha: string };

// The login page is the first download: plain rules instead of the schema library (same messages).
const rules = {
  username: requiredRules('username', EMAIL_MAX),
  password: requiredRules('password', PASSWORD_MAX),
  captcha: requiredRules('captcha', CAPTCHA_MAX),
};

/** Wrong password: the spec's text; a wrong captcha, throttling or a server fault: the server's message. */
function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const isPasswordFailure = error.status === 400 && !error.fields.some((field) => field.field === 'captcha');
  return isPasswordFailure ? fallback : error.message || fallback;
}

/** Login (spec §2, §5): username (e-mail), password and captcha; back to the remembered page after. */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [form] = useForm<LoginValues>();
  const { captcha, isError: captchaFailed, refresh } = useCaptcha();
  const [isSubmitting, setSubmitting] = useState(false);
  // Sent here by a 401 (expired or revoked elsewhere): say so, once; a visit or a logout says nothing.
  const [sessionEnded] = useState(() => session.endedByServer);
  useEffect(() => {
    session.endedByServer = false;
  }, []);

  const onFinish = async (values: LoginValues) => {
    if (!captcha) return;
    setSubmitting(true);
    try {
      const { token } = await api.post<{ token: string }>('/system/login', {
        ...values,
        captcha_id: captcha.captcha_id,
      });
      const target = session.redirectPath ?? '/';
      session.redirectPath = null;
      // The guest guard answers a stored token with a redirect to '/': let it render now, so that
      // the navigation to the remembered page below is the one that wins.
      flushSync(() => signIn(token));
      message.success(t('auth.login.success'));
      void navigate(target, { replace: true });
    } catch (error) {
      setSubmitting(false);
      form.setFieldValue('captcha', '');
      refresh();
      modal.error({
        title: t('auth.login.failedTitle'),
        content: failureText(error, t('shared.account.loginFailed')),
        okText: t('common.ok'),
      });
    }
  };

  return (
    <AuthLayout>
      <h1 style={{ margin: '0 0 4px', fontSize: 24, fontWeight: 600, lineHeight: 1.35 }}>
        {t('auth.login.title')}
      </h1>
      <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.55)' }}>{t('auth.login.subtitle')}</p>
      {sessionEnded && (
        <div
          role="alert"
          style={{
            margin: '-8px 0 20px',
            padding: '8px 12px',
            border: '1px solid #ffe58f',
            borderRadius: 8,
            background: '#fffbe6',
            color: 'rgba(0, 0, 0, 0.88)',
          }}
        >
          {t('auth.login.sessionEnded')}
        </div>
      )}
      <Form<LoginValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
        <Form.Item name="username" label={t('shared.fields.username')} rules={rules.username}>
          <Input inputMode="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('shared.fields.password')} rules={rules.password}>
          <PasswordInput />
        </Form.Item>
        <Form.Item label={t('shared.fields.captcha')} required>
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <Form.Item name="captcha" rules={rules.captcha} noStyle>
              <Input
                aria-label={t('shared.fields.captcha')}
                autoComplete="off"
                maxLength={10}
                style={{ flex: 1 }}
              />
            </Form.Item>
            <button
              type="button"
              onClick={refresh}
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
              {captcha ? (
                <img
                  src={captcha.image}
                  alt={t('auth.login.newImage')}
                  style={{ width: '100%', height: '100%' }}
                />
              ) : (
                <span style={{ fontSize: 12 }}>{captchaFailed ? t('auth.login.imageFailed') : '…'}</span>
              )}
            </button>
          </div>
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
          <Link to="/forget-password">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={isSubmitting} disabled={!captcha}>
          {t('auth.login.submit')}
        </Button>
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </p>
      </Form>
    </AuthLayout>
  );
}
