import './strings';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  documentTypesFor,
  type BookingParty,
} from '@freight/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/api-error';
import { useAction } from '../../components/use-action';
import { uploadDocument } from './bookings-api';
import { useForm } from '../../components/use-form';

type Props = { orderId: number; party: BookingParty; onClose: () => void; onUploaded: () => void };
type Values = { document_type?: string; description?: string };

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

/**
 * Uploads one document of a booking: its type (only those the viewer's side issues: a customer is
 * not offered the B/L), a description and the file (pdf, images, office).
 */
export function DocumentUploadModal({ orderId, party, onClose, onUploaded }: Props) {
  const { t } = useTranslation();
  const [form] = useForm<Values>();
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const { run, busy } = useAction();

  const onFinish = async (values: Values) => {
    if (!file) {
      setProblem(t('bookings.documents.chooseFirst'));
      return;
    }
    setProblem(undefined);
    await run(
      async () => {
        await uploadDocument(orderId, file, values.document_type ?? '', values.description?.trim() ?? '');
        onUploaded();
      },
      {
        // Told inside the dialog, beside the file it is about.
        onError: (error) => {
          setProblem(`${t('bookings.documents.uploadFailed')}: ${errorMessage(error, t('common.failed'))}`);
          return true;
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('bookings.documents.upload')}
      okText={t('bookings.documents.uploadOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} name="document" layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="document_type"
          label={t('shared.fields.document_type')}
          rules={[
            {
              required: true,
              message: t('shared.validation.required', { field: t('shared.fields.document_type') }),
            },
          ]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={documentTypesFor(party).map((type) => ({
              value: type,
              label: t(`shared.documentType.${type}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('bookings.documents.description')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item label={t('bookings.documents.file')} required>
          <Upload
            accept={DOCUMENT_EXTENSIONS.join(',')}
            maxCount={1}
            beforeUpload={(picked) => {
              if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(picked.name)))
                setProblem(t('shared.booking.documentFileType'));
              else if (picked.size > DOCUMENT_MAX_BYTES) setProblem(t('shared.booking.documentTooLarge'));
              else {
                setFile(picked);
                setProblem(undefined);
              }
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>{t('common.chooseFile')}</Button>
          </Upload>
        </Form.Item>
      </Form>
      {problem && <Alert role="alert" type="error" showIcon title={problem} />}
    </Modal>
  );
}
