import type { SignOutReason } from '@freight/contract';
import { Alert, Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../api/client';
import { keepSignOutReason, signOutText } from '../../components/account/sign-out-reason';

type Listener = (reason: SignOutReason) => void;
const listeners = new Set<Listener>();

/** The event stream heard that someone else ended this session: tell the open page, and the login page. */
export function announceSignOut(reason: SignOutReason): void {
  keepSignOutReason(reason);
  for (const listener of listeners) listener(reason);
}

/**
 * What a person signed out by someone else sees on the page they have open: who changed what, and
 * that what they have not saved goes when they sign in again. The page stays as it is until they
 * choose: they may stay to copy what they typed (a banner keeps the way to sign in), or sign in
 * again at once, coming back to this page afterwards.
 */
export function SignOutNotice() {
  const { t } = useTranslation();
  const [reason, setReason] = useState<SignOutReason | null>(null);
  const [isStaying, setStaying] = useState(false);
  useEffect(() => {
    const listener: Listener = (next) => {
      setReason(next);
      setStaying(false);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  if (!reason) return null;
  // Not "session expired" on the login page: the reason kept for it says what happened.
  const signInAgain = () => {
    session.endedByServer = false;
    session.clear();
  };
  const text = signOutText(t, reason);
  const signInButton = (
    <Button type="primary" onClick={signInAgain}>
      {t('auth.signedOut.signIn')}
    </Button>
  );
  if (isStaying)
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ position: 'fixed', insetInline: 16, top: 8, zIndex: 1000 }}
        title={text}
        action={signInButton}
      />
    );
  return (
    <Modal
      open
      title={t('auth.signedOut.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Space>
          <Button onClick={() => setStaying(true)}>{t('auth.signedOut.stay')}</Button>
          {signInButton}
        </Space>
      }
    >
      <p>{text}</p>
      <p>{t('auth.signedOut.unsaved')}</p>
    </Modal>
  );
}
