import './strings';
import {
  MAIL_EVENTS,
  MAIL_MODES,
  type MailEvent,
  type MailMode,
  type MailPreferences,
} from '@freight/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorMessage } from '../../components/api-error';

export const MAIL_PREFERENCES_KEY = ['mail-preferences'] as const;

/**
 * The person's own e-mail notifications (issue 19, part 3): per booking event, off, at once or in
 * the daily digest. Each change is saved as it is made (PUT /api/me/mail-preferences). Every role
 * may: the choices are the person's own.
 */
export function MailPreferencesSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<MailEvent | null>(null);
  const query = useQuery({
    queryKey: MAIL_PREFERENCES_KEY,
    queryFn: () => api.get<MailPreferences>('/me/mail-preferences'),
  });

  const save = async (event: MailEvent, mode: MailMode) => {
    setSaving(event);
    try {
      const next = await api.put<MailPreferences>('/me/mail-preferences', { [event]: mode });
      queryClient.setQueryData(MAIL_PREFERENCES_KEY, next);
      message.success(t('profile.mailSaved'));
    } catch (error) {
      message.error(errorMessage(error, t('common.saveFailed')));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby="mail-preferences" style={{ maxWidth: 480 }}>
      <Typography.Title level={5} id="mail-preferences">
        {t('profile.mailTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.mailHint')}</Typography.Paragraph>
      {query.data ? (
        MAIL_EVENTS.map((event) => (
          <div
            key={event}
            style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}
          >
            <label id={`mail-${event}`} style={{ flex: '1 1 180px' }}>
              {t(`profile.mailEvent.${event}`)}
            </label>
            <Select<MailMode>
              aria-labelledby={`mail-${event}`}
              style={{ flex: '1 1 160px', minWidth: 0 }}
              value={query.data[event]}
              loading={saving === event}
              disabled={saving !== null}
              onChange={(mode) => void save(event, mode)}
              options={MAIL_MODES.map((mode) => ({ value: mode, label: t(`profile.mailMode.${mode}`) }))}
            />
          </div>
        ))
      ) : query.isError ? (
        <Typography.Text type="danger">
          {errorMessage(query.error, t('profile.mailLoadFailed'))}
        </Typography.Text>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </section>
  );
}
