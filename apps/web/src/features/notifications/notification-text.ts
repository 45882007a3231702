import type { NotificationRow } from '@freight/contract';
import { formatDateTime } from '../../app/time-zone';
import type { TFunction } from 'i18next';
import type { StringKey } from '../../i18n/keys';

type NotificationTextKey = Extract<StringKey, `notifications.text.${string}`>;

/** Read by screen readers, not shown. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** What a notification says, in the page's language. */
export function notificationText(t: TFunction, row: Pick<NotificationRow, 'kind' | 'action' | 'label'>) {
  // Kind and action are separate enums; the server pairs them, and each pair it sends has a string.
  const key = `notifications.text.${row.kind}.${row.action}` as NotificationTextKey;
  return t(key, { label: row.label });
}

/** When it happened, in the language's date order (YYYY-MM-DD or MM/DD/YYYY), in the portal's zone. */
export function notificationTime(at: string, language: string): string {
  return formatDateTime(at, language === 'en-US' ? 'en-US' : 'zh-CN');
}
