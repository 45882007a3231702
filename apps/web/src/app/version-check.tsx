import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Reads /version.json without caches; undefined when it cannot be read (the check is silent). */
async function fetchVersion(): Promise<string | undefined> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After each navigation, compares /version.json with the first version this page saw;
 * a different one brings a confirm dialog: Refresh Now reloads, Later dismisses it for that version.
 */
export function VersionCheck() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const location = useLocation();
  const firstSeen = useRef<string | undefined>(undefined);
  const dismissed = useRef<string | undefined>(undefined);
  const open = useRef(false);

  useEffect(() => {
    let cancelled = false;
    void fetchVersion().then((version) => {
      if (!version) return;
      // The first answer is the page's version even when the person has moved on meanwhile (on a
      // slow link, the first check may answer after the first navigation).
      if (firstSeen.current === undefined) {
        firstSeen.current = version;
        return;
      }
      if (cancelled || version === firstSeen.current || version === dismissed.current || open.current) return;
      open.current = true;
      modal.confirm({
        title: t('version.title'),
        content: t('version.content'),
        okText: t('version.refresh'),
        cancelText: t('version.later'),
        onOk: () => window.location.reload(),
        onCancel: () => {
          dismissed.current = version;
        },
        afterClose: () => {
          open.current = false;
        },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [location.pathname, location.search, modal, t]);

  return null;
}
