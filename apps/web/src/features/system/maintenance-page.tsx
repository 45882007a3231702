import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDropShell } from '../../app/shell';

/** Shown instead of everything while the site configuration marks the app as closed. */
export function MaintenancePage({ tips }: { tips: string }) {
  const { t } = useTranslation();
  useDropShell();
  return (
    <main>
      <Result status="warning" title={tips || t('shared.config.closeTips')} />
    </main>
  );
}
