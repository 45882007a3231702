import './strings';
import {
  type Locale,
  MAIL_EVENTS,
  MAIL_MODES,
  type MailEvent,
  type MailMode,
  type MailPreferences,
} from '@freight/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

const MAIL_LANGUAGES: Locale[] = ['zh-CN', 'en-US'];

/**
 * The language the person's e-mails are written in, whatever the language of the screen: saved
 * with the person (PUT /api/me) and read by every mail sent to them.
 */
function MailLanguage({ language }: { language: Locale }) {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(language);
  const { run, busy } = useAction();
  const save = async (next: Locale) => {
    await run(
      async () => {
        await api.put('/me', { language: next });
        setValue(next);
        message.success(t('profile.mailSaved'));
        await queryClient.invalidateQueries({ queryKey: queryKeys.userInfo.all });
      },
      { fallback: t('common.saveFailed') },
    );
  };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
      <label id="mail-language" style={{ flex: '1 1 180px' }}>
        {t('profile.mailLanguage')}
      </label>
      <Select<Locale>
        aria-labelledby="mail-language"
        style={{ flex: '1 1 160px', minWidth: 0 }}
        value={value}
        loading={busy}
        disabled={busy}
        onChange={(next) => void save(next)}
        options={MAIL_LANGUAGES.map((locale) => ({
          value: locale,
          label: t(`profile.languageName.${locale}`),
        }))}
      />
    </div>
  );
}

/**
 * The person's own e-mail notifications per booking event and for the answers
 * to their RFQs, off, at once or in the daily digest, and the language of their e-mails. Each
 * change is saved as it is made (PUT /api/me/mail-preferences). Every role may: the choices are the
 * person's own.
 */
export function MailPreferencesSection({ language }: { language?: Locale | undefined }) {
  const { t } = useTranslation();
  const message = useToast();
  const { run } = useAction();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<MailEvent | null>(null);
  const query = useQuery({
    queryKey: queryKeys.profile.mailPreferences,
    queryFn: () => api.get<MailPreferences>('/me/mail-preferences'),
  });

  const save = async (event: MailEvent, mode: MailMode) => {
    setSaving(event);
    await run(
      async () => {
        const next = await api.put<MailPreferences>('/me/mail-preferences', { [event]: mode });
        queryClient.setQueryData(queryKeys.profile.mailPreferences, next);
        message.success(t('profile.mailSaved'));
      },
      { fallback: t('common.saveFailed') },
    );
    setSaving(null);
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
      {language && <MailLanguage language={language} />}
    </section>
  );
}
