import './strings';
import { myAccountBody, myPasswordBody, type MyPasswordBody, type UserInfo } from '@freight/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { useForm } from '../../components/use-form';
import { confirmPasswordRules } from '../../components/account/account-form';
import { PasswordStrength, passwordStrengthRule } from '../../components/account/password-strength';
import { MailPreferencesSection } from './mail-preferences-section';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

const nameRules = zodRules(myAccountBody);
const passwordRules = zodRules(myPasswordBody);
type PasswordValues = MyPasswordBody & { confirmPassword?: string };

/**
 * The signed-in person's own sign-in, whatever their role: their name, and a new
 * password with the current one (PUT /api/me, /api/me/password), and their e-mail notifications.
 */
export function MyAccountTab({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const message = useToast();
  const { run } = useAction();
  const queryClient = useQueryClient();
  const [nameForm] = useForm<{ name: string }>();
  const [passwordForm] = useForm<PasswordValues>();
  const [busy, setBusy] = useState<'name' | 'password' | null>(null);
  const newPassword = Form.useWatch<string | undefined>('password', passwordForm);
  const email = user.person.email;

  const saveName = async (values: { name: string }) => {
    setBusy('name');
    await run(
      async () => {
        await api.put('/me', { name: values.name });
        message.success(t('common.saved'));
        await queryClient.invalidateQueries({ queryKey: queryKeys.userInfo.all });
      },
      { form: nameForm, fallback: t('common.saveFailed') },
    );
    setBusy(null);
  };

  const savePassword = async (values: PasswordValues) => {
    setBusy('password');
    await run(
      async () => {
        await api.put('/me/password', {
          current_password: values.current_password,
          password: values.password,
        });
        message.success(t('profile.passwordChanged'));
        passwordForm.resetFields();
      },
      { form: passwordForm, fallback: t('common.saveFailed') },
    );
    setBusy(null);
  };

  return (
    <div style={{ maxWidth: 480 }}>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('shared.fields.username')}>{email}</Descriptions.Item>
        <Descriptions.Item label={t('profile.role')}>
          {t(`shared.company.role.${user.person.role}`)}
        </Descriptions.Item>
      </Descriptions>
      <Form<{ name: string }>
        form={nameForm}
        layout="vertical"
        initialValues={{ name: user.person.name }}
        onFinish={saveName}
      >
        <Form.Item name="name" label={t('profile.myName')} rules={nameRules.name} required>
          <Input autoComplete="name" maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy === 'name'}>
          {t('profile.saveName')}
        </Button>
      </Form>
      <Divider />
      <Typography.Title level={5} id="my-password">
        {t('profile.changePassword')}
      </Typography.Title>
      <Form<PasswordValues>
        form={passwordForm}
        layout="vertical"
        onFinish={savePassword}
        aria-labelledby="my-password"
      >
        <Form.Item
          name="current_password"
          label={t('shared.fields.current_password')}
          rules={passwordRules.current_password}
          required
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.newPassword')}
          rules={[...passwordRules.password, passwordStrengthRule(() => email)]}
          extra={
            <>
              {t('profile.passwordHintPersonal')}
              <PasswordStrength password={newPassword} email={email} />
            </>
          }
          required
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.confirmNewPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules(t, { required: true, label: t('auth.confirmNewPassword') })}
          required
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy === 'password'}>
          {t('profile.changePassword')}
        </Button>
      </Form>
      <Divider />
      <MailPreferencesSection language={user.person.language} />
    </div>
  );
}
