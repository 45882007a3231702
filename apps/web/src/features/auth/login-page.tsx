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
import { AuthLayout } from '../../components/account/auth-layout';
import { CaptchaField, proofFailureText, ProofOfWorkSlot, useCaptcha, useProofOfWork } from './human-check';
import { useForm } from '../../components/use-form';
import { usePageTitle } from '../../app/page-title';
import { loadFirstPageScripts, preloadFirstPage } from '../../app/preload';
import { useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../components/use-action';
import { useToast } from '../../components/use-toast';

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

/** Wrong password: the spec's text; a wrong captcha or browser check, throttling or a server fault: the server's message. */
function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const isPasswordFailure = error.status === 400 && error.fields.length === 0;
  return isPasswordFailure ? fallback : error.message || fallback;
}

/**
 * Once the member starts to fill the form in: the scripts of the page after the login (the layout,
 * the remembered page or the quote board) load and run while they type, so that after Enter that
 * page waits only for its data. Not before: a visit that never logs in does not download them.
 */
let isNextPageLoading = false;
function loadNextPage() {
  if (isNextPageLoading) return;
  isNextPageLoading = true;
  void loadFirstPageScripts(session.redirectPath ?? '/');
}

/** Login: username (e-mail), password and captcha; back to the remembered page after. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  usePageTitle(t('auth.login.title'));
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [form] = useForm<LoginValues>();
  const captchaImage = useCaptcha();
  const { captcha, refresh } = captchaImage;
  // The challenge names the username typed: its failed logins raise the work asked for.
  const pow = useProofOfWork(() => form.getFieldValue('username') as string | undefined);
  const [isSubmitting, setSubmitting] = useState(false);
  const { run } = useAction();
  // Enter pressed before the captcha's picture arrived (a password manager's submit): 'loading'
  // while it loads, then 'type' once shown, until the member types its characters.
  const [captchaWait, setCaptchaWait] = useState<'loading' | 'type' | null>(null);
  // Sent here by a 401 (expired or revoked elsewhere): say so, once; a visit or a logout says nothing.
  const [sessionEnded] = useState(() => session.endedByServer);
  useEffect(() => {
    session.endedByServer = false;
  }, []);

  // A member begins: the proof of work starts, and the next page's scripts load meanwhile.
  const startTyping = () => {
    pow.start();
    loadNextPage();
  };

  const onFinish = async (values: LoginValues) => {
    if (!captcha) {
      setCaptchaWait('loading');
      return;
    }
    setCaptchaWait(null);
    setSubmitting(true);
    let altcha: string;
    try {
      altcha = await pow.take();
    } catch (error) {
      setSubmitting(false);
      modal.error({ title: proofFailureText(error, t), okText: t('common.ok') });
      return;
    }
    await run(
      async () => {
        const { token } = await api.post<{ token: string }>('/system/login', {
          ...values,
          captcha_id: captcha.captcha_id,
          altcha,
        });
        const target = session.redirectPath ?? '/';
        session.redirectPath = null;
        // The guest guard answers a stored token with a redirect to '/': let it render now, so that
        // the navigation to the remembered page below is the one that wins.
        flushSync(() => signIn(token));
        // The next page's data and scripts at once, not each after the one before has rendered.
        void preloadFirstPage(queryClient, target, i18n.language);
        message.success(t('auth.login.success'));
        void navigate(target, { replace: true });
      },
      {
        onError: (error) => {
          setSubmitting(false);
          form.setFieldValue('captcha', '');
          refresh();
          pow.start();
          // One message, the reason (the server's text already says that the login failed): a
          // wrong password is told in the spec's words, not the policy's dialog.
          modal.error({ title: failureText(error, t('shared.account.loginFailed')), okText: t('common.ok') });
          return true;
        },
      },
    );
  };

  // The picture has arrived after an early submit: send the form if it is complete (its captcha
  // typed blind), else take the member to the captcha's field and say so.
  const captchaId = captcha?.captcha_id;
  useEffect(() => {
    if (!captchaId || captchaWait !== 'loading') return;
    form
      .validateFields()
      .then(() => form.submit())
      .catch(() => {
        setCaptchaWait('type');
        form.focusField('captcha');
      });
  }, [captchaId, captchaWait, form]);

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
      {/* The proof of work starts when the member first types, points or fills in the form, not with
          the page's load (the e-mail field's autofocus is no sign of a member). */}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onFinishFailed={() => {
          if (!captcha) setCaptchaWait('loading');
        }}
        onValuesChange={(changed: Partial<LoginValues>) => {
          if (changed.captcha) setCaptchaWait((wait) => (wait === 'type' ? null : wait));
        }}
        size="large"
        onInput={startTyping}
        onKeyDown={startTyping}
        onPointerDown={startTyping}
      >
        <Form.Item name="username" label={t('shared.fields.username')} rules={rules.username}>
          <Input inputMode="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('shared.fields.password')} rules={rules.password}>
          <PasswordInput />
        </Form.Item>
        <CaptchaField captcha={captchaImage} rules={rules.captcha} />
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
          <Link to="/forget-password">{t('auth.login.forgot')}</Link>
        </div>
        {/* Never disabled: Enter before the picture arrives must not be lost (see captchaWait). */}
        <Button type="primary" htmlType="submit" block loading={isSubmitting || captchaWait === 'loading'}>
          {t('auth.login.submit')}
        </Button>
        <div role="status" style={{ marginTop: captchaWait ? 8 : 0, color: 'rgba(0, 0, 0, 0.65)' }}>
          {captchaWait === 'loading'
            ? t('auth.login.captchaLoading')
            : captchaWait === 'type'
              ? t('auth.login.captchaType')
              : null}
        </div>
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </p>
      </Form>
      {/* Outside the form: the widget's hidden checkbox must not take part in the form's submit. */}
      <ProofOfWorkSlot pow={pow} />
    </AuthLayout>
  );
}
