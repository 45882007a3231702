import type { Actor } from '../modules/activity/service.js';
import type { DocumentType } from '@freight/contract';
import { uploadDocument } from '../modules/bookings/documents.js';
import type { SeedDeps } from './members.js';
import { isoDay } from './random.js';

/** PDF text strings: printable ASCII, with the three characters the syntax reserves escaped. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page PDF (Helvetica, A4) with a title and lines of text: what the demo bookings carry as
 * booking confirmations, packing lists and B/Ls. Small and made by hand, so no PDF library is needed.
 */
function simplePdf(title: string, lines: string[]): Buffer {
  const body = [
    'BT /F1 18 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -30 Td 15 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const ISO_DAY = /\b(\d{4}-\d{2}-\d{2})\b/g;

/**
 * The PDF with every calendar day in its text moved by `days` (a template's documents, brought to
 * the day their database is made: see template.ts). Made for simplePdf's PDFs: their text is not
 * compressed, and a day keeps its length, so the cross-reference offsets stay right.
 */
export function movePdfDays(pdf: Buffer, days: number): Buffer {
  if (days === 0) return pdf;
  const text = pdf.toString('latin1').replace(ISO_DAY, (day) => isoDay(days, Date.parse(`${day}T00:00:00Z`)));
  return Buffer.from(text, 'latin1');
}

const TITLES: Record<DocumentType, string> = {
  booking_confirmation: 'BOOKING CONFIRMATION',
  draft_bl: 'DRAFT BILL OF LADING',
  bl: 'BILL OF LADING',
  shipping_instructions: 'SHIPPING INSTRUCTIONS',
  packing_list: 'PACKING LIST',
  commercial_invoice: 'COMMERCIAL INVOICE',
  vgm: 'VERIFIED GROSS MASS DECLARATION',
  customs_declaration: 'CUSTOMS DECLARATION',
  msds: 'SAFETY DATA SHEET',
  dg_declaration: 'DANGEROUS GOODS DECLARATION',
  other: 'DOCUMENT',
};

/**
 * Uploads a document to a booking as its member or forwarder would (the document upload: kind by
 * content, each side its own document types).
 */
export async function uploadPdf(
  deps: SeedDeps,
  options: {
    uploader: Actor;
    bookingId: number;
    orderNo: string;
    type: DocumentType;
    description: string;
    lines: string[];
  },
): Promise<void> {
  const title = TITLES[options.type];
  await uploadDocument({
    db: deps.db,
    storage: deps.storage,
    viewerCompanyId: options.uploader.companyId,
    actor: options.uploader,
    locale: 'zh-CN',
    form: {
      fields: {
        order_id: String(options.bookingId),
        document_type: options.type,
        description: options.description,
      },
      files: { file: simplePdf(title, [`BOOKING NO. ${options.orderNo}`, '', ...options.lines]) },
      fileNames: { file: `${title.toLowerCase().replace(/ /g, '-')}-${options.orderNo}.pdf` },
    },
  });
}
