import { MENU } from '@freight/contract';
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Layout, Menu, Space, Tooltip, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth';
import { PageErrorBoundary } from './error-boundary';
import { PageSpinner } from './guards';
import { LanguageSwitch } from './language-switch';
import { useSiteConfig } from './site-config';
import { MOBILE_QUERY, useMediaQuery } from './use-media';

/** The main layout (spec §2 "Layout"): the menu filtered by roles, hamburger at ≤ 768 px, welcome, logout. */
export function MainLayout() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, authorities, signOut } = useAuth();
  const config = useSiteConfig();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const items = MENU.filter((item) => authorities.includes(item.authority)).map((item) => ({
    key: item.path,
    label: <Link to={item.path}>{t(item.labelKey)}</Link>,
  }));
  const selected = MENU.find((item) => location.pathname.startsWith(item.path))?.path;
  const name = (user?.username ?? '').split('@')[0];
  const title = config.data?.app_title || t('app.title');

  const onLogout = async () => {
    await signOut().catch(() => undefined);
    message.success(t('layout.logoutSuccess'));
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          paddingInline: isMobile ? 12 : 24,
        }}
      >
        {isMobile && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('layout.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          />
        )}
        <Link to="/" style={{ fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
          {title}
        </Link>
        {!isMobile && (
          <nav aria-label={t('layout.mainMenu')} style={{ flex: 1, minWidth: 0 }}>
            <Menu mode="horizontal" selectedKeys={selected ? [selected] : []} items={items} />
          </nav>
        )}
        <Space style={{ marginLeft: 'auto' }} size={isMobile ? 4 : 12}>
          <LanguageSwitch />
          {!isMobile && <Typography.Text>{t('layout.welcome', { name })}</Typography.Text>}
          <Tooltip title={t('layout.logout')}>
            <Button
              type="text"
              icon={<LogoutOutlined />}
              aria-label={t('layout.logout')}
              onClick={onLogout}
            />
          </Tooltip>
        </Space>
      </Layout.Header>
      <Drawer
        title={t('layout.welcome', { name })}
        placement="left"
        open={isMobile && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size={260}
      >
        <nav aria-label={t('layout.mainMenu')}>
          <Menu
            mode="vertical"
            selectedKeys={selected ? [selected] : []}
            items={items}
            onClick={() => setDrawerOpen(false)}
          />
        </nav>
      </Drawer>
      {/* Layout.Content is the page's one <main> landmark. */}
      <Layout.Content style={{ padding: isMobile ? 12 : 24 }}>
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Layout.Content>
    </Layout>
  );
}
