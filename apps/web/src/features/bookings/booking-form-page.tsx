import './strings';
import {
  CONTAINER_MODES,
  type BookingForm,
  canBooking,
  formatDate,
  formatPrice,
  type Quote,
  type RfqRecord,
  rfqTitle,
} from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { BookingEditor, type EditorKind } from './booking-editor';
import { currentLocale } from '../../i18n';
import { newFormValues, toFormValues, type BookingMode, withRfqAnswer } from './booking-form-values';
import { fetchBookingForm } from './bookings-api';
import { queryKeys } from '../../api/query-keys';

// Loaded only when the booking cannot be opened: the result illustration stays out of the form's chunk.
const BookingUnavailable = lazy(async () => ({
  default: (await import('./booking-unavailable')).BookingUnavailable,
}));

/** What the route asks for: /bookings/{create|edit|copy}-{fcl|lcl}[/{id}]; `id` undefined when not a number. */
function useRouteKind(): { kind: EditorKind; mode: BookingMode; id?: number; param?: string } {
  const { pathname } = useLocation();
  const { id } = useParams();
  const match = /\/bookings\/(create|edit|copy)-(fcl|lcl)/.exec(pathname);
  return {
    kind: (match?.[1] ?? 'create') as EditorKind,
    mode: (match?.[2] ?? 'fcl') as BookingMode,
    id: id && /^\d{1,10}$/.test(id) ? Number(id) : undefined,
    param: id,
  };
}

/**
 * The booking form's route: create, edit and copy of FCL and LCL bookings. It loads what
 * the form starts from (a saved booking, or the quote of the quotes page's Book button) and hands
 * it to the editor.
 */
export function BookingFormPage() {
  const { t, i18n } = useTranslation();
  const { kind, mode, id, param } = useRouteKind();
  const location = useLocation();
  const [search] = useSearchParams();
  const stateQuote = (location.state as { quote?: Quote } | null)?.quote;
  const quoteId = Number(search.get('quote_id')) || undefined;
  const needsQuote = kind === 'create' && quoteId !== undefined && stateQuote?.id !== quoteId;

  const saved = useQuery({
    queryKey: queryKeys.bookings.form(id),
    queryFn: () => fetchBookingForm(id ?? 0),
    enabled: kind !== 'create' && id !== undefined,
    retry: false,
    gcTime: 0,
  });
  // Booking with the answer to one's RFQ: its lines and prices start the form.
  const rfqId = kind === 'create' ? Number(search.get('rfq_id')) || undefined : undefined;
  const rfq = useQuery({
    queryKey: queryKeys.myRfqs.detail(rfqId, i18n.language),
    queryFn: () => api.get<RfqRecord>(`/rfq/${rfqId}`),
    enabled: rfqId !== undefined,
    retry: false,
  });
  const quote = useQuery({
    queryKey: queryKeys.quotes.one(quoteId),
    queryFn: () => api.get<Quote>(`/quote/${quoteId}`),
    enabled: needsQuote,
    retry: false,
  });

  const spinner = <Spin style={{ display: 'block', margin: '48px auto' }} aria-label={t('common.loading')} />;
  if (kind !== 'create' && (id === undefined || saved.isError))
    return (
      <Suspense fallback={spinner}>
        <BookingUnavailable
          party="member"
          id={param}
          error={saved.error ?? undefined}
          onRetry={() => void saved.refetch()}
        />
      </Suspense>
    );
  if (
    (kind !== 'create' && !saved.data) ||
    (needsQuote && quote.isPending) ||
    (rfqId !== undefined && rfq.isPending)
  )
    return spinner;

  const booking: BookingForm | undefined = saved.data;
  // One form per mode: an FCL booking opened at an LCL address (or the reverse) goes to its own form.
  const actualMode: BookingMode | undefined = booking
    ? booking.container_mode === CONTAINER_MODES.fcl
      ? 'fcl'
      : 'lcl'
    : undefined;
  if (booking && actualMode !== mode)
    return <Navigate to={`/bookings/${kind}-${actualMode}/${booking.id}`} replace />;
  if (kind === 'edit' && booking && !canBooking('edit', booking.status))
    return (
      <Alert type="warning" showIcon title={t('bookings.form.locked', { order_no: booking.order_no })} />
    );

  const fromQuote = stateQuote?.id === quoteId ? stateQuote : quote.data;
  const fresh = newFormValues(mode, fromQuote);
  const answered = rfq.data?.answer;
  const initial = booking
    ? toFormValues(booking, kind === 'copy')
    : rfq.data && answered && rfq.data.quote_id === fromQuote?.id
      ? withRfqAnswer(
          fresh,
          rfq.data,
          t('bookings.form.fromRfqAnswer', {
            rfq: rfqTitle(rfq.data),
            prices: answered.prices.map((p) => `${p.container_name} ${formatPrice(p.price)}`).join(', '),
            valid_until: formatDate(answered.valid_until, currentLocale()),
          }),
        )
      : fresh;
  return (
    <BookingEditor
      key={`${kind}-${mode}-${id ?? 'new'}`}
      kind={kind}
      mode={mode}
      booking={booking}
      quote={kind === 'create' ? fromQuote : undefined}
      quoteFailed={needsQuote && quote.isError}
      initialValues={initial}
    />
  );
}
