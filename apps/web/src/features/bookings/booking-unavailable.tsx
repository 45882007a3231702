import './strings';
import type { BookingDetail, BookingParty } from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { api } from '../../api/client';
import { ApiError } from '../../api/http';
import { errorMessage } from '../../components/api-error';
import { listPath } from './bookings-api';
import { queryKeys } from '../../api/query-keys';

type Props = {
  /** The side whose page this is: the member's /bookings/… or the forwarder's /received-bookings/…. */
  party: BookingParty;
  /** The id of the address, as typed (it may be no number at all). */
  id: string | undefined;
  /** Why the booking did not load; undefined when the address holds no booking id. */
  error?: unknown;
  onRetry?: () => void;
};

const OTHER: Record<BookingParty, BookingParty> = { member: 'forwarder', forwarder: 'member' };
const AUTHORITY: Record<BookingParty, string> = { member: 'order', forwarder: 'rate' };
const LIST: Record<BookingParty, string> = { member: '/bookings', forwarder: '/received-bookings' };

/** A booking id the server's answer says is not there for this viewer (404), or no id at all (400). */
export const isMissing = (error: unknown) =>
  error === undefined || (error instanceof ApiError && (error.status === 404 || error.status === 400));

/**
 * What a booking page shows when its booking cannot be loaded: "not found" (a missing id, or one
 * that is not the viewer's: the server answers both with 404) with the way back to the list, or the
 * failure with a retry. A member who is also a forwarder (or the reverse) who opened the other
 * side's address is offered the booking on their own side, when it is there.
 */
export function BookingUnavailable({ party, id, error, onRetry }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { authorities } = useAuth();
  const other = OTHER[party];
  const numericId = id && /^\d{1,10}$/.test(id) ? Number(id) : undefined;
  const missing = isMissing(error);
  const elsewhere = useQuery({
    queryKey: queryKeys.bookings.probe(other, numericId),
    queryFn: () => api.get<BookingDetail>(`${listPath(other)}/${numericId}`),
    enabled: missing && numericId !== undefined && authorities.includes(AUTHORITY[other]),
    retry: false,
  });
  const back = (
    <Button
      key="back"
      type={elsewhere.isSuccess ? 'default' : 'primary'}
      onClick={() => navigate(LIST[party])}
    >
      {t(party === 'member' ? 'bookings.unavailable.backToMine' : 'bookings.unavailable.backToReceived')}
    </Button>
  );

  if (!missing)
    return (
      <Result
        status="error"
        title={t('bookings.detailFailed')}
        subTitle={errorMessage(error, t('common.failed'))}
        extra={[
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('bookings.unavailable.retry')}
          </Button>,
          back,
        ]}
      />
    );
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('bookings.unavailable.notFoundTitle')}</h1>}
      subTitle={t(
        party === 'member'
          ? 'bookings.unavailable.notFoundHint'
          : 'bookings.unavailable.notFoundHintReceived',
        { id: id ?? '' },
      )}
      extra={[
        elsewhere.isSuccess && (
          <Button key="open" type="primary" onClick={() => navigate(`${LIST[other]}/${numericId}`)}>
            {t(other === 'forwarder' ? 'bookings.unavailable.openReceived' : 'bookings.unavailable.openMine')}
          </Button>
        ),
        back,
      ]}
    />
  );
}
