import type { ImportResult, ImportRowError } from '@freight/contract';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { ApiError } from '../api/http';
import { errorMessage } from './api-error';
import { useAction } from './use-action';

type Props = {
  open: boolean;
  title: string;
  /** The import endpoint, e.g. /customer/contact/import. */
  path: string;
  /** Accepted extensions, e.g. ['.xlsx', '.xls', '.csv']. */
  extensions: readonly string[];
  onClose: () => void;
  /** Called with the server's reply after a successful import. */
  onImported: (result: ImportResult) => void;
};

function rowErrors(error: unknown): ImportRowError[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { rows?: unknown } | undefined;
  return Array.isArray(body?.rows) ? (body.rows as ImportRowError[]) : [];
}

/**
 * The spreadsheet import dialog shared by contacts and rates: pick one file, send it, and on
 * failure list every bad row by its spreadsheet row number, column and reason under the server's
 * message, which alone says that nothing was imported.
 */
export function ImportModal({ open, title, path, extensions, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | undefined>();
  const { run, busy } = useAction();
  const [failure, setFailure] = useState<{ message: string; rows: ImportRowError[] } | undefined>();

  const reset = () => {
    setFile(undefined);
    setFailure(undefined);
  };

  const submit = async () => {
    if (!file) return;
    setFailure(undefined);
    const form = new FormData();
    form.append('file', file);
    await run(
      async () => {
        const result = await api.request<ImportResult>('POST', path, { body: form });
        reset();
        onImported(result);
      },
      {
        // Told inside the dialog, with the table of rejected rows.
        onError: (error) => {
          setFailure({ message: errorMessage(error, t('common.failed')), rows: rowErrors(error) });
          return true;
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={title}
      width={800}
      okText={t('common.import')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !file, loading: busy }}
      onOk={submit}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Upload.Dragger
        accept={extensions.join(',')}
        maxCount={1}
        multiple={false}
        beforeUpload={(picked) => {
          setFile(picked);
          setFailure(undefined);
          return false;
        }}
        onRemove={() => reset()}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('common.chooseFile')}</p>
        <p style={{ color: 'rgba(0,0,0,0.55)' }}>
          {t('common.importHint', { types: extensions.join(', ') })}
        </p>
      </Upload.Dragger>
      {failure && (
        <div role="alert" style={{ marginTop: 16 }}>
          <Alert type="error" showIcon title={failure.message} />
          {failure.rows.length > 0 && (
            <Table<ImportRowError>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
              dataSource={failure.rows}
              pagination={failure.rows.length > 10 ? { pageSize: 10 } : false}
              caption={t('common.importErrors')}
              columns={[
                { title: t('common.row'), dataIndex: 'row', width: 80 },
                { title: t('common.column'), dataIndex: 'column', width: 180 },
                { title: t('common.reason'), dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
