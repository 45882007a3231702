import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '../app/auth';

/**
 * The toolbar of a list kept by sheet (contacts, rates): add, import, template, batch delete and the
 * selection count. Shown only to roles that write; the server refuses a viewer's writes
 * whatever the page shows.
 */
export function SheetToolbar(props: {
  addLabel: string;
  onAdd: () => void;
  onImport: () => void;
  onTemplate: () => void;
  selected: number;
  onBatchDelete: () => void;
}) {
  const { t } = useTranslation();
  if (!useCanWrite()) return null;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
        {props.addLabel}
      </Button>
      <Button icon={<UploadOutlined />} onClick={props.onImport}>
        {t('common.import')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={props.onTemplate}>
        {t('common.downloadTemplate')}
      </Button>
      <Button danger disabled={props.selected === 0} onClick={props.onBatchDelete}>
        {t('common.batchDelete')}
      </Button>
      {props.selected > 0 && <span>{t('common.selected', { count: props.selected })}</span>}
    </Space>
  );
}
