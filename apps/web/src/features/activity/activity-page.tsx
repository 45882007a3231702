import './strings';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { activityQuery } from '@freight/contract';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from '../../app/use-url-filters';
import { usePageTitle } from '../../app/page-title';
import { errorMessage } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { type ActivityFilters, exportActivity, useActivity } from './activity-api';
import { ActivityFilterForm } from './activity-filters';
import { ACTIVITY_PAGE_SIZES, ActivityTable } from './activity-table';

/**
 * The company's activity trail (owners and admins): who changed which booking,
 * document, contact, rate or the company profile, when, and which fields; filtered by person,
 * kind and days, exported as .xlsx.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.activity'));
  // Filters, page and size live in the address (shareable, kept on reload and language switch).
  const [query, setQuery] = useUrlFilters(activityQuery);
  const defaultSize: number = ACTIVITY_PAGE_SIZES[0];
  const { page = 1, page_size: size = defaultSize, ...filters } = query;
  const exporting = useAction();
  const list = useActivity(filters, page, size);

  const download = async () => {
    await exporting.run(() => exportActivity(filters), { title: t('activity.exportFailed') });
  };

  return (
    <section aria-labelledby="activity-title">
      <Typography.Title level={4} id="activity-title">
        {t('menu.activity')}
      </Typography.Title>
      <ActivityFilterForm
        filters={filters}
        people={list.data?.people ?? []}
        onSearch={(next: ActivityFilters) =>
          setQuery({ ...next, page_size: size === defaultSize ? undefined : size })
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<DownloadOutlined />} loading={exporting.busy} onClick={() => void download()}>
          {t('activity.export')}
        </Button>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('activity.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <ActivityTable
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        query={list}
        page={page}
        size={size}
        onPage={(nextPage, nextSize) =>
          setQuery({ ...filters, page: nextSize === size ? nextPage : undefined, page_size: nextSize })
        }
      />
    </section>
  );
}
