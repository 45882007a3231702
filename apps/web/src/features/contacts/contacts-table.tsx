import './strings';
import type { ContactRow } from '@freight/contract';
import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { someRowOffers } from '../../components/row-actions';
import { tableLoading } from '../../components/table-loading';
import type { FieldName } from '../../i18n/keys';
import { TooLongTag } from './contact-limits';

type Props = {
  contacts: ContactRow[];
  total: number;
  query: { isFetching: boolean; isPending: boolean };
  page: number;
  size: number;
  sizes: readonly number[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number, size: number) => void;
  onEdit: (contact: ContactRow) => void;
  onDelete: (contact: ContactRow) => void;
};

function columns(
  t: TFunction,
  onEdit: Props['onEdit'],
  onDelete: Props['onDelete'],
): ColumnsType<ContactRow> {
  const field = (name: FieldName) => t(`shared.fields.${name}`);
  return [
    {
      title: field('contact_type'),
      dataIndex: 'type',
      key: 'type',
      render: (type: ContactRow['type']) => t(`shared.dictionary.contactType.${type}`),
    },
    {
      title: field('company1'),
      dataIndex: 'company1',
      key: 'company1',
      // A contact saved before the book took the B/L's lengths says what to shorten (the server's row).
      render: (company1: string, contact) => (
        <Space orientation="vertical" size={4}>
          {company1}
          <TooLongTag fields={contact.too_long} />
        </Space>
      ),
    },
    { title: field('company2'), dataIndex: 'company2', key: 'company2' },
    { title: field('linkman'), dataIndex: 'linkman', key: 'linkman' },
    { title: field('phone'), dataIndex: 'phone', key: 'phone' },
    { title: field('email'), dataIndex: 'email', key: 'email' },
    { title: field('city'), dataIndex: 'city', key: 'city' },
    { title: field('country_id'), dataIndex: 'country_name', key: 'country' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, contact) => (
        <Space size="small">
          {contact.actions.includes('edit') && (
            <Button type="link" size="small" onClick={() => onEdit(contact)}>
              {t('common.edit')}
            </Button>
          )}
          {contact.actions.includes('delete') && (
            <Button type="link" size="small" danger onClick={() => onDelete(contact)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}

/**
 * The contact table: type label, names (with the mark of a contact too long for a B/L), contact
 * details, row actions, selection, paging.
 */
export function ContactsTable(props: Props) {
  const { t } = useTranslation();
  // Each row says what the reader may do with it: a viewer's rows offer nothing, so no buttons.
  const offersAny = someRowOffers(props.contacts, 'edit') || someRowOffers(props.contacts, 'delete');
  const offersDelete = someRowOffers(props.contacts, 'delete');
  const all = columns(t, props.onEdit, props.onDelete);
  return (
    <Table<ContactRow>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      {...tableLoading<ContactRow>(props.query)}
      dataSource={props.contacts}
      columns={offersAny ? all : all.filter((column) => column.key !== 'actions')}
      rowSelection={
        offersDelete
          ? {
              selectedRowKeys: props.selected,
              onChange: (keys) => props.onSelect(keys.map(Number)),
              getCheckboxProps: (contact) => ({
                'aria-label': t('contacts.selectRow', { name: contact.company1 }),
                disabled: !contact.actions.includes('delete'),
              }),
            }
          : undefined
      }
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [...props.sizes],
        showTotal: (total) => t('common.total', { total }),
        onChange: props.onPage,
      }}
    />
  );
}
