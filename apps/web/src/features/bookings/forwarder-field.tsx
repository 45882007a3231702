import './strings';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForwarderSelect } from './party-select';

type Props = {
  /** Booked from a quote: the forwarder is the quote's, not chosen. */
  fromQuote: boolean;
  /** The quote's forwarder is kept from this member until it accepts (contract isForwarderHidden). */
  hidden: boolean;
  /** The forwarder's id and name as known (the saved booking's, or the quote's). */
  known?: { id: number; name: string } | undefined;
};

/**
 * The booking form's forwarder. From scratch: picked from the directory. From a quote: shown, not
 * chosen; named for a member who may see who publishes quotes (quote_forwarder), otherwise said to
 * be the quote's, to be named once it accepts.
 */
export function ForwarderField({ fromQuote, hidden, known }: Props) {
  const { t } = useTranslation();
  if (fromQuote)
    return (
      <Form.Item
        label={t('bookings.forwarder')}
        htmlFor="booking_quote_forwarder"
        extra={hidden ? t('bookings.forwarderNamedOnAccept') : t('bookings.form.forwarderOfQuote')}
      >
        <Input
          id="booking_quote_forwarder"
          readOnly
          value={hidden ? t('shared.booking.quoteForwarder') : (known?.name ?? '')}
        />
      </Form.Item>
    );
  return (
    <Form.Item
      name="forwarder_id"
      label={t('bookings.forwarder')}
      required
      rules={[
        {
          validator: async (_rule, value: number | null | undefined) => {
            if (!value) throw new Error(t('shared.booking.selectForwarder'));
          },
        },
      ]}
    >
      <ForwarderSelect aria-label={t('bookings.forwarder')} known={known} />
    </Form.Item>
  );
}
