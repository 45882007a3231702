import { registrationFields } from '@freight/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/form-rules';
import { confirmPasswordRules, type PickedImage } from '../../components/account/account-form';
import { CompanyFields } from '../../components/account/company-fields';
import { ImageUpload } from '../../components/account/image-upload';
import { PasswordStrength, passwordStrengthRule } from '../../components/account/password-strength';

const registrationRules = zodRules(registrationFields);

/** The fields Next checks before step 2. */
export const BASIC_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'linkman',
  'phone',
  'company1',
  'company2',
  'address1',
  'address2',
  'city',
  'province',
  'country_id',
  'zip_code',
  'credit_no',
] as const;

/** Register step 1: login e-mail and password, the company fields and the business licence. */
export function RegisterBasicStep({
  license,
  onLicenseChange,
}: {
  license: PickedImage | null;
  onLicenseChange: (image: PickedImage | null) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const password = Form.useWatch<string | undefined>('password', form);
  const username = Form.useWatch<string | undefined>('username', form);
  const passwordRules = [
    ...registrationRules.password,
    passwordStrengthRule(() => form.getFieldValue('username') as string | undefined),
  ];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item
            name="username"
            label={t('shared.fields.username')}
            rules={registrationRules.username}
            required
          >
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={t('shared.fields.password')}
            rules={passwordRules}
            extra={<PasswordStrength password={password} email={username} />}
            required
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="confirmPassword"
            label={t('auth.confirmPassword')}
            dependencies={['password']}
            rules={confirmPasswordRules(t, { required: true, label: t('auth.confirmPassword') })}
            required
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <CompanyFields rules={registrationRules} />
      <Form.Item label={t('shared.fields.license')}>
        <ImageUpload label={t('shared.fields.license')} value={license} onChange={onLicenseChange} />
      </Form.Item>
    </>
  );
}
