import './strings';
import { Form, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { liveTotals, type BookingFormValues } from './booking-form-values';

type Totals = { weight: string | number; volume: string | number; packages: number; containers: number };

/**
 * "Total: 1 container, 1200 KG, 20 CBM, 1 package": counts take their plural form each,
 * so the line is put together from one phrase per count.
 */
export function totalsText(t: TFunction, isFcl: boolean, totals: Totals): string {
  const values = {
    weight: totals.weight,
    volume: totals.volume,
    packages: t('bookings.packageCount', { count: totals.packages }),
    containers: t('bookings.containerCount', { count: totals.containers }),
  };
  return t(isFcl ? 'bookings.totalsFcl' : 'bookings.totals', values);
}

/** The totals of weight, volume and packages (and containers for FCL), kept live as the member types. */
export function BookingTotalsLine({ isFcl }: { isFcl: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  // The totals are watched, not the lines: the form compares a watch's value by its JSON, and the
  // JSON of fifty lines on every key typed cost more than the sums.
  const totals = Form.useWatch(
    (values: Partial<BookingFormValues>) => liveTotals(isFcl ? values.containers : values.cargo_items, isFcl),
    form,
  ) as ReturnType<typeof liveTotals> | undefined;
  const shown =
    totals ??
    liveTotals(
      form.getFieldValue(isFcl ? 'containers' : 'cargo_items') as BookingFormValues['containers'],
      isFcl,
    );
  return (
    <Typography.Paragraph role="status" aria-live="polite" strong style={{ marginTop: 12, marginBottom: 0 }}>
      {totalsText(t, isFcl, shown)}
    </Typography.Paragraph>
  );
}
