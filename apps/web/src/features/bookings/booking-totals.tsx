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
  const lines = Form.useWatch(isFcl ? 'containers' : 'cargo_items', form);
  return (
    <Typography.Paragraph role="status" aria-live="polite" strong style={{ marginTop: 12, marginBottom: 0 }}>
      {totalsText(t, isFcl, liveTotals(lines, isFcl))}
    </Typography.Paragraph>
  );
}
