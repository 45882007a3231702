import { bookingStatusColor, bookingStatusKey, BOOKING_STATUSES, type Locale } from '@freight/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A status's label (0 is the member's draft, 1 submitted and awaiting space release: issue 14). */
export function statusLabel(t: TFunction, status: number): string {
  return t(`shared.${bookingStatusKey(status)}`);
}

export const statusOptions = (t: TFunction) =>
  BOOKING_STATUSES.map((s) => ({ value: s.value, label: statusLabel(t, s.value) }));

/** The status as a coloured tag (spec §4 colours, from the contract). */
export function StatusTag({ status, name }: { status: number; name?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={bookingStatusColor(status)} title={name}>
      {statusLabel(t, status)}
    </Tag>
  );
}

/** A timestamp in the viewer's time zone: YYYY-MM-DD HH:mm in Chinese, MM/DD/YYYY HH:mm in English. */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  const parsed = dayjs(value);
  if (!parsed.isValid()) return value;
  return parsed.format(locale === 'en-US' ? 'MM/DD/YYYY HH:mm' : 'YYYY-MM-DD HH:mm');
}

/** The editor's route of a booking by its container mode (1 FCL, else LCL). */
export const modeSlug = (containerMode: number) => (containerMode === 1 ? 'fcl' : 'lcl');
