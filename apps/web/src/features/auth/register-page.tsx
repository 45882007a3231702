import { registrationFields } from '@freight/contract';
import { Alert, App, Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { ApiError } from '../../api/http';
import { useAuth } from '../../app/auth';
import { useSiteConfig } from '../../app/site-config';
import { applyFieldErrors } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import {
  ID_LIST_FIELDS,
  joinIds,
  releaseImage,
  toFormData,
  type PickedImage,
} from '../../components/account/account-form';
import { AuthLayout } from '../../components/account/auth-layout';
import { CaptchaField, proofFailureText, ProofOfWorkSlot, useCaptcha, useProofOfWork } from './human-check';
import { BusinessFields } from '../../components/account/business-fields';
import { ImageUpload } from '../../components/account/image-upload';
import { BASIC_FIELDS, RegisterBasicStep } from './register-basic-step';
import { RegisterFooter } from './register-footer';
import { useCountryOptions } from '../../components/account/use-countries';
import { useForm, validateAndShow } from '../../components/use-form';
import { usePageTitle } from '../../app/page-title';
import { useToast } from '../../components/use-toast';

type RegisterValues = {
  username: string;
  password: string;
  confirmPassword: string;
  linkman: string;
  phone: string;
  company1: string;
  company2?: string;
  address1: string;
  address2?: string;
  city: string;
  province?: string;
  zip_code?: string;
  country_id: number;
  credit_no?: string;
  profile?: string;
  industries?: number[];
  businesses?: number[];
  routes?: number[];
  ports?: number[];
  captcha: string;
};

const BASIC: readonly string[] = BASIC_FIELDS;
const captchaRules = zodRules(registrationFields).captcha;

/** The multipart fields of POST /api/userinfo. */
function registrationPayload(values: RegisterValues, isWizard: boolean): Record<string, unknown> {
  const { confirmPassword: _confirm, profile, industries, businesses, routes, ports, ...basic } = values;
  const payload: Record<string, unknown> = { ...basic, first_name: basic.linkman };
  if (!isWizard) return payload;
  // Mode 2 omits an empty profile; the server gives mode 1 its default text.
  if (profile?.trim()) payload.profile = profile;
  const lists = { industries, businesses, routes, ports };
  for (const field of ID_LIST_FIELDS) if (lists[field]?.length) payload[field] = joinIds(lists[field]);
  return payload;
}

/** Register: one step in app mode 1, two in mode 2. */
export function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.register.title'));
  const { modal } = App.useApp();
  const message = useToast();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const config = useSiteConfig();
  const isWizard = config.data?.app_mode === 2;
  const [form] = useForm<RegisterValues>();
  const [step, setStep] = useState(0);
  const [license, setLicense] = useState<PickedImage | null>(null);
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const { run } = useAction();
  const countries = useCountryOptions();
  // Against scripts: the image captcha with the Submit button, and the proof of work.
  const captcha = useCaptcha();
  const pow = useProofOfWork();
  const isLastStep = !isWizard || step === 1;

  const onNext = async () => {
    if (await validateAndShow(form, [...BASIC_FIELDS])) setStep(1);
    else message.error(t('auth.register.checkBasic'));
  };

  const showFieldErrors = (error: unknown) => {
    const onFirstStep = error instanceof ApiError && error.fields.some((item) => BASIC.includes(item.field));
    if (isWizard && step === 1 && onFirstStep) {
      // The fields at fault are on step 1: go back there, then mark them once they are mounted.
      setStep(0);
      setTimeout(() => applyFieldErrors(form, error), 0);
    } else applyFieldErrors(form, error);
  };

  const onSubmit = async () => {
    // Every field error shows at once, with the terms reminder, not one after the other.
    const valid = await validateAndShow(form);
    if (!agreed) {
      message.warning(t('auth.register.termsRequired'));
      return;
    }
    if (!valid) {
      message.error(t('auth.register.checkBasic'));
      return;
    }
    const values = form.getFieldsValue(true) as RegisterValues;
    if (!captcha.captcha) return;
    setSubmitting(true);
    let altcha: string;
    try {
      altcha = await pow.take();
    } catch (error) {
      setSubmitting(false);
      modal.error({
        title: t('shared.account.registerFailed'),
        content: proofFailureText(error, t),
        okText: t('common.ok'),
      });
      return;
    }
    const payload = {
      ...registrationPayload(values, isWizard),
      captcha_id: captcha.captcha.captcha_id,
      altcha,
    };
    const body = toFormData(payload, {
      license: license?.file,
      logo: isWizard ? logo?.file : undefined,
    });
    await run(
      async () => {
        const { token } = await api.request<{ token: string }>('POST', '/userinfo', { body });
        releaseImage(license);
        releaseImage(logo);
        setLicense(null);
        setLogo(null);
        modal.success({
          title: t('auth.register.success'),
          content: t('auth.register.successHint'),
          okText: t('common.ok'),
          onOk: () => {
            flushSync(() => signIn(token));
            void navigate('/', { replace: true });
          },
        });
      },
      {
        title: t('shared.account.registerFailed'),
        fallback: t('auth.register.retry'),
        // A new captcha and check for the next try; the fields at fault may lie on the first step.
        onError: (error) => {
          form.setFieldValue('captcha', '');
          captcha.refresh();
          pow.start();
          showFieldErrors(error);
        },
      },
    );
    setSubmitting(false);
  };

  return (
    <AuthLayout variant="plain" width={880}>
      <Typography.Title level={3} style={{ marginBottom: 4 }}>
        {t('auth.register.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.register.description')}</Typography.Paragraph>
      {countries.isError && (
        <Alert type="error" showIcon title={t('auth.register.baseDataFailed')} style={{ marginBottom: 16 }} />
      )}
      {isWizard && (
        <Steps
          current={step}
          style={{ marginBlock: 16 }}
          items={[{ title: t('auth.register.stepBasic') }, { title: t('auth.register.stepBusiness') }]}
        />
      )}
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        scrollToFirstError
        onInput={pow.start}
        onKeyDown={pow.start}
        onPointerDown={pow.start}
      >
        {step === 0 ? (
          <RegisterBasicStep license={license} onLicenseChange={setLicense} />
        ) : (
          <>
            <BusinessFields />
            <Form.Item label={t('shared.fields.logo')}>
              <ImageUpload label={t('shared.fields.logo')} value={logo} onChange={setLogo} />
            </Form.Item>
          </>
        )}
        {isLastStep && (
          <div style={{ maxWidth: 420 }}>
            <CaptchaField captcha={captcha} rules={captchaRules} />
          </div>
        )}
      </Form>
      <RegisterFooter
        isWizard={isWizard}
        step={step}
        agreed={agreed}
        onAgreedChange={setAgreed}
        isSubmitting={isSubmitting}
        onNext={() => void onNext()}
        onBack={() => setStep(0)}
        onSubmit={() => void onSubmit()}
      />
      <ProofOfWorkSlot pow={pow} />
    </AuthLayout>
  );
}
