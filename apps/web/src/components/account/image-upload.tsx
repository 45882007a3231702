import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageProblem, releaseImage, type PickedImage } from './account-form';
import { useToast } from '../use-toast';

type ImageUploadProps = {
  /** What the image is (business licence, company logo); names the drop zone. */
  label: string;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  /** The image already stored (profile), shown until a new one is picked. */
  currentUrl?: string | null | undefined;
  disabled?: boolean;
};

/**
 * Click or drag one jpg/png image of at most 2 MB. The file stays in the page
 * and is sent with the form; a preview replaces the hint, with a hint that it can be changed.
 */
export function ImageUpload({ label, value, onChange, currentUrl, disabled }: ImageUploadProps) {
  const { t } = useTranslation();
  const message = useToast();
  const shown = value?.url ?? currentUrl ?? undefined;

  return (
    <Upload.Dragger
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) {
          message.error(t(problem));
          return Upload.LIST_IGNORE;
        }
        releaseImage(value);
        onChange({ file, url: URL.createObjectURL(file) });
        return false;
      }}
    >
      {shown ? (
        <div style={{ display: 'grid', justifyItems: 'center', gap: 8 }}>
          <img
            src={shown}
            alt={t('auth.upload.preview', { label })}
            style={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain' }}
          />
          <span style={{ color: 'rgba(0,0,0,0.55)' }}>{t('auth.upload.change', { label })}</span>
        </div>
      ) : (
        <div style={{ display: 'grid', justifyItems: 'center', gap: 4 }}>
          <InboxOutlined style={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
          <span>{t('auth.upload.hint', { label })}</span>
          <span style={{ color: 'rgba(0,0,0,0.6)', fontSize: 12 }}>{t('auth.upload.formats')}</span>
        </div>
      )}
    </Upload.Dragger>
  );
}
