import type { SignOutReason } from '@freight/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';

/*
 * Why someone else signed this person out (their role changed, they were removed), as the event
 * stream told the open page. Kept in the tab's session storage until the next visitor page shows it,
 * so that the login page says what happened instead of "session expired".
 */
const KEY = 'signOutReason';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the reason for the sign-in page that follows. */
export function keepSignOutReason(reason: SignOutReason): void {
  storage()?.setItem(KEY, JSON.stringify(reason));
}

/** The kept reason, taken (shown once); undefined when there is none or it cannot be read. */
function takeSignOutReason(): SignOutReason | undefined {
  const store = storage();
  const text = store?.getItem(KEY);
  if (!text) return undefined;
  store?.removeItem(KEY);
  try {
    const value = JSON.parse(text) as Partial<SignOutReason> | null;
    if (value?.kind === 'role' || value?.kind === 'removed') return value as SignOutReason;
  } catch {
    // A value someone else wrote: nothing to show.
  }
  return undefined;
}

/** "Your role was changed to Viewer by Wang Fang" / "You were removed from ACME by Wang Fang". */
export function signOutText(t: TFunction, reason: SignOutReason): string {
  if (reason.kind === 'role')
    return t('auth.signedOut.role', { role: t(`shared.company.role.${reason.role}`), by: reason.by });
  const company = (currentLocale() === 'zh-CN' && reason.company2) || reason.company1;
  return t('auth.signedOut.removed', { company, by: reason.by });
}

/**
 * On the visitor page shown after such a sign-out: what happened, once. Plain markup in the
 * warning colours, not Ant Design's Alert: the login page's download stays as it was.
 */
export function SignOutReasonAlert() {
  const { t } = useTranslation();
  const [reason] = useState(takeSignOutReason);
  if (!reason) return null;
  return (
    <div
      role="alert"
      style={{
        marginBottom: 16,
        padding: '8px 12px',
        border: '1px solid #ffe58f',
        borderRadius: 8,
        background: '#fffbe6',
        color: 'rgba(0, 0, 0, 0.88)',
      }}
    >
      <strong style={{ display: 'block' }}>{signOutText(t, reason)}</strong>
      {reason.kind === 'role' && <span>{t('auth.signedOut.again')}</span>}
    </div>
  );
}
