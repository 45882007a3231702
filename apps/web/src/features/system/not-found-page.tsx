import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useDropShell } from '../../app/shell';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDropShell();
  usePageTitle(t('error.notFoundTitle'));
  return (
    <main>
      <Result
        status="404"
        title={t('error.notFoundTitle')}
        subTitle={t('error.notFoundHint')}
        extra={
          <Link to="/">
            <Button type="primary" tabIndex={-1}>
              {t('error.backHome')}
            </Button>
          </Link>
        }
      />
    </main>
  );
}
