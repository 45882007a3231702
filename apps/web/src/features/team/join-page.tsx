import './strings';
import { acceptInvitationBody, INVITATION_TOKEN } from '@freight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth';
import { usePageTitle } from '../../app/page-title';
import { errorMessage } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { useForm } from '../../components/use-form';
import { currentLocale } from '../../i18n';
import { confirmPasswordRules } from '../../components/account/account-form';
import { AuthLayout } from '../../components/account/auth-layout';
import { PasswordStrength, passwordStrengthRule } from '../../components/account/password-strength';
import { formatDateTime } from '../../app/time-zone';
import { acceptInvitation, fetchInvitation } from './team-api';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

type Mode = 'new' | 'existing';
type JoinValues = { name?: string; password: string; confirmPassword?: string };

const newRules = zodRules(acceptInvitationBody.options[0]);
const passwordRules = zodRules(acceptInvitationBody.options[1]).password;

/**
 * The invitation page, open without signing in: what the invitation offers, then
 * a new login (name and password, with the strength meter of registration) or the existing login of
 * the invited address. Joining signs in, as login does, and opens the portal.
 */
export function JoinPage() {
  const { t } = useTranslation();
  usePageTitle(t('team.join.title'));
  const message = useToast();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [params] = useSearchParams();
  // The token leaves the address bar at once (history, screenshots), as the reset link's does.
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (params.has('token')) void navigate('/join', { replace: true });
  }, [params, navigate]);
  const isWellFormed = INVITATION_TOKEN.test(token);
  const info = useQuery({
    // The company's name is given in the page's language: switching it asks again.
    queryKey: queryKeys.team.invitation(token, currentLocale()),
    queryFn: () => fetchInvitation(token),
    enabled: isWellFormed,
    retry: false,
    staleTime: Infinity,
    // What was typed stays while the other language's reply comes.
    placeholderData: keepPreviousData,
  });
  const [mode, setMode] = useState<Mode>('new');
  const [form] = useForm<JoinValues>();
  const [busy, setBusy] = useState(false);
  const { run } = useAction();
  const newPassword = Form.useWatch<string | undefined>('password', form);
  const email = info.data?.email ?? '';

  const onFinish = async (values: JoinValues) => {
    // Busy until the next page opens: not only while the call runs.
    setBusy(true);
    await run(
      async () => {
        const body =
          mode === 'new'
            ? { mode, token, name: values.name ?? '', password: values.password }
            : { mode, token, password: values.password };
        const { token: session } = await acceptInvitation(body);
        flushSync(() => signIn(session));
        message.success(t('team.join.joined', { company: info.data?.company ?? '' }));
        void navigate('/quotes', { replace: true });
      },
      { title: t('team.join.failed'), fallback: t('team.join.failed'), form, onError: () => setBusy(false) },
    );
  };

  const invalid = !isWellFormed || info.isError;
  return (
    <AuthLayout variant="plain" width={480}>
      <Typography.Title level={3}>{t('team.join.title')}</Typography.Title>
      {invalid ? (
        <Alert
          type="error"
          showIcon
          title={info.isError ? errorMessage(info.error, t('team.join.invalid')) : t('team.join.invalid')}
        />
      ) : !info.data ? (
        <p role="status">{t('team.join.loading')}</p>
      ) : (
        <>
          <Typography.Paragraph>
            {t('team.join.summary', {
              inviter: info.data.invited_by,
              company: info.data.company,
              role: t(`shared.company.role.${info.data.role}`),
            })}
          </Typography.Paragraph>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('team.email')}>{email}</Descriptions.Item>
            <Descriptions.Item label={t('team.expires')}>
              {formatDateTime(info.data.expires_at, currentLocale())}
            </Descriptions.Item>
          </Descriptions>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
            <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('team.join.choice')}</legend>
            <Radio.Group
              value={mode}
              onChange={(event) => {
                setMode(event.target.value as Mode);
                form.resetFields(['password', 'confirmPassword']);
              }}
              options={[
                { value: 'new', label: t('team.join.createLogin') },
                { value: 'existing', label: t('team.join.existingLogin') },
              ]}
            />
          </fieldset>
          <Form<JoinValues> form={form} layout="vertical" onFinish={onFinish}>
            {mode === 'new' ? (
              <>
                <Form.Item name="name" label={t('team.join.name')} rules={newRules.name} required>
                  <Input autoComplete="name" maxLength={100} aria-required />
                </Form.Item>
                <Form.Item
                  name="password"
                  label={t('team.join.password')}
                  rules={[...newRules.password, passwordStrengthRule(() => email)]}
                  extra={<PasswordStrength password={newPassword} email={email} />}
                  required
                >
                  <Input.Password autoComplete="new-password" aria-required />
                </Form.Item>
                <Form.Item
                  name="confirmPassword"
                  label={t('team.join.confirmPassword')}
                  dependencies={['password']}
                  rules={confirmPasswordRules(t, { required: true, label: t('team.join.confirmPassword') })}
                  required
                >
                  <Input.Password autoComplete="new-password" aria-required />
                </Form.Item>
              </>
            ) : (
              <>
                <Typography.Paragraph type="secondary">{t('team.join.existingHint')}</Typography.Paragraph>
                <Form.Item name="password" label={t('team.join.password')} rules={passwordRules} required>
                  <Input.Password autoComplete="current-password" aria-required />
                </Form.Item>
              </>
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('team.join.submit')}
            </Button>
          </Form>
        </>
      )}
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.forget.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
