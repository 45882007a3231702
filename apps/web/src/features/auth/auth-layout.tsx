import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/language-switch';
import { useSiteConfig } from '../../app/site-config';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';

/** A container ship on waves, drawn inline so the login page needs no image download. */
function ShipArt() {
  return (
    <svg viewBox="0 0 320 180" width="100%" style={{ maxWidth: 360 }} aria-hidden="true" focusable="false">
      <g fill="rgba(255,255,255,0.9)">
        <rect x="92" y="62" width="28" height="20" rx="2" />
        <rect x="124" y="62" width="28" height="20" rx="2" opacity="0.75" />
        <rect x="156" y="62" width="28" height="20" rx="2" />
        <rect x="108" y="40" width="28" height="20" rx="2" opacity="0.75" />
        <rect x="140" y="40" width="28" height="20" rx="2" />
        <rect x="196" y="36" width="26" height="46" rx="3" />
        <path d="M60 86h200l-22 38H84z" />
      </g>
      <g fill="none" stroke="rgba(255,255,255,0.55)" strokeWidth="4" strokeLinecap="round">
        <path d="M20 140c20-10 40-10 60 0s40 10 60 0 40-10 60 0 40 10 60 0 40-10 40-6" />
        <path d="M40 162c20-10 40-10 60 0s40 10 60 0 40-10 60 0 40 10 60 0" opacity="0.6" />
      </g>
    </svg>
  );
}

/**
 * The frame of the visitor pages (spec §2 Login): a coloured panel with the portal's name beside
 * the form ("split"), or the form alone on a plain background (register, forgot password).
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
  const { token } = theme.useToken();
  const config = useSiteConfig();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const title = config.data?.app_title || t('app.title');
  const showPanel = variant === 'split' && !isMobile;

  return (
    <div
      style={{ display: 'flex', minHeight: '100vh', background: variant === 'plain' ? '#f5f7f8' : '#fff' }}
    >
      {showPanel && (
        <aside
          style={{
            flex: '1 1 45%',
            display: 'grid',
            placeContent: 'center',
            justifyItems: 'center',
            gap: 24,
            padding: 48,
            color: '#fff',
            background: `linear-gradient(135deg, ${token.colorPrimary} 0%, #1f4e5f 100%)`,
          }}
        >
          <ShipArt />
          <div style={{ textAlign: 'center' }}>
            <div style={{ fontSize: 28, fontWeight: 600 }}>{title}</div>
            <div style={{ marginTop: 8, opacity: 0.85 }}>{t('auth.layout.tagline')}</div>
          </div>
        </aside>
      )}
      <main
        style={{ flex: '1 1 55%', display: 'flex', flexDirection: 'column', padding: isMobile ? 16 : 32 }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
          <strong>{showPanel ? '' : title}</strong>
          <LanguageSwitch />
        </div>
        <div style={{ width: '100%', maxWidth: width, margin: 'auto', paddingBlock: 24 }}>{children}</div>
      </main>
    </div>
  );
}
