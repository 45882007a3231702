import { type Abilities, authorityForPath, MENU } from '@freight/contract';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { session } from '../api/client';
import { useAuth } from './auth';
import { useSiteConfig } from './site-config';
import type { StringKey } from '../i18n/keys';

/** Pages that are never remembered as the place to return to after login. */
const NOT_REMEMBERED = ['/login', '/register'];

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <Spin size="large" />
      <span style={{ marginTop: 12, color: 'rgba(0,0,0,0.55)' }}>{t('common.loading')}</span>
    </div>
  );
}

/**
 * Protected pages: no token → /login with the origin remembered;
 * a path the user's authorities do not allow → /quotes; a loading text while the configuration
 * or the user info is not loaded.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const { token, user, authorities, isLoadingUser } = useAuth();
  const config = useSiteConfig();

  if (!token) {
    if (!session.signedOut && !NOT_REMEMBERED.includes(location.pathname)) {
      session.redirectPath = `${location.pathname}${location.search}${location.hash}`;
    }
    return <Navigate to="/login" replace />;
  }
  if (!config.data) return <p role="status">{t('common.loading')}</p>;
  if (isLoadingUser || !user) return <PageSpinner />;

  const needed = authorityForPath(location.pathname);
  if (needed && !authorities.includes(needed)) {
    const fallback = MENU.find((item) => authorities.includes(item.authority));
    if (fallback && fallback.path !== location.pathname) {
      return <Navigate to={authorities.includes('quote') ? '/quotes' : fallback.path} replace />;
    }
    return <p role="alert">{t('common.noAccess')}</p>;
  }
  return <Outlet />;
}

/** What a guarded page leaves in the location's state for the page it sends the person to. */
export type RefusedState = { refused?: StringKey };

/**
 * A page only some may use (the booking form): whoever lacks `ability` (the server's abilities of
 * GET /userinfo) is sent to `fallback` with `messageKey`, which that page shows, instead of a form
 * that would fail only when submitted.
 */
export function RequireAbility({
  ability,
  fallback,
  messageKey,
}: {
  ability: keyof Abilities;
  fallback: string;
  messageKey: StringKey;
}) {
  const { abilities } = useAuth();
  if (!abilities[ability]) {
    const state: RefusedState = { refused: messageKey };
    return <Navigate to={fallback} replace state={state} />;
  }
  return <Outlet />;
}

/** Login and register are for visitors; a signed-in member goes to the remembered page or /. */
export function GuestGuard() {
  const { token } = useAuth();
  if (token) return <Navigate to="/" replace />;
  return <Outlet />;
}
