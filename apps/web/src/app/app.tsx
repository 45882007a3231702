import { CONFIG_DEFAULTS } from '@freight/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, currentLocale } from '../i18n';
import { AuthProvider } from './auth';
import { readableColor } from './contrast';
import { PortalRouter } from './router';
import { useSiteConfig } from './site-config';
import { setSiteTitle } from './page-title';
import { portalTheme } from './theme';

const MaintenancePage = lazy(async () => ({
  default: (await import('../features/system/maintenance-page')).MaintenancePage,
}));

/** Where the server renders the app (src/server-render.tsx); in the browser, the address bar. */
type AppLocation = { location?: string | undefined };

function ConfiguredApp({ location }: AppLocation) {
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
  return <PortalRouter location={location} />;
}

/** Providers: data cache, Ant Design (locale and primary colour from `app_color`), the session. */
export function PortalApp({ queryClient, location }: { queryClient: QueryClient } & AppLocation) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp location={location} />
    </QueryClientProvider>
  );
}

function ThemedApp({ location }: AppLocation) {
  const { t } = useTranslation(); // re-render on a language change
  const config = useSiteConfig();
  const title = config.data?.app_title || t('app.title');
  const primary = readableColor(config.data?.app_color ?? CONFIG_DEFAULTS.app_color);
  useEffect(() => setSiteTitle(title), [title]);
  return (
    <ConfigProvider locale={antdLocaleOf(currentLocale())} theme={portalTheme(primary)}>
      <AntApp>
        <AuthProvider>
          <ConfiguredApp location={location} />
        </AuthProvider>
      </AntApp>
    </ConfigProvider>
  );
}
