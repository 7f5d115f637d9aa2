/**
 * What the shop's PDF documents (the receipt, the recall report) share: pdfkit with its built-in
 * Helvetica and Times (no font file or download; they cover the Latin-1 letters of names and
 * addresses here), the brand's colours, text and label helpers, Kampala dates, and the document
 * gathered into one buffer.
 */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';
import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

export const PDF_COLORS = {
  ink: '#1F1B18',
  soft: '#4A423C',
  muted: '#635950',
  line: '#E7DED3',
  cream: '#FBF8F4',
  creamDeep: '#F4EEE6',
  brand: '#8B1E1E',
  success: '#1F6F43',
};
export const PDF_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', display: 'Times-Bold', italic: 'Times-Italic' };

/** A4 portrait with the receipt's margins; the receipt and the trade invoice share this page. */
export const A4 = { width: 595.28, height: 841.89, margin: 48 };
/** Content of an A4 document stops here; below is the footer drawn on every page. */
export const A4_CONTENT_BOTTOM = A4.height - 104;

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: SHOP_TIME_ZONE });
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: SHOP_TIME_ZONE });
/** `21 Nov 2026, 14:30` in Kampala time, as every screen writes it. */
export const kampalaDateTime = (d: Date) => `${day.format(d)}, ${clock.format(d)}`;
export const kampalaDate = (d: Date) => day.format(d);

/** A new document and the promise of its bytes once `doc.end()` is called. */
export function startPdf(options: PDFKit.PDFDocumentOptions): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export function pdfText(
  doc: Doc,
  s: string,
  x: number,
  y: number,
  o: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {},
) {
  const { font = PDF_FONTS.regular, size = 10, color = PDF_COLORS.ink, ...rest } = o;
  doc
    .font(font)
    .fontSize(size)
    .fillColor(color)
    .text(s, x, y, { lineBreak: rest.width !== undefined, ...rest });
}

/** A small capitalised heading over a block or a column. */
export function pdfLabel(doc: Doc, s: string, x: number, y: number, o: PDFKit.Mixins.TextOptions & { color?: string } = {}) {
  pdfText(doc, s.toUpperCase(), x, y, { font: PDF_FONTS.bold, size: 7.5, color: PDF_COLORS.muted, characterSpacing: 1.2, ...o });
}

export function pdfRule(doc: Doc, y: number, x1: number, x2: number, color = PDF_COLORS.line, width = 0.75) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}
