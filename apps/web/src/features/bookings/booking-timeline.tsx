import './strings';
import type { BookingHistoryEntry } from '@freight/contract';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { formatDateTime } from '../../app/time-zone';
import { statusLabel } from './booking-format';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The status timeline (oldest first): who did what, when, from which status to which, and why. */
export function BookingTimeline({ history }: { history: BookingHistoryEntry[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <section aria-labelledby="booking-timeline-title">
      <Typography.Title level={5} id="booking-timeline-title">
        {t('bookings.detail.timeline')}
      </Typography.Title>
      <Timeline
        items={history.map((entry) => ({
          key: entry.id,
          content: (
            <article
              aria-label={`${capitalized(entry.action_name)} ${formatDateTime(entry.create_time, locale)}`}
            >
              <Typography.Text strong>{capitalized(entry.action_name)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {/* The person who acted; entries written before name only the party. */}
                {t(entry.person_name ? 'bookings.detail.timelineByPerson' : 'bookings.detail.timelineBy', {
                  time: formatDateTime(entry.create_time, locale),
                  person: entry.person_name,
                  party: t(`shared.bookingParty.${entry.actor}`),
                  name: entry.actor_name,
                })}
              </Typography.Text>
              <br />
              <span>
                {entry.from_status === null
                  ? `→ ${statusLabel(t, entry.to_status)}`
                  : `${statusLabel(t, entry.from_status)} → ${statusLabel(t, entry.to_status)}`}
              </span>
              {entry.reason && (
                <>
                  <br />
                  <span>{t('bookings.detail.timelineReason', { reason: entry.reason })}</span>
                </>
              )}
            </article>
          ),
        }))}
      />
    </section>
  );
}
