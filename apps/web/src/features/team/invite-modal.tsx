import './strings';
import { inviteBody, type InviteBody, type Role } from '@freight/contract';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { useForm } from '../../components/use-form';
import { currentLocale } from '../../i18n';
import { inviteMember } from './team-api';
import { useToast } from '../../components/use-toast';

const rules = zodRules(inviteBody);

const FOCUSABLE = 'button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the dialog's last control goes to its first, Shift+Tab from the first to the last: the
 * keyboard never leaves the dialog for the page behind it.
 */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (control) =>
      !control.hasAttribute('disabled') &&
      control.getAttribute('aria-hidden') !== 'true' &&
      control.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  }
}

/** Invite by e-mail with one of the roles the signed-in person may give. */
export function InviteModal({
  assignable,
  onClose,
  onInvited,
}: {
  assignable: readonly Role[];
  onClose: () => void;
  onInvited: () => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = useForm<InviteBody>();
  const { run, busy } = useAction();
  // Escape closes an open dropdown only: the dialog (and what was typed in it) stays.
  const [isListOpen, setListOpen] = useState(false);
  const keepDialogOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && isListOpen) event.stopPropagation();
  };

  const onSubmit = (values: InviteBody) =>
    run(
      async () => {
        const row = await inviteMember(values);
        message.success(t('team.invited', { email: row.email }));
        onInvited();
      },
      { title: t('common.failed'), form },
    );

  return (
    <Modal
      open
      title={t('team.inviteTitle')}
      okText={t('team.sendInvite')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      focusable={{ trap: true }}
      modalRender={(dialog) => <div onKeyDown={keepTabInside}>{dialog}</div>}
    >
      <Typography.Paragraph type="secondary">{t('team.inviteHint')}</Typography.Paragraph>
      <Form<InviteBody>
        form={form}
        layout="vertical"
        initialValues={{
          role: assignable.includes('operator') ? 'operator' : assignable[0],
          // The mail goes in the language on screen unless the inviter picks the other one.
          language: currentLocale(),
        }}
        onFinish={onSubmit}
        preserve={false}
        scrollToFirstError={{ focus: true }}
      >
        <Form.Item name="email" label={t('team.email')} rules={rules.email} required>
          <Input inputMode="email" autoComplete="off" maxLength={254} autoFocus />
        </Form.Item>
        <Form.Item name="role" label={t('team.role')} rules={rules.role} required extra={t('team.rolesHelp')}>
          <Select
            onOpenChange={setListOpen}
            onKeyDown={keepDialogOnEscape}
            options={assignable.map((role) => ({ value: role, label: t(`shared.company.role.${role}`) }))}
          />
        </Form.Item>
        <Form.Item name="language" label={t('team.mailLanguage')} required>
          <Select
            onOpenChange={setListOpen}
            onKeyDown={keepDialogOnEscape}
            options={[
              { value: 'zh-CN', label: <span lang="zh-CN">中文</span>, title: '中文' },
              { value: 'en-US', label: <span lang="en-US">English</span>, title: 'English' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
