import { bookingStatusColor, BOOKING_STATUSES, DATE_FORMAT, type Locale, WIRE_DATE } from '@freight/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A status's label (0 is the member's draft, 1 submitted and awaiting space release). */
export function statusLabel(t: TFunction, status: number): string {
  const key = BOOKING_STATUSES.find((s) => s.value === status)?.key ?? 'bookingStatus.s0';
  return t(`shared.${key}`);
}

export const statusOptions = (t: TFunction) =>
  BOOKING_STATUSES.map((s) => ({ value: s.value, label: statusLabel(t, s.value) }));

/** The status as a coloured tag. */
export function StatusTag({ status, name }: { status: number; name?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={bookingStatusColor(status)} title={name}>
      {statusLabel(t, status)}
    </Tag>
  );
}

/** The editor's route of a booking by its container mode (1 FCL, else LCL). */
export const modeSlug = (containerMode: number) => (containerMode === 1 ? 'fcl' : 'lcl');

/**
 * The formats a port-local date-time picker reads typed text with, the first that fits: the
 * screen's date with a time, the date alone (kept at 00:00, as the contract reads a deadline), then
 * the wire's forms.
 */
export function localDateTimeFormats(locale: Locale): string[] {
  const date = DATE_FORMAT[locale];
  return [`${date} HH:mm`, date, `${WIRE_DATE} HH:mm`, WIRE_DATE];
}
