import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown instead of everything while the site configuration marks the app as closed (spec §1). */
export function MaintenancePage({ tips }: { tips: string }) {
  const { t } = useTranslation();
  return (
    <main>
      <Result status="warning" title={tips || t('shared.config.closeTips')} />
    </main>
  );
}
