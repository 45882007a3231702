import { MENU } from '@freight/contract';
import { MenuOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Layout, Menu, Space, theme, Tooltip, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth';
import { PageErrorBoundary } from './error-boundary';
import { PageSpinner } from './guards';
import { NotificationBell } from '../features/notifications/notification-bell';
import { LanguageSwitch } from './language-switch';
import { useSiteConfig } from './site-config';
import { HEADER_ROOMY_EXTRA_PX, MOBILE_QUERY, navCollapseWidth, useMediaQuery } from './use-media';
import { useDropShell } from './shell';
import { useToast } from '../components/use-toast';

type MenuLabelKey = (typeof MENU)[number]['labelKey'];
type MenuName = MenuLabelKey extends `menu.${infer Name}` ? Name : never;

/** Sign out: an open door frame with an arrow leaving it. */
function SignOutIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9.5 2.5h-6v11h6" />
        <path d="M7 8h7.5M12 5.5 14.5 8 12 10.5" />
      </g>
    </svg>
  );
}

/** The main layout: the menu filtered by roles, hamburger at ≤ 768 px, welcome, logout. */
export function MainLayout() {
  const { t } = useTranslation();
  useDropShell();
  const message = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, authorities, signOut } = useAuth();
  const config = useSiteConfig();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const allowed = MENU.filter((item) => authorities.includes(item.authority));
  const title = config.data?.app_title || t('app.title');
  const shortLabel = (key: MenuLabelKey) => t(`menuShort.${key.slice('menu.'.length) as MenuName}`);
  const collapseBelow = navCollapseWidth(
    allowed.map((item) => shortLabel(item.labelKey)),
    title,
  );
  const isCollapsed = useMediaQuery(`(max-width: ${collapseBelow - 1}px)`);
  // With the menu in one row and little room, the welcome text and sign-out's words give way (the
  // door keeps its name for screen readers and in a tooltip); the drawer names the person.
  const isTight =
    useMediaQuery(`(max-width: ${collapseBelow + HEADER_ROOMY_EXTRA_PX - 1}px)`) && !isCollapsed;
  const isWelcomeHidden = isTight;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { token } = theme.useToken();

  // The header row uses the short labels (Quotes, Rates …), the drawer the full ones.
  const items = (short: boolean) =>
    allowed.map((item) => ({
      key: item.path,
      label: <Link to={item.path}>{short ? shortLabel(item.labelKey) : t(item.labelKey)}</Link>,
    }));
  const selected = MENU.find((item) => location.pathname.startsWith(item.path))?.path;
  // The person signed in, not only the company's login.
  const name = user?.person.name || (user?.username ?? '').split('@')[0];

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
        {isCollapsed && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('layout.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          />
        )}
        <Link
          to="/"
          title={title}
          style={{
            fontWeight: 600,
            fontSize: 16,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            maxWidth: 200,
          }}
        >
          {title}
        </Link>
        {!isCollapsed && (
          <nav aria-label={t('layout.mainMenu')} style={{ flex: 1, minWidth: 0 }}>
            {/* Narrower items than Ant Design's 16 px a side: an owner's nine items (with
                Team) fit in one row in English from 1180 px. */}
            <ConfigProvider theme={{ components: { Menu: { itemPaddingInline: 10 } } }}>
              <Menu mode="horizontal" selectedKeys={selected ? [selected] : []} items={items(true)} />
            </ConfigProvider>
          </nav>
        )}
        <Space style={{ marginLeft: 'auto' }} size={isMobile ? 4 : 12}>
          <LanguageSwitch />
          <NotificationBell />
          {!isMobile && !isWelcomeHidden && (
            // A long name is cut (its whole text in the tooltip) rather than pushing the menu aside.
            <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 200, display: 'block' }}>
              {t('layout.welcome', { name })}
            </Typography.Text>
          )}
          {/* Its name written out beside a door-and-arrow: the bare glyph read as a "G" or a refresh. */}
          {/* On a phone the words go under the door, in small type: the header keeps its one row. */}
          {/* In a tight one-row header the door alone, named for screen readers and on hover. */}
          {isTight ? (
            <Tooltip title={t('layout.logout')}>
              <Button type="text" icon={<SignOutIcon />} aria-label={t('layout.logout')} onClick={onLogout} />
            </Tooltip>
          ) : (
            <Button
              type="text"
              icon={<SignOutIcon />}
              onClick={onLogout}
              style={
                isMobile
                  ? {
                      flexDirection: 'column',
                      height: 48,
                      gap: 0,
                      paddingInline: 2,
                      fontSize: 11,
                      lineHeight: 1.3,
                    }
                  : { paddingInline: 8 }
              }
            >
              {t('layout.logout')}
            </Button>
          )}
        </Space>
      </Layout.Header>
      <Drawer
        title={t('layout.welcome', { name })}
        placement="left"
        open={isCollapsed && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size={260}
      >
        <nav aria-label={t('layout.mainMenu')}>
          {/* The selected item: white on the site colour (at least 5:1, see readableColor), not the
              site colour on its pale tint, which fell short of WCAG AA's 4.5:1. */}
          <ConfigProvider
            theme={{
              components: {
                Menu: { itemSelectedBg: token.colorPrimary, itemSelectedColor: '#fff' },
              },
            }}
          >
            <Menu
              mode="vertical"
              selectedKeys={selected ? [selected] : []}
              items={items(false)}
              onClick={() => setDrawerOpen(false)}
            />
          </ConfigProvider>
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
