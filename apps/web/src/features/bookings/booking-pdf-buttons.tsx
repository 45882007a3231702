import { bookingPdfKinds, type BookingDetail, type BookingPdfKind, LANG_HEADER } from '@freight/contract';
import { App, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, saveDownload } from '../../api/client';
import { errorMessage } from '../../components/api-error';
import { currentLocale } from '../../i18n';

/**
 * Download and print buttons for the booking's PDFs (booking note; confirmation once released; SI
 * draft once instructed), in the reader's language. Print opens the PDF in a new tab, whose
 * viewer prints it.
 */
export function BookingPdfButtons({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const kinds = bookingPdfKinds(detail.status, detail.shipment !== null);
  const path = (kind: BookingPdfKind, disposition: 'attachment' | 'inline') =>
    `/order/${detail.id}/pdf/${kind}?lang=${LANG_HEADER[currentLocale()]}&disposition=${disposition}`;
  const failed = (error: unknown) => void message.error(errorMessage(error, t('bookings.pdf.failed')));
  const download = (kind: BookingPdfKind) =>
    saveDownload(path(kind, 'attachment'), `${detail.order_no}-${kind}.pdf`).catch(failed);
  const print = async (kind: BookingPdfKind) => {
    // Opened before the fetch, so that the browser treats it as the click's own window.
    const tab = window.open('', '_blank');
    try {
      const blob = await (await api.download(path(kind, 'inline'))).blob();
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      failed(error);
    }
  };
  const items = (act: (kind: BookingPdfKind) => unknown) =>
    kinds.map((kind) => ({
      key: kind,
      label: t(`shared.bookingPdf.${kind}`),
      onClick: () => void act(kind),
    }));
  return (
    <Space.Compact>
      <Dropdown menu={{ items: items(download) }} trigger={['click']}>
        <Button>{t('bookings.pdf.download')}</Button>
      </Dropdown>
      <Dropdown menu={{ items: items(print) }} trigger={['click']}>
        <Button>{t('bookings.pdf.print')}</Button>
      </Dropdown>
    </Space.Compact>
  );
}
