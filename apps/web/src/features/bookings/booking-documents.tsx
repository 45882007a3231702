import './strings';
import { aside, type BookingDocument, type BookingParty } from '@freight/contract';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../components/use-action';
import { lazyDialog } from '../../components/lazy-dialog';
import { currentLocale } from '../../i18n';
import { deleteDocument, downloadDocument } from './bookings-api';
import { formatDateTime } from '../../app/time-zone';
import { useToast } from '../../components/use-toast';

const DocumentUploadModal = lazyDialog(
  async () => (await import('./document-upload-modal')).DocumentUploadModal,
);

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type Props = {
  orderId: number;
  /** The viewer's side: it decides the document types offered for upload. */
  party: BookingParty;
  documents: BookingDocument[];
  /** False on a cancelled booking: no upload is offered (the server refuses one too). */
  canUpload: boolean;
  /** Called after an upload or a delete, to reload the booking. */
  onChanged: () => void;
};

/** The booking's documents: list, download, upload, delete own. */
export function BookingDocuments({ orderId, party, documents, canUpload, onChanged }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const { run } = useAction();
  const [isUploading, setUploading] = useState(false);
  const locale = currentLocale();

  const download = async (document: BookingDocument) => {
    await run(
      async () => {
        await downloadDocument(document);
      },
      { prefix: t('bookings.documents.downloadFailed') },
    );
  };

  const remove = (document: BookingDocument) =>
    modal.confirm({
      title: t('bookings.documents.deleteConfirm', { name: document.file_name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await run(
          async () => {
            await deleteDocument(document.id);
            message.success(t('bookings.documents.deleted'));
            onChanged();
          },
          { title: t('bookings.documents.deleteFailed') },
        );
      },
    });

  return (
    <section aria-labelledby="booking-documents-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={5} id="booking-documents-title" style={{ margin: 0 }}>
          {t('bookings.documents.title')}
        </Typography.Title>
        {canUpload ? (
          <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('bookings.documents.upload')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('bookings.documents.closed')}</Typography.Text>
        )}
      </Space>
      <Table<BookingDocument>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={documents}
        locale={{ emptyText: t('bookings.documents.none') }}
        columns={[
          { title: t('shared.fields.document_type'), dataIndex: 'document_type_name', key: 'type' },
          { title: t('bookings.documents.file'), dataIndex: 'file_name', key: 'file' },
          { title: t('bookings.documents.description'), dataIndex: 'description', key: 'description' },
          { title: t('bookings.documents.size'), dataIndex: 'size', key: 'size', render: sizeText },
          {
            title: t('bookings.documents.uploader'),
            key: 'uploader',
            // The person who uploaded it, with their company beside; the forwarder of a booking from
            // a quote goes unnamed until it accepts (uploader_name and uploader_person '').
            render: (_v, document) => {
              const party = t(`shared.bookingParty.${document.uploaded_by}`);
              const company = document.uploader_name || party;
              return document.uploader_person ? document.uploader_person + aside(company, locale) : company;
            },
          },
          {
            title: t('bookings.documents.time'),
            dataIndex: 'create_time',
            key: 'time',
            render: (value: string) => formatDateTime(value, locale),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v, document) => (
              <Space size={0}>
                <Button
                  type="link"
                  icon={<DownloadOutlined />}
                  aria-label={t('bookings.documents.download', { name: document.file_name })}
                  onClick={() => void download(document)}
                />
                {document.own && (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('bookings.documents.delete', { name: document.file_name })}
                    onClick={() => remove(document)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      {isUploading && (
        <DocumentUploadModal
          orderId={orderId}
          party={party}
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            message.success(t('bookings.documents.uploaded'));
            onChanged();
          }}
        />
      )}
    </section>
  );
}
