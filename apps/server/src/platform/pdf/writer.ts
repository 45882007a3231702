import type PdfKitDocument from 'pdfkit';
import { documentFont } from './font.js';
import { drawQr, type QrCodes } from './qr.js';

/**
 * pdfkit (with fontkit's tables) and qrcode, loaded with the first document rather than at start:
 * ~30 MB of resident memory that a server which prints nothing does not need.
 */
let libraries: Promise<{ PDFDocument: typeof PdfKitDocument; qrCodes: QrCodes }> | undefined;
function pdfLibraries() {
  libraries ??= Promise.all([import('pdfkit'), import('qrcode')]).then(([pdfkit, qrcode]) => ({
    PDFDocument: pdfkit.default,
    qrCodes: qrcode.default,
  }));
  return libraries;
}

/*
 * A4 business documents: a header band (logo, title, order number as text and QR code), sections
 * of labelled fields, tables that continue over pages with their header repeated, and a footer
 * with page numbers. All text is real text in one embedded (subset) font, so it can be selected,
 * searched and read back.
 */

export type PdfTheme = {
  /** the portal's colour (#rrggbb) for bands and rules */
  color: string;
  /** shown beside the logo, or alone when there is no logo */
  brand: string;
  /** PNG or JPEG bytes */
  logo?: Buffer | undefined;
};
export type PdfMeta = { title: string; subtitle: string; code: string; lang: string; footer: string };
export type Column = { label: string; width: number; align?: 'left' | 'right' };

/** Thrown while writing the page after the last one a document may have. */
export class PageLimitError extends Error {
  constructor(readonly maxPages: number) {
    super(`a document may have at most ${maxPages} pages`);
    this.name = 'PageLimitError';
  }
}

const MARGIN = 40;
const FOOT = 28;
const SIZE = { title: 17, section: 11, body: 8.5, small: 7.5 };
const GREY = '#666666';

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly theme: PdfTheme;
  private readonly meta: PdfMeta;
  private readonly done: Promise<Buffer>;
  private readonly qrCodes: QrCodes;

  private constructor(
    { PDFDocument, qrCodes }: Awaited<ReturnType<typeof pdfLibraries>>,
    font: Buffer,
    theme: PdfTheme,
    meta: PdfMeta,
    maxPages: number,
  ) {
    this.theme = theme;
    this.meta = meta;
    this.qrCodes = qrCodes;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOT },
      bufferPages: true,
      lang: meta.lang,
      displayTitle: true,
      info: { Title: `${meta.title} ${meta.code}`, Subject: meta.subtitle, Creator: theme.brand },
    });
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    // pdfkit adds pages on its own while text flows: counting them as they come stops a document
    // that runs away at the first page too many, not after it was laid out in full.
    let pages = 1;
    this.doc.on('pageAdded', () => {
      pages += 1;
      if (pages > maxPages) throw new PageLimitError(maxPages);
    });
    this.doc.registerFont('body', font);
    this.doc.font('body').fontSize(SIZE.body).fillColor('#000000');
  }

  static async open(theme: PdfTheme, meta: PdfMeta, maxPages: number): Promise<PdfWriter> {
    const [modules, font] = await Promise.all([pdfLibraries(), documentFont()]);
    const writer = new PdfWriter(modules, font, theme, meta, maxPages);
    writer.header();
    return writer;
  }

  private get width() {
    return this.doc.page.width - MARGIN * 2;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  private room(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.doc.y = MARGIN;
    return true;
  }

  private header() {
    const { doc, theme, meta } = this;
    const top = MARGIN;
    const qr = 62;
    let x = MARGIN;
    if (theme.logo) {
      try {
        doc.image(theme.logo, x, top, { fit: [110, 40] });
        x += 120;
      } catch {
        // an unreadable logo leaves the brand name alone
      }
    }
    doc
      .fontSize(SIZE.small)
      .fillColor(GREY)
      .text(theme.brand, x, top + 2, { width: 220 });
    doc
      .fontSize(SIZE.title)
      .fillColor(theme.color)
      .text(meta.title, MARGIN, top + 26, {
        width: this.width - qr - 10,
      });
    doc
      .fontSize(SIZE.body)
      .fillColor('#000000')
      .text(meta.subtitle, { width: this.width - qr - 10 });
    drawQr(this.qrCodes, doc, meta.code, MARGIN + this.width - qr, top - 6, qr);
    doc
      .fontSize(SIZE.small)
      .text(meta.code, MARGIN + this.width - qr - 20, top + qr - 6, { width: qr + 20, align: 'center' });
    const below = Math.max(doc.y, top + qr + 8) + 4;
    doc.rect(MARGIN, below, this.width, 2).fill(theme.color);
    doc.fillColor('#000000');
    doc.x = MARGIN;
    doc.y = below + 10;
  }

  /** A section title with a coloured rule under it; kept with at least `keep` points of what follows. */
  section(title: string, keep = 40) {
    const { doc } = this;
    this.room(SIZE.section + 10 + keep);
    doc.fontSize(SIZE.section).fillColor(this.theme.color).text(title, MARGIN, doc.y, { width: this.width });
    const y = doc.y + 1;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor(this.theme.color)
      .stroke();
    doc.fillColor('#000000').fontSize(SIZE.body);
    doc.y = y + 5;
  }

  /** Labelled values in `columns` columns; a row too tall for the page starts the next one. */
  fields(pairs: readonly (readonly [string, string])[], columns = 2) {
    const { doc } = this;
    const gap = 12;
    const cell = (this.width - gap * (columns - 1)) / columns;
    const label = Math.min(90, cell * 0.38);
    const value = cell - label - 4;
    doc.fontSize(SIZE.body);
    for (let i = 0; i < pairs.length; i += columns) {
      const row = pairs.slice(i, i + columns);
      const height = Math.max(
        ...row.map(([name, text]) =>
          Math.max(
            doc.heightOfString(name, { width: label }),
            doc.heightOfString(text || '-', { width: value }),
          ),
        ),
      );
      this.flowing(height, (y) =>
        row.forEach(([name, text], j) => {
          const x = MARGIN + j * (cell + gap);
          doc.fillColor(GREY).text(name, x, y, { width: label });
          doc.fillColor('#000000').text(text || '-', x + label + 4, y, { width: value });
        }),
      );
      doc.y += 3;
    }
    doc.x = MARGIN;
  }

  /**
   * Draws a block of `height` at the current position. A block taller than a page is written as
   * flowing text by `draw` itself (pdfkit continues it on the next page), never clipped.
   */
  private flowing(height: number, draw: (y: number) => void) {
    this.room(Math.min(height, this.bottom - MARGIN));
    const y = this.doc.y;
    draw(y);
    this.doc.y = Math.max(this.doc.y, y + height);
  }

  /** A long text under a small label, flowing over pages as needed. */
  paragraph(label: string, text: string) {
    const { doc } = this;
    this.room(SIZE.body * 3);
    doc.fontSize(SIZE.small).fillColor(GREY).text(label, MARGIN, doc.y, { width: this.width });
    doc
      .fontSize(SIZE.body)
      .fillColor('#000000')
      .text(text || '-', MARGIN, doc.y, { width: this.width });
    doc.y += 4;
  }

  /** A table whose rows continue on further pages, each page repeating the header row. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], footer?: readonly string[]) {
    const { doc } = this;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const pad = 3;
    const heightOf = (cells: readonly string[]) =>
      Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (widths[i] ?? 0) - pad * 2 }))) +
      pad * 2;
    const draw = (cells: readonly string[], fill?: string, color = '#000000') => {
      const height = heightOf(cells);
      const y = doc.y;
      if (fill) doc.rect(MARGIN, y, this.width, height).fill(fill);
      let x = MARGIN;
      cells.forEach((text, i) => {
        const width = widths[i] ?? 0;
        doc
          .fillColor(color)
          .text(text, x + pad, y + pad, { width: width - pad * 2, align: columns[i]?.align });
        x += width;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + this.width, y + height)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
      doc.y = y + height;
    };
    const head = columns.map((c) => c.label);
    doc.fontSize(SIZE.small);
    this.room(heightOf(head) * 3);
    draw(head, this.theme.color, '#ffffff');
    rows.forEach((row, index) => {
      doc.fontSize(SIZE.body);
      if (this.room(heightOf(row))) {
        doc.fontSize(SIZE.small);
        draw(head, this.theme.color, '#ffffff');
        doc.fontSize(SIZE.body);
      }
      draw(row, index % 2 === 1 ? '#f5f5f5' : undefined);
    });
    if (footer) {
      doc.fontSize(SIZE.body);
      this.room(heightOf(footer));
      draw(footer, '#e8e8e8');
    }
    doc.fillColor('#000000');
    doc.x = MARGIN;
    doc.y += 8;
  }

  /** Writes the page footers and answers the file. */
  async finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer stands in the bottom margin: without it, pdfkit would open a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN - 4;
      doc.fontSize(SIZE.small).fillColor(GREY);
      doc.text(`${this.meta.code} · ${this.meta.footer}`, MARGIN, y, {
        width: this.width / 2,
        lineBreak: false,
      });
      doc.text(`${i + 1} / ${range.count}`, MARGIN + this.width / 2, y, {
        width: this.width / 2,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.done;
  }
}
