import './strings';
import { type ActivityRow, aside } from '@freight/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tableLoading } from '../../components/table-loading';
import { currentLocale } from '../../i18n';
import { formatDateTime } from '../../app/time-zone';

type Props = {
  rows: ActivityRow[];
  total: number;
  query: { isFetching: boolean; isPending: boolean };
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
};

export const ACTIVITY_PAGE_SIZES = [20, 50, 100] as const;

/** The roles of a person's row in the reader's language: "查看者 → 操作员", "Admin". */
function rolesText(t: TFunction, row: ActivityRow): string {
  const name = (role: ActivityRow['role_from']) => (role ? t(`shared.company.role.${role}`) : '');
  const from = name(row.role_from);
  const to = name(row.role_to);
  return from && to ? `${from} → ${to}` : from || to;
}

/** A booking or document row links to its booking's detail, on the company's side of it. */
function objectCell(t: TFunction, row: ActivityRow) {
  const roles = rolesText(t, row);
  if (roles) return `${row.label}${aside(roles, currentLocale())}`;
  if (row.object_id === null || row.booking_party === null) return row.label;
  const base = row.booking_party === 'member' ? '/bookings' : '/received-bookings';
  return <Link to={`${base}/${row.object_id}`}>{row.label}</Link>;
}

/** A changed field by its label where the form names it, else by its API name. */
const fieldName = (t: TFunction, field: string) => t(`shared.fields.${field}`, { defaultValue: field });

function columns(t: TFunction): ColumnsType<ActivityRow> {
  const locale = currentLocale();
  return [
    {
      title: t('activity.columns.at'),
      dataIndex: 'at',
      key: 'at',
      render: (at: string) => formatDateTime(at, locale),
    },
    { title: t('activity.columns.person'), dataIndex: 'person', key: 'person' },
    {
      title: t('activity.columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: ActivityRow['kind']) => t(`shared.activity.kindName.${kind}`),
    },
    {
      title: t('activity.columns.action'),
      dataIndex: 'action',
      key: 'action',
      render: (action: ActivityRow['action']) => t(`shared.activity.actionName.${action}`),
    },
    { title: t('activity.columns.object'), key: 'object', render: (_value, row) => objectCell(t, row) },
    {
      title: t('activity.columns.fields'),
      dataIndex: 'fields',
      key: 'fields',
      render: (fields: string[]) =>
        fields.map((field) => fieldName(t, field)).join(locale === 'zh-CN' ? '、' : ', '),
    },
  ];
}

/** The trail, newest first, one page at a time. */
export function ActivityTable(props: Props) {
  const { t } = useTranslation();
  return (
    <Table<ActivityRow>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      {...tableLoading<ActivityRow>(props.query)}
      dataSource={props.rows}
      columns={columns(t)}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [...ACTIVITY_PAGE_SIZES],
        showTotal: (total) => t('common.total', { total }),
        onChange: props.onPage,
      }}
    />
  );
}
