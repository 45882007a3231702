import './strings';
import { roleCanManage } from '@freight/contract';
import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { PageSpinner } from '../../app/guards';
import { useSiteConfig } from '../../app/site-config';
import { BasicInfoTab } from './basic-info-tab';
import { BusinessInfoTab } from './business-info-tab';
import { MyAccountTab } from './my-account-tab';
import { usePageTitle } from '../../app/page-title';

/**
 * Member Profile: basic info, and business info when the app mode is 2, which only owners
 * and admins change; everyone's own name and password on "My account".
 */
export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.profile'));
  const { user, isLoadingUser } = useAuth();
  const config = useSiteConfig();

  if (isLoadingUser) return <PageSpinner />;
  if (!user) return <Alert type="error" showIcon title={t('profile.fetchFailed')} />;

  const readOnly = !roleCanManage(user.person.role);
  const items = [
    {
      key: 'basic',
      label: t('profile.tabBasic'),
      children: <BasicInfoTab user={user} readOnly={readOnly} />,
    },
  ];
  if (config.data?.app_mode === 2) {
    items.push({
      key: 'business',
      label: t('profile.tabBusiness'),
      children: <BusinessInfoTab user={user} readOnly={readOnly} />,
    });
  }
  items.push({ key: 'mine', label: t('profile.tabMine'), children: <MyAccountTab user={user} /> });

  return (
    <>
      <Typography.Title level={4}>{t('menu.profile')}</Typography.Title>
      {readOnly && <Alert type="info" showIcon title={t('profile.readOnly')} style={{ marginBottom: 16 }} />}
      <Tabs items={items} />
    </>
  );
}
