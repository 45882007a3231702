import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/language-switch';
import { useSiteConfig } from '../../app/site-config';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { useDropShell } from '../../app/shell';
import { LOGIN_ART_CSS } from './login-art';
import { SignOutReasonAlert } from './sign-out-reason';

/** Extra legibility for white text wherever the picture is light. */
const textShadow = '0 1px 3px rgba(0, 0, 0, 0.5)';

/**
 * The frame of the visitor pages: the port picture with the portal's name beside the
 * form ("split"; above it on phones), or the form alone on a plain background (register, forgot
 * password).
 */
export function AuthLayout({
  children,
  variant = 'split',
  width = 400,
}: {
  children: ReactNode;
  variant?: 'split' | 'plain';
  width?: number;
}) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  useDropShell();
  const title = config.data?.app_title || t('app.title');
  const isSplit = variant === 'split';

  return (
    <div
      style={{
        display: 'flex',
        flexDirection: isMobile ? 'column' : 'row',
        minHeight: '100vh',
        background: isSplit ? '#fff' : '#f5f7f8',
      }}
    >
      {isSplit && (
        // Hoisted into the head by React and written once, however often the page mounts.
        <style href="login-art" precedence="default">
          {LOGIN_ART_CSS}
        </style>
      )}
      {isSplit && !isMobile && (
        <aside
          className="login-art-panel"
          style={{ flex: '1 1 45%', padding: '72px 48px', color: '#fff', textAlign: 'center', textShadow }}
        >
          <div style={{ fontSize: 28, fontWeight: 600 }}>{title}</div>
          <div style={{ marginTop: 8, opacity: 0.9 }}>{t('auth.layout.tagline')}</div>
        </aside>
      )}
      {isSplit && isMobile && (
        <header
          className="login-art-band"
          style={{ boxSizing: 'border-box', minHeight: 128, padding: 16, color: '#fff', textShadow }}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
            <strong style={{ fontSize: 17 }}>{title}</strong>
            <LanguageSwitch />
          </div>
        </header>
      )}
      <main
        style={{ flex: '1 1 55%', display: 'flex', flexDirection: 'column', padding: isMobile ? 16 : 32 }}
      >
        {!(isSplit && isMobile) && (
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
            <strong>{isSplit ? '' : title}</strong>
            <LanguageSwitch />
          </div>
        )}
        <div style={{ width: '100%', maxWidth: width, margin: 'auto', paddingBlock: 24 }}>
          {/* Signed out by someone else: why, before anything else on the page. */}
          <SignOutReasonAlert />
          {children}
        </div>
      </main>
    </div>
  );
}
