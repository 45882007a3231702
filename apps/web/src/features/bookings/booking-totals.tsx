import './strings';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { liveTotals, type BookingFormValues } from './booking-form-values';

/** The totals of weight, volume and packages (and containers for FCL), kept live as the member types. */
export function BookingTotalsLine({ isFcl }: { isFcl: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const lines = Form.useWatch(isFcl ? 'containers' : 'cargo_items', form);
  const totals = liveTotals(lines, isFcl);
  return (
    <Typography.Paragraph role="status" aria-live="polite" strong style={{ marginTop: 12, marginBottom: 0 }}>
      {t(isFcl ? 'bookings.totalsFcl' : 'bookings.totals', totals)}
    </Typography.Paragraph>
  );
}
