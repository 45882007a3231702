import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, currentLocale } from '../i18n';
import { AuthProvider } from './auth';
import { PortalRouter } from './router';
import { useSiteConfig } from './site-config';

const DEFAULT_COLOR = '#6cbaa9';
const MaintenancePage = lazy(async () => ({
  default: (await import('../features/system/maintenance-page')).MaintenancePage,
}));

function ConfiguredApp() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  if (config.isPending) {
    return (
      <div role="status" style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" description={t('common.loading')} />
      </div>
    );
  }
  if (config.data?.app_close) {
    return (
      <Suspense fallback={<Spin size="large" />}>
        <MaintenancePage tips={config.data.app_close_tips} />
      </Suspense>
    );
  }
  return <PortalRouter />;
}

/** Providers: data cache, Ant Design (locale and primary colour from `app_color`), the session. */
export function PortalApp({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}

function ThemedApp() {
  const { t } = useTranslation(); // re-render on a language change
  const config = useSiteConfig();
  const title = config.data?.app_title || t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <ConfigProvider
      locale={antdLocaleOf(currentLocale())}
      theme={{ token: { colorPrimary: config.data?.app_color ?? DEFAULT_COLOR } }}
    >
      <AntApp>
        <AuthProvider>
          <ConfiguredApp />
        </AuthProvider>
      </AntApp>
    </ConfigProvider>
  );
}
