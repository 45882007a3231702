import { Button, Checkbox, Space } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSiteConfig } from '../../app/site-config';

type RegisterFooterProps = {
  isWizard: boolean;
  step: number;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  isSubmitting: boolean;
  onNext: () => void;
  onBack: () => void;
  onSubmit: () => void;
};

/** The bottom bar: Cancel, the terms checkbox, then Submit or Next / Back + Submit. */
export function RegisterFooter(props: RegisterFooterProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const isFirstStep = props.isWizard && props.step === 0;
  // Trans puts the link text inside these anchors.
  const link = (href: string | undefined) => (
    <a href={href || '#'} target="_blank" rel="noopener noreferrer" />
  );

  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        borderTop: '1px solid #f0f0f0',
        paddingTop: 16,
      }}
    >
      <Checkbox checked={props.agreed} onChange={(event) => props.onAgreedChange(event.target.checked)}>
        <Trans
          i18nKey="auth.register.agree"
          components={{
            terms: link(config.data?.terms_of_use),
            privacy: link(config.data?.privacy_and_security),
          }}
        />
      </Checkbox>
      <Space wrap>
        <Button onClick={() => navigate('/login')}>{t('common.cancel')}</Button>
        {props.isWizard && props.step === 1 && <Button onClick={props.onBack}>{t('common.back')}</Button>}
        {isFirstStep ? (
          <Button type="primary" onClick={props.onNext}>
            {t('common.next')}
          </Button>
        ) : (
          <Button type="primary" loading={props.isSubmitting} onClick={props.onSubmit}>
            {t('common.submit')}
          </Button>
        )}
      </Space>
    </div>
  );
}
