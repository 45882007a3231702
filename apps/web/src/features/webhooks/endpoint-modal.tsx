import './strings';
import {
  WEBHOOK_EVENTS,
  webhookEndpointBody,
  type WebhookEndpointBody,
  type WebhookEndpointRow,
} from '@freight/contract';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import { zodRules } from '../../components/form-rules';
import { useForm } from '../../components/use-form';
import { createWebhook, updateWebhook } from './webhooks-api';
import { useToast } from '../../components/use-toast';

const rules = zodRules(webhookEndpointBody);

/** Adds an endpoint (then its secret is shown once) or changes one's address and events. */
export function EndpointModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: WebhookEndpointRow | undefined;
  onClose: () => void;
  onSaved: (secret: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = useForm<WebhookEndpointBody>();
  const { run, busy } = useAction();

  const onSubmit = (values: WebhookEndpointBody) =>
    run(
      async () => {
        if (editing) {
          await updateWebhook(editing.id, { ...values, enabled: editing.enabled });
          message.success(t('webhookPage.saved'));
          onSaved(undefined);
        } else {
          onSaved((await createWebhook(values)).secret);
        }
      },
      { title: t('common.failed'), form },
    );

  return (
    <Modal
      open
      title={t(editing ? 'webhookPage.edit' : 'webhookPage.add')}
      okText={t('webhookPage.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<WebhookEndpointBody>
        form={form}
        layout="vertical"
        initialValues={
          editing ? { url: editing.url, events: editing.events } : { events: [...WEBHOOK_EVENTS] }
        }
        onFinish={onSubmit}
        preserve={false}
        scrollToFirstError={{ focus: true }}
      >
        <Form.Item
          name="url"
          label={t('webhookPage.url')}
          rules={rules.url}
          required
          extra={t('webhookPage.urlHelp')}
        >
          <Input inputMode="url" autoComplete="off" maxLength={2000} placeholder="https://" autoFocus />
        </Form.Item>
        <Form.Item name="events" label={t('webhookPage.events')} rules={rules.events} required>
          <Checkbox.Group
            style={{ display: 'grid', gap: 4 }}
            options={WEBHOOK_EVENTS.map((event) => ({
              value: event,
              label: t(`shared.webhooks.event.${event}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
