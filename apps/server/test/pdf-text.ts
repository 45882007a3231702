import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, a page a string (items joined without spaces, as CJK runs are). */
export async function pdfText(file: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

/** Text without its white space, to compare what a PDF lays out in runs. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');
