import { reasonInput } from '@freight/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/form-rules';
import { useForm } from '../../components/use-form';

type Props = {
  title: string;
  /** What is about to happen, e.g. "Cancel booking BK…?" */
  question: string;
  okText: string;
  /** Does the work; a rejection keeps the dialog open (the caller shows the failure). */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
};

const rules = zodRules(reasonInput);

/** Asks for the reason of a cancellation or a void, and confirms it. */
export function ReasonModal({ title, question, okText, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch {
      // the caller has shown why; the dialog stays for another try
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: busy }}
      // Never "Cancel" beside "Cancel booking": the dismiss button keeps the booking.
      cancelText={t('bookings.keepBooking')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{question}</Typography.Paragraph>
      <Form form={form} name="reason" layout="vertical" onFinish={onFinish}>
        <Form.Item name="reason" label={t('shared.fields.reason')} rules={rules.reason} required>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
