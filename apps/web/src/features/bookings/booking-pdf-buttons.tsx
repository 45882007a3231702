import { bookingPdfKinds, type BookingDetail, type BookingPdfKind, LANG_HEADER } from '@freight/contract';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, saveDownload } from '../../api/client';
import { useAction } from '../../components/use-action';
import { currentLocale } from '../../i18n';

/**
 * Prints a PDF (a same-origin blob URL) from a hidden frame, so that the browser's print dialog
 * opens at once instead of a viewer tab the user must print from again. Where the frame cannot
 * print (no PDF viewer, printing blocked), the PDF opens in a new tab as before.
 */
function printPdf(url: string, title: string, fallback: () => void) {
  // The frame stays while the print dialog may be open; the next print removes it and its blob.
  document.querySelectorAll<HTMLIFrameElement>('iframe[data-pdf-print]').forEach((old) => {
    URL.revokeObjectURL(old.src);
    old.remove();
  });
  const frame = document.createElement('iframe');
  frame.dataset.pdfPrint = '';
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Not display:none: a frame that is not rendered does not load its PDF viewer.
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  frame.onload = () => {
    try {
      const view = frame.contentWindow;
      if (!view) throw new Error('no frame window');
      view.focus();
      view.print();
    } catch {
      frame.remove();
      fallback();
    }
  };
  frame.src = url;
  document.body.appendChild(frame);
}

/**
 * Download and print buttons for the booking's PDFs (booking note; confirmation once released; SI
 * draft once instructed), in the reader's language. Print sends the PDF to the print dialog.
 */
export function BookingPdfButtons({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation();
  const { run } = useAction();
  const kinds = bookingPdfKinds(detail.status, detail.shipment !== null);
  const path = (kind: BookingPdfKind, disposition: 'attachment' | 'inline') =>
    `/order/${detail.id}/pdf/${kind}?lang=${LANG_HEADER[currentLocale()]}&disposition=${disposition}`;
  const failed = { fallback: t('bookings.pdf.failed') };
  const download = (kind: BookingPdfKind) =>
    run(() => saveDownload(path(kind, 'attachment'), `${detail.order_no}-${kind}.pdf`), failed);
  const print = (kind: BookingPdfKind) =>
    run(async () => {
      const blob = await (await api.download(path(kind, 'inline'))).blob();
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      printPdf(url, t(`shared.bookingPdf.${kind}`), () => {
        if (!window.open(url, '_blank')) window.location.assign(url);
      });
    }, failed);
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
