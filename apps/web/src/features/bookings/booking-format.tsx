import { bookingStatusColor, BOOKING_STATUSES } from '@freight/contract';
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
