import './strings';
import type { InvitationListRow, Role, TeamMember } from '@freight/contract';

import { PlusOutlined } from '@ant-design/icons';

import { useQueryClient } from '@tanstack/react-query';

import { Alert, App, Button, Space, Typography } from 'antd';

import { useState } from 'react';

import { useTranslation } from 'react-i18next';

import { Link } from 'react-router';

import { usePageTitle } from '../../app/page-title';

import { errorMessage } from '../../components/api-error';

import { useAction } from '../../components/use-action';

import { lazyDialog } from '../../components/lazy-dialog';

import {
  changeMemberRole,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  useTeam,
} from './team-api';
import { InvitationsTable, MembersTable } from './team-tables';

import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../components/use-toast';

const InviteModal = lazyDialog(async () => (await import('./invite-modal')).InviteModal);

/**
 * The team page: the company's people with role, last sign-in and status, and its
 * pending invitations; owners and admins invite, resend, revoke, change roles and remove people, and
 * an owner hands over ownership. The server decides; each row's buttons are the `actions` it carries.
 */
export function TeamPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.team'));
  const { modal } = App.useApp();
  const message = useToast();
  const queryClient = useQueryClient();
  const team = useTeam();
  const [inviting, setInviting] = useState(false);
  const roleLabel = (role: Role) => t(`shared.company.role.${role}`);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.team.all });
  const action = useAction();
  const run = async (work: () => Promise<unknown>, success: string) => {
    await action.run(
      async () => {
        await work();
        message.success(success);
      },
      { title: t('common.failed') },
    );
    await refresh();
  };
  const confirm = (
    title: string,
    okText: string,
    onOk: () => Promise<void>,
    danger = true,
    content?: string,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: t('common.cancel'),
      onOk,
    });

  // A role change signs the person out at once: asked first, saying so.
  const onRole = (member: TeamMember, role: Role) =>
    confirm(
      t('team.roleConfirm', { name: member.name, role: roleLabel(role) }),
      t('team.changeRole'),
      () =>
        run(
          () => changeMemberRole(member.id, role),
          t('team.roleChanged', { name: member.name, role: roleLabel(role) }),
        ),
      false,
      t('team.roleConfirmSignOut', { name: member.name }),
    );
  const onRemove = (member: TeamMember) =>
    confirm(t('team.removeConfirm', { name: member.name }), t('team.remove'), () =>
      run(() => removeMember(member.id), t('team.removed', { name: member.name })),
    );
  const onTransfer = (member: TeamMember) =>
    confirm(
      t('team.transferConfirm', { name: member.name }),
      t('team.transfer'),
      () =>
        run(
          async () => {
            await transferOwnership(member.id);
            // The signed-in person is an admin now: the page's offers change with the role.
            await queryClient.invalidateQueries({ queryKey: queryKeys.userInfo.all });
          },
          t('team.transferred', { name: member.name }),
        ),
      false,
    );
  const onResend = (row: InvitationListRow) =>
    run(() => resendInvitation(row.id), t('team.resent', { email: row.email }));
  const onRevoke = (row: InvitationListRow) =>
    confirm(t('team.revokeConfirm', { email: row.email }), t('team.revoke'), () =>
      run(() => revokeInvitation(row.id), t('team.revoked')),
    );

  const data = team.data;
  const assignable = data?.assignable ?? [];

  return (
    <section aria-labelledby="team-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} id="team-title" style={{ margin: 0 }}>
          {t('menu.team')}
        </Typography.Title>
        <Space wrap>
          <Link to="/team/webhooks">{t('team.webhooksLink')}</Link>
          <Button type="primary" icon={<PlusOutlined />} disabled={!data} onClick={() => setInviting(true)}>
            {t('team.invite')}
          </Button>
        </Space>
      </Space>
      {team.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('team.listFailed')}: ${errorMessage(team.error, t('common.failed'))}`}
        />
      )}
      <Typography.Title level={5} id="team-members">
        {t('team.members')}
      </Typography.Title>
      <MembersTable
        members={data?.members ?? []}
        loading={team.isPending}
        assignable={assignable}
        onRole={onRole}
        onRemove={onRemove}
        onTransfer={onTransfer}
      />
      <Typography.Title level={5} id="team-invitations" style={{ marginTop: 24 }}>
        {t('team.invitations')}
      </Typography.Title>
      <InvitationsTable
        invitations={data?.invitations ?? []}
        loading={team.isPending}
        onResend={onResend}
        onRevoke={onRevoke}
      />
      {inviting && (
        <InviteModal
          assignable={assignable}
          onClose={() => setInviting(false)}
          onInvited={() => {
            setInviting(false);
            void refresh();
          }}
        />
      )}
    </section>
  );
}
