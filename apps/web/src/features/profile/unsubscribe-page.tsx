import './strings';
import type { UnsubscribeInfo } from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { usePageTitle } from '../../app/page-title';
import { errorMessage } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { changeLocale, currentLocale } from '../../i18n';
import { AuthLayout } from '../../components/account/auth-layout';
import { queryKeys } from '../../api/query-keys';

/**
 * The page an unsubscribe link in a notification mail opens (no login). It shows what the link
 * stops, in the mail's language, and stops it only when the person confirms: link scanners that
 * open the page unsubscribe nobody. Mail clients unsubscribe in one click by POSTing the header's URL.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { run } = useAction();
  usePageTitle(t('profile.unsubscribe.title'));
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const query = `token=${encodeURIComponent(token)}`;
  const info = useQuery({
    queryKey: queryKeys.profile.unsubscribe(token),
    queryFn: () => api.get<UnsubscribeInfo>(`/unsubscribe?${query}`),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'undoing' | 'undone' | Error>('ask');
  /** What the unsubscribe turned off, and how it was: an undo puts it back. */
  const [previous, setPrevious] = useState<UnsubscribeInfo['previous']>();
  const language = info.data?.language;
  useEffect(() => {
    if (language && language !== currentLocale()) void changeLocale(language);
  }, [language]);

  const confirm = async () => {
    setState('busy');
    await run(
      async () => {
        const done = await api.post<UnsubscribeInfo>(`/unsubscribe?${query}`);
        setPrevious(done.previous);
        setState('done');
      },
      {
        // The page itself becomes the failure, with its reason: no dialog over it.
        onError: (error) => {
          setState(error instanceof Error ? error : new Error(String(error)));
          return true;
        },
      },
    );
  };

  const undo = async () => {
    setState('undoing');
    await run(
      async () => {
        await api.post(`/unsubscribe/undo?${query}`, previous ?? {});
        setState('undone');
      },
      { fallback: t('profile.unsubscribe.undoFailed'), onError: () => setState('done') },
    );
  };
  const signIn = (
    <Link to="/login" state={{ from: '/profile' }}>
      {t('profile.unsubscribe.signIn')}
    </Link>
  );

  const what = info.data
    ? info.data.scope === 'all'
      ? t('profile.unsubscribe.all')
      : t('profile.unsubscribe.one', { event: t(`profile.mailEvent.${info.data.scope}`) })
    : '';
  return (
    <AuthLayout variant="plain" width={480}>
      <Typography.Title level={3}>{t('profile.unsubscribe.title')}</Typography.Title>
      {token === '' || info.isError ? (
        <Alert
          type="error"
          showIcon
          title={
            info.isError
              ? errorMessage(info.error, t('profile.unsubscribe.invalid'))
              : t('profile.unsubscribe.invalid')
          }
        />
      ) : !info.data ? (
        <Spin />
      ) : state === 'undone' ? (
        <Result status="success" title={t('profile.unsubscribe.undone')} extra={signIn} />
      ) : state === 'done' || state === 'undoing' ? (
        <Result
          status="success"
          title={t('profile.unsubscribe.done')}
          subTitle={t('profile.unsubscribe.doneHint')}
          extra={
            <Space direction="vertical">
              <Button loading={state === 'undoing'} onClick={() => void undo()}>
                {t('profile.unsubscribe.undo')}
              </Button>
              {signIn}
            </Space>
          }
        />
      ) : (
        <>
          <Typography.Paragraph>
            {t('profile.unsubscribe.ask', { email: info.data.email, what })}
          </Typography.Paragraph>
          {state instanceof Error && (
            <Alert type="error" showIcon title={errorMessage(state, t('profile.unsubscribe.invalid'))} />
          )}
          <Space direction="vertical">
            <Button type="primary" danger loading={state === 'busy'} onClick={() => void confirm()}>
              {t('profile.unsubscribe.confirm')}
            </Button>
            {signIn}
          </Space>
        </>
      )}
    </AuthLayout>
  );
}
