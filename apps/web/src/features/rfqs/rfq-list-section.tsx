import './strings';
import type { ListData } from '@freight/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { errorMessage } from '../../components/api-error';

interface RfqListSectionProps<Row> {
  /** The id of the heading the section is labelled by. */
  headingId: string;
  title: string;
  /** The root of the list's query keys, refreshed by the refresh button. */
  queryKey: readonly string[];
  list: UseQueryResult<ListData<Row>>;
  columns: TableColumnsType<Row>;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  emptyText?: string;
  /** Controls before the refresh button (a filter). */
  toolbar?: ReactNode;
}

/**
 * The frame both RFQ lists share (the member's sent requests and the forwarder's received ones):
 * heading, toolbar with refresh, the failure of the list's query, and the paged table.
 */
export function RfqListSection<Row extends { id: number }>(props: RfqListSectionProps<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isCompact = useMediaQuery(MOBILE_QUERY);
  const { list, page, size } = props;
  usePageTitle(props.title);
  return (
    <section aria-labelledby={props.headingId}>
      <Typography.Title level={4} id={props.headingId}>
        {props.title}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        {props.toolbar}
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: props.queryKey })}
        >
          {t('common.refresh')}
        </Button>
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('rfqs.listFailed')}: ${errorMessage(list.error, t('common.failed'))}`}
        />
      )}
      <Table<Row>
        rowKey="id"
        size={isCompact ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.lists ?? []}
        columns={props.columns}
        locale={props.emptyText === undefined ? undefined : { emptyText: props.emptyText }}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) => props.onPage(nextSize === size ? nextPage : 1, nextSize),
        }}
      />
    </section>
  );
}
