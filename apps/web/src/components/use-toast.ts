import { App } from 'antd';
import { type ReactNode, useMemo } from 'react';

/** How long a toast stays, as antd's own default. */
export const TOAST_SECONDS = 3;

type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type Toast = Record<ToastKind, (content: ReactNode) => void>;

/**
 * The portal's short messages ("saved", "failed: …"), antd's message with its timer kept here.
 * antd counts a message's time down with a state update on every animation frame, and each such
 * update interrupts whatever React renders in the background: the page a login opens, or rows
 * rendered after the first screenful, waited the message's three seconds before they showed. A
 * message opened without antd's timer updates nothing while it is up; one timeout closes it.
 */
export function useToast(): Toast {
  const { message } = App.useApp();
  return useMemo(() => {
    const show = (type: ToastKind) => (content: ReactNode) => {
      const close = message.open({ type, content, duration: 0 });
      window.setTimeout(close, TOAST_SECONDS * 1000);
    };
    return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
  }, [message]);
}
