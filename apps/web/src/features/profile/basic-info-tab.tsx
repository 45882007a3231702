import './strings';
import { profileUpdate, type UserInfo } from '@freight/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { releaseImage, type PickedImage } from '../../components/account/account-form';
import { CompanyFields } from '../../components/account/company-fields';
import { ImageUpload } from '../../components/account/image-upload';
import { useAuthedImage } from './use-authed-image';
import { basicValues, useSaveProfile } from './use-save-profile';
import { useForm } from '../../components/use-form';
import { useToast } from '../../components/use-toast';

type BasicValues = ReturnType<typeof basicValues> & { username: string };

const rules = zodRules(profileUpdate);

/**
 * The profile's first tab: the company's contact fields and licence. A password is a
 * person's, not the company's: everyone changes their own on the "My account" tab only. Read only
 * for the roles that do not manage the company.
 */
export function BasicInfoTab({ user, readOnly = false }: { user: UserInfo; readOnly?: boolean }) {
  const { t } = useTranslation();
  const message = useToast();
  const { run } = useAction();
  const [form] = useForm<BasicValues>();
  const [license, setLicense] = useState<PickedImage | null>(null);
  const currentLicense = useAuthedImage(user.license_thumb ?? user.license);
  const save = useSaveProfile();
  const onFinish = async (values: BasicValues) => {
    const { username: _username, ...fields } = values;
    const payload: Record<string, unknown> = { ...fields };
    await run(
      async () => {
        const saved = await save.mutateAsync({ values: payload, files: { license: license?.file } });
        message.success(t('common.saved'));
        releaseImage(license);
        setLicense(null);
        form.setFieldsValue(basicValues(saved));
      },
      { form, fallback: t('common.saveFailed') },
    );
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
