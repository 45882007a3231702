import type QRCode from 'qrcode';

/** The qrcode package, which the PDF writer loads with its first document. */
export type QrCodes = Pick<typeof QRCode, 'create'>;

/** Draws `text` as a QR code (error correction M) of `size` points at (x, y): vector squares, no image. */
export function drawQr(
  qrCodes: QrCodes,
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
) {
  const { modules } = qrCodes.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col))
        doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
  doc.fill().restore();
}
