import './strings';
import type { InvitationListRow, Role, TeamMember } from '@freight/contract';
import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media';
import { currentLocale } from '../../i18n';
import { formatDateTime } from '../../app/time-zone';

type MembersProps = {
  members: TeamMember[];
  loading: boolean;
  assignable: readonly Role[];
  onRole: (member: TeamMember, role: Role) => void;
  onRemove: (member: TeamMember) => void;
  onTransfer: (member: TeamMember) => void;
};

/**
 * The people of the company, each with the buttons its `actions` (the server's rules) offer. On wide screens the table scrolls sideways with the actions column
 * pinned; on a phone a pinned column would cover the role, so each person becomes one stacked cell
 * (name, e-mail, role or its selector, status) with the actions beside it and nothing pinned.
 */
export function MembersTable(props: MembersProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const isCompact = useMediaQuery(MOBILE_QUERY);
  const roleLabel = (role: Role) => t(`shared.company.role.${role}`);
  const nameCell = (member: TeamMember) => (
    <Space size={4} wrap>
      {member.name}
      {member.is_me && <Tag color="blue">{t('team.you')}</Tag>}
    </Space>
  );
  const roleCell = (member: TeamMember) =>
    member.actions.includes('role') ? (
      <Select<Role>
        aria-label={t('team.roleOf', { name: member.name })}
        value={member.role}
        style={{ minWidth: 120 }}
        options={props.assignable.map((role) => ({ value: role, label: roleLabel(role) }))}
        onChange={(role) => props.onRole(member, role)}
      />
    ) : (
      roleLabel(member.role)
    );
  const statusCell = (member: TeamMember) =>
    member.last_sign_in_at ? (
      <Tag color="green">{t('team.active')}</Tag>
    ) : (
      <Tag>{t('team.neverSignedIn')}</Tag>
    );
  const actionsCell = (member: TeamMember, vertical: boolean) => (
    <Space size="small" wrap orientation={vertical ? 'vertical' : 'horizontal'}>
      {member.actions.includes('transfer') && (
        <Button
          type="link"
          size="small"
          aria-label={`${t('team.transfer')} ${member.name}`}
          onClick={() => props.onTransfer(member)}
        >
          {t('team.transfer')}
        </Button>
      )}
      {member.actions.includes('remove') && (
        <Button
          type="link"
          size="small"
          danger
          aria-label={`${t('team.remove')} ${member.name}`}
          onClick={() => props.onRemove(member)}
        >
          {t('team.remove')}
        </Button>
      )}
    </Space>
  );
  const compactColumns: ColumnsType<TeamMember> = [
    {
      title: t('team.name'),
      key: 'member',
      render: (_value, member) => (
        <Space orientation="vertical" size={4}>
          {nameCell(member)}
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {member.email}
          </Typography.Text>
          {roleCell(member)}
          {statusCell(member)}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 96,
      render: (_value, member) => actionsCell(member, true),
    },
  ];
  const columns: ColumnsType<TeamMember> = [
    {
      title: t('team.name'),
      dataIndex: 'name',
      key: 'name',
      render: (_name: string, member) => nameCell(member),
    },
    { title: t('team.email'), dataIndex: 'email', key: 'email' },
    {
      title: t('team.role'),
      key: 'role',
      render: (_value, member) => roleCell(member),
    },
    {
      title: t('team.lastSignIn'),
      dataIndex: 'last_sign_in_at',
      key: 'last',
      render: (value: string | null) => formatDateTime(value, locale) || '—',
    },
    {
      title: t('team.status'),
      key: 'status',
      render: (_value, member) => statusCell(member),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, member) => actionsCell(member, false),
    },
  ];
  return (
    <Table<TeamMember>
      aria-labelledby="team-members"
      rowKey="id"
      size={isCompact ? 'small' : 'middle'}
      scroll={isCompact ? undefined : { x: 'max-content' }}
      loading={props.loading}
      dataSource={props.members}
      columns={isCompact ? compactColumns : columns}
      pagination={false}
    />
  );
}

type InvitationsProps = {
  invitations: InvitationListRow[];
  loading: boolean;
  onResend: (row: InvitationListRow) => void;
  onRevoke: (row: InvitationListRow) => void;
};

/** The invitations not yet accepted nor revoked; expired ones are flagged and can be sent again. */
export function InvitationsTable(props: InvitationsProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const columns: ColumnsType<InvitationListRow> = [
    { title: t('team.email'), dataIndex: 'email', key: 'email' },
    {
      title: t('team.role'),
      dataIndex: 'role',
      key: 'role',
      render: (role: Role) => t(`shared.company.role.${role}`),
    },
    { title: t('team.invitedBy'), dataIndex: 'invited_by', key: 'by' },
    {
      title: t('team.expires'),
      dataIndex: 'expires_at',
      key: 'expires',
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('team.status'),
      key: 'status',
      render: (_value, row) =>
        row.expired ? (
          <Tag color="red">{t('team.expired')}</Tag>
        ) : (
          <Tag color="gold">{t('team.pending')}</Tag>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <Space size="small" wrap>
          {row.actions.includes('resend') && (
            <Button
              type="link"
              size="small"
              aria-label={`${t('team.resend')} ${row.email}`}
              onClick={() => props.onResend(row)}
            >
              {t('team.resend')}
            </Button>
          )}
          {row.actions.includes('revoke') && (
            <Button
              type="link"
              size="small"
              danger
              aria-label={`${t('team.revoke')} ${row.email}`}
              onClick={() => props.onRevoke(row)}
            >
              {t('team.revoke')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<InvitationListRow>
      aria-labelledby="team-invitations"
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={props.loading}
      dataSource={props.invitations}
      columns={columns}
      pagination={false}
      locale={{ emptyText: t('team.noInvitations') }}
    />
  );
}
