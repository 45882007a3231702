import './strings';
import { needsCurrentPassword, profileUpdate, type UserInfo } from '@freight/contract';
import { App, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, errorMessage } from '../../components/api-error';
import { zodRules } from '../../components/form-rules';
import { sharedMessage } from '../../i18n';
import { confirmPasswordRules, releaseImage, type PickedImage } from '../auth/account-form';
import { CompanyFields } from '../auth/company-fields';
import { ImageUpload } from '../auth/image-upload';
import { PasswordStrength, passwordStrengthRule } from '../auth/password-strength';
import { useAuthedImage } from './use-authed-image';
import { basicValues, useSaveProfile } from './use-save-profile';
import { useForm } from '../../components/use-form';

type BasicValues = ReturnType<typeof basicValues> & {
  username: string;
  password?: string | undefined;
  confirmPassword?: string | undefined;
  current_password?: string | undefined;
};

const rules = zodRules(profileUpdate);
const emptyToUndefined = (value: string) => value || undefined;

/**
 * Profile tab 1 (spec §2, §5 Profile): contact and company fields, licence, optional new password.
 * Read only for the roles that do not manage the company (issue 18): they change their own
 * password on the "My account" tab.
 */
export function BasicInfoTab({ user, readOnly = false }: { user: UserInfo; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = useForm<BasicValues>();
  const [license, setLicense] = useState<PickedImage | null>(null);
  const currentLicense = useAuthedImage(user.license_thumb ?? user.license);
  const save = useSaveProfile();
  // A new password is set with the current one (issue 17): its field shows once one is typed.
  const newPassword = Form.useWatch<string | undefined>('password', form);
  const isChangingPassword = needsCurrentPassword({ password: newPassword });
  const passwordRules = [...rules.password, passwordStrengthRule(() => user.username)];
  const currentPasswordRules = [
    { required: true, message: sharedMessage('account.currentPasswordRequired') },
    ...rules.current_password,
  ];

  const onFinish = async (values: BasicValues) => {
    const {
      username: _username,
      confirmPassword: _confirm,
      password,
      current_password: currentPassword,
      ...fields
    } = values;
    const payload: Record<string, unknown> = { ...fields };
    if (password) Object.assign(payload, { password, current_password: currentPassword });
    try {
      const saved = await save.mutateAsync({ values: payload, files: { license: license?.file } });
      message.success(t('common.saved'));
      releaseImage(license);
      setLicense(null);
      form.setFieldsValue({
        ...basicValues(saved),
        password: undefined,
        confirmPassword: undefined,
        current_password: undefined,
      });
    } catch (error) {
      applyFieldErrors(form, error);
      message.error(errorMessage(error, t('common.saveFailed')));
    }
  };

  return (
    <Form<BasicValues>
      form={form}
      layout="vertical"
      initialValues={{ ...basicValues(user), username: user.username }}
      onFinish={onFinish}
      scrollToFirstError
      disabled={readOnly}
      style={{ maxWidth: 880 }}
    >
      <Form.Item name="username" label={t('shared.fields.username')}>
        <Input disabled />
      </Form.Item>
      <CompanyFields rules={rules} />
      <Row gutter={16} hidden={readOnly}>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('auth.newPassword')}
            rules={passwordRules}
            normalize={emptyToUndefined}
            extra={
              <>
                {t('profile.passwordHint')}
                <PasswordStrength password={newPassword} email={user.username} />
              </>
            }
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="confirmPassword"
            label={t('auth.confirmNewPassword')}
            dependencies={['password']}
            rules={confirmPasswordRules(t, { required: false, label: t('auth.confirmNewPassword') })}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        {isChangingPassword && (
          <Col xs={24} md={12}>
            <Form.Item
              name="current_password"
              label={t('shared.fields.current_password')}
              dependencies={['password']}
              rules={currentPasswordRules}
              extra={t('profile.currentPasswordHint')}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item label={t('shared.fields.license')}>
        <div style={{ maxWidth: 420 }}>
          <ImageUpload
            label={t('shared.fields.license')}
            value={license}
            onChange={setLicense}
            currentUrl={currentLicense}
          />
        </div>
      </Form.Item>
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
