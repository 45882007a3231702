import './strings';
import type { UserInfo } from '@freight/contract';
import { Button, Form, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import {
  ID_LIST_FIELDS,
  joinIds,
  releaseImage,
  splitIds,
  type PickedImage,
} from '../../components/account/account-form';
import { BusinessFields } from '../../components/account/business-fields';
import { ImageUpload } from '../../components/account/image-upload';
import { basicValues, useSaveProfile } from './use-save-profile';
import { useForm } from '../../components/use-form';
import { useToast } from '../../components/use-toast';

type BusinessValues = {
  profile: string;
  industries: number[];
  businesses: number[];
  routes: number[];
  ports: number[];
  listed_in_directory: boolean;
};

function initialValues(user: UserInfo): BusinessValues {
  return {
    profile: user.profile,
    industries: splitIds(user.industries),
    businesses: splitIds(user.businesses),
    routes: splitIds(user.routes),
    ports: splitIds(user.ports),
    listed_in_directory: user.listed_in_directory,
  };
}

/**
 * Profile tab 2 (app mode 2 only): company profile, industries, businesses, routes, ports, the
 * logo, and for forwarders whether the company is listed in the shipper directory.
 */
export function BusinessInfoTab({ user, readOnly = false }: { user: UserInfo; readOnly?: boolean }) {
  const { t } = useTranslation();
  const message = useToast();
  const { run } = useAction();
  const [form] = useForm<BusinessValues>();
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const save = useSaveProfile();

  const onFinish = async (values: BusinessValues) => {
    // PUT /userinfo carries the whole profile: the basic fields go as they are stored.
    const payload: Record<string, unknown> = { ...basicValues(user), profile: values.profile ?? '' };
    for (const field of ID_LIST_FIELDS) payload[field] = joinIds(values[field]);
    if (user.is_forwarder) payload.listed_in_directory = Boolean(values.listed_in_directory);
    await run(
      async () => {
        const saved = await save.mutateAsync({ values: payload, files: { logo: logo?.file } });
        message.success(t('common.saved'));
        releaseImage(logo);
        setLogo(null);
        form.setFieldsValue(initialValues(saved));
      },
      { form, fallback: t('common.saveFailed') },
    );
  };

  return (
    <Form<BusinessValues>
      scrollToFirstError={{ focus: true }}
      form={form}
      layout="vertical"
      initialValues={initialValues(user)}
      onFinish={onFinish}
      disabled={readOnly}
      style={{ maxWidth: 880 }}
    >
      <BusinessFields />
      <Form.Item label={t('shared.fields.logo')}>
        <div style={{ maxWidth: 420 }}>
          <ImageUpload
            label={t('shared.fields.logo')}
            value={logo}
            onChange={setLogo}
            currentUrl={user.logo_thumb ?? user.logo_url}
          />
        </div>
      </Form.Item>
      {user.is_forwarder && (
        <Form.Item
          name="listed_in_directory"
          label={t('shared.fields.listed_in_directory')}
          valuePropName="checked"
          extra={t('profile.listedHint')}
        >
          <Switch />
        </Form.Item>
      )}
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
