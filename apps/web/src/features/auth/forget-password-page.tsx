import { passwordResetBody, RESET_LINK_TOKEN } from '@freight/contract';
import { App, Button, Form, Input, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { confirmPasswordRules } from '../../components/account/account-form';
import { AuthLayout } from '../../components/account/auth-layout';
import { proofFailureText, ProofOfWorkSlot, useProofOfWork } from './human-check';
import { PasswordStrength, passwordStrengthRule } from '../../components/account/password-strength';
import { useForm } from '../../components/use-form';
import { usePageTitle } from '../../app/page-title';
import { useToast } from '../../components/use-toast';

type EmailValues = { username: string };
type ResetValues = { username: string; vcode: string; password: string; confirmPassword: string };

const rules = zodRules(passwordResetBody);

/** Forgot password: e-mail → code sent → code and new password → /login. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forget.title'));
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const [emailForm] = useForm<EmailValues>();
  const [resetForm] = useForm<ResetValues>();
  // The mail's link: /forget-password?email=…&token=… opens step 2 with its token as the
  // code; the token leaves the address bar at once (history, screenshots, shoulders).
  const [params] = useSearchParams();
  const [link] = useState(() => {
    const token = params.get('token') ?? '';
    const address = (params.get('email') ?? '').trim().toLowerCase();
    return RESET_LINK_TOKEN.test(token) && address ? { token, email: address } : null;
  });
  useEffect(() => {
    if (params.has('token')) navigate('/forget-password', { replace: true });
  }, [params, navigate]);
  const [email, setEmail] = useState<string | null>(link?.email ?? null);
  const [isSending, setSending] = useState(false);
  const [isResetting, setResetting] = useState(false);
  const { run } = useAction();
  // A reset code is sent only with a solved proof of work.
  const pow = useProofOfWork();
  const newPassword = Form.useWatch<string | undefined>('password', resetForm);

  const isFromLink = link !== null && link.email === email;

  const sendCode = async ({ username }: EmailValues) => {
    const address = username.trim().toLowerCase();
    setSending(true);
    let altcha: string;
    try {
      altcha = await pow.take();
    } catch (error) {
      setSending(false);
      modal.error({
        title: t('auth.forget.sendFailed'),
        content: proofFailureText(error, t),
        okText: t('common.ok'),
      });
      return;
    }
    await run(
      async () => {
        await api.get('/system/forget', { username: address, altcha });
        message.success(t('auth.forget.codeSent'));
        setEmail(address);
        resetForm.setFieldsValue({ username: address });
      },
      {
        title: t('auth.forget.sendFailed'),
        fallback: t('auth.forget.sendFailed'),
        form: emailForm,
        onError: () => pow.start(),
      },
    );
    setSending(false);
  };

  const reset = async (values: ResetValues) => {
    if (!email) return;
    setResetting(true);
    await run(
      async () => {
        const vcode = link && link.email === email ? link.token : values.vcode;
        await api.post('/system/password', { username: email, vcode, password: values.password });
        message.success(t('auth.forget.resetSuccess'));
        navigate('/login', { replace: true });
      },
      {
        title: t('auth.forget.resetFailed'),
        fallback: t('auth.forget.resetFailed'),
        form: resetForm,
        onError: () => setResetting(false),
      },
    );
  };

  return (
    <AuthLayout variant="plain" width={440}>
      <Typography.Title level={3}>{t('auth.forget.title')}</Typography.Title>
      <Steps
        size="small"
        current={email ? 1 : 0}
        style={{ marginBlock: 16 }}
        items={[{ title: t('auth.forget.stepEmail') }, { title: t('auth.forget.stepReset') }]}
      />
      {email === null ? (
        <Form<EmailValues>
          form={emailForm}
          layout="vertical"
          requiredMark={false}
          onFinish={sendCode}
          onInput={pow.start}
          onKeyDown={pow.start}
          onPointerDown={pow.start}
        >
          <Form.Item name="username" label={t('shared.fields.username')} rules={rules.username}>
            <Input inputMode="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isSending}>
            {t('auth.forget.sendCode')}
          </Button>
        </Form>
      ) : (
        <Form<ResetValues> form={resetForm} layout="vertical" requiredMark={false} onFinish={reset}>
          <Typography.Paragraph type="secondary">
            {t(isFromLink ? 'auth.forget.linkHint' : 'auth.forget.codeHint', { email })}
          </Typography.Paragraph>
          <Form.Item name="username" label={t('shared.fields.username')} initialValue={email}>
            <Input disabled />
          </Form.Item>
          {!isFromLink && (
            <Form.Item name="vcode" label={t('shared.fields.vcode')} rules={rules.vcode}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
          )}
          <Form.Item
            name="password"
            label={t('auth.newPassword')}
            rules={[...rules.password, passwordStrengthRule(() => email ?? undefined)]}
            extra={<PasswordStrength password={newPassword} email={email ?? undefined} />}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('auth.confirmNewPassword')}
            dependencies={['password']}
            rules={confirmPasswordRules(t, { required: true, label: t('auth.confirmNewPassword') })}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isResetting}>
            {t('auth.forget.submit')}
          </Button>
          <Button type="link" block onClick={() => setEmail(null)} style={{ marginTop: 8 }}>
            {t('auth.forget.changeEmail')}
          </Button>
        </Form>
      )}
      <ProofOfWorkSlot pow={pow} />
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.forget.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
