/**
 * A trade invoice as an A4 PDF, in the receipt's hand (its colours, fonts and text helpers): the
 * shop and the business with their TINs, the lines, the total, the VAT it contains at the rate of
 * the day of issue, and the due date. A pure function of the invoice row as written.
 */
import { formatUGX } from '@meatshop/shared/money';
import PDFDocument from 'pdfkit';
import { drawLogoMark } from '../../platform/pdf-brand.ts';
import {
  A4,
  A4_CONTENT_BOTTOM as CONTENT_BOTTOM,
  PDF_COLORS as C,
  type Doc,
  PDF_FONTS as F,
  kampalaDate,
  pdfLabel as label,
  pdfRule,
  pdfText as text,
} from '../../platform/pdf-document.ts';

const PAGE = A4;
const M = A4.margin;
const RIGHT = PAGE.width - M;
const WIDTH = RIGHT - M;
const rule = (doc: Doc, y: number, x1: number = M, x2: number = RIGHT, color = C.line, width = 0.75) =>
  pdfRule(doc, y, x1, x2, color, width);
import type { InvoiceRow } from './invoices.repository.ts';

export interface InvoicePdfData {
  shop: { name: string; address: string; phone: string; email: string; tin: string };
  invoice: InvoiceRow;
  orderNumber: string;
}

export async function buildInvoicePdf(d: InvoicePdfData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: M, bottom: 24, left: M, right: M },
    bufferPages: true,
    info: {
      Title: `Invoice ${d.invoice.number}`,
      Author: d.shop.name,
      Subject: `${d.shop.name} tax invoice`,
      CreationDate: d.invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = pdfHeader(doc, d.shop, 'Tax invoice', d.invoice.number);
  y = parties(doc, d, y + 24);
  y = lines(doc, d, y + 24);
  totals(doc, d, y + 18);
  footer(doc, d);
  doc.end();
  return done;
}

/** The shop's block on the left, the document's kind and number on the right: shared by invoices and credit notes. */
export function pdfHeader(doc: Doc, shop: InvoicePdfData['shop'], kind: string, number: string) {
  const d = { shop };
  doc.rect(0, 0, PAGE.width, 6).fill(C.brand);
  drawLogoMark(doc, M, M, 46);
  const x = M + 60;
  text(doc, d.shop.name, x, M + 2, { font: F.display, size: 19 });
  const contact = [d.shop.address, `Tel ${d.shop.phone}  ·  ${d.shop.email}`];
  if (d.shop.tin) contact.push(`TIN ${d.shop.tin}`);
  for (const [i, line] of contact.entries()) text(doc, line, x, M + 26 + i * 12, { size: 8.5, color: C.muted });
  label(doc, kind, M, M + 2, { width: WIDTH, align: 'right', color: C.brand });
  text(doc, number, M, M + 14, { font: F.display, size: 17, width: WIDTH, align: 'right' });
  const bottom = M + 26 + contact.length * 12;
  rule(doc, bottom + 14);
  return bottom + 14;
}

function parties(doc: Doc, d: InvoicePdfData, y: number) {
  const i = d.invoice;
  const colW = WIDTH / 2 - 16;
  label(doc, 'Billed to', M, y);
  text(doc, i.businessName, M, y + 14, { font: F.bold, size: 10.5, width: colW });
  text(doc, `TIN ${i.tin}`, M, doc.y + 2, { size: 9, color: C.soft, width: colW });
  text(doc, i.address, M, doc.y + 1, { size: 9, color: C.soft, width: colW, lineGap: 1.5 });
  const left = doc.y;
  const x = M + WIDTH / 2 + 16;
  const w = RIGHT - x;
  const rows: [string, string][] = [
    ['Invoice number', i.number],
    ['Order number', `#${d.orderNumber}`],
    ['Issue date', kampalaDate(i.issuedAt)],
    ['Terms', `Net ${i.termsDays} days`],
    ['Due date', kampalaDate(i.dueAt)],
  ];
  label(doc, 'Details', x, y);
  let right = y + 14;
  for (const [k, v] of rows) {
    text(doc, k, x, right, { size: 9, color: C.muted });
    text(doc, v, x, right, { size: 9, width: w, align: 'right', font: k === 'Due date' ? F.bold : F.regular });
    right += 15;
  }
  return Math.max(left, right);
}

const COL = { qty: M + WIDTH * 0.62, unit: M + WIDTH * 0.8, amount: RIGHT };
const ITEM_W = WIDTH * 0.55;

function tableHead(doc: Doc, y: number) {
  doc.roundedRect(M, y, WIDTH, 24, 6).fill(C.creamDeep);
  label(doc, 'Item', M + 12, y + 9);
  label(doc, 'Qty', COL.qty - 60, y + 9, { width: 60, align: 'right' });
  label(doc, 'Unit price', COL.unit - 90, y + 9, { width: 90, align: 'right' });
  label(doc, 'Amount', COL.amount - 102, y + 9, { width: 90, align: 'right' });
  return y + 24;
}

function lines(doc: Doc, d: InvoicePdfData, top: number) {
  let y = tableHead(doc, top);
  for (const l of d.invoice.lines) {
    doc.font(F.regular).fontSize(10);
    const h = Math.max(doc.heightOfString(l.name, { width: ITEM_W }), 12) + 16;
    if (y + h > CONTENT_BOTTOM) {
      doc.addPage();
      y = tableHead(doc, M);
    }
    text(doc, l.name, M + 12, y + 8, { width: ITEM_W });
    text(doc, String(l.quantity), COL.qty - 60, y + 8, { width: 60, align: 'right' });
    text(doc, formatUGX(l.unitPrice), COL.unit - 90, y + 8, { width: 90, align: 'right', color: C.soft });
    text(doc, formatUGX(l.amount), COL.amount - 102, y + 8, { width: 90, align: 'right', font: F.bold });
    y += h;
    rule(doc, y, M + 12, RIGHT - 12);
  }
  return y;
}

/** Subtotal, discount, delivery, the total due, and the VAT the total contains. */
function totals(doc: Doc, d: InvoicePdfData, top: number) {
  const i = d.invoice;
  const rate = Number(i.vatRatePercent);
  const rows: { label: string; value: string; strong?: boolean }[] = [{ label: 'Subtotal', value: formatUGX(i.subtotal) }];
  if (i.discount > 0) rows.push({ label: 'Discount', value: `\u2013${formatUGX(i.discount)}` });
  rows.push({ label: 'Delivery fee', value: formatUGX(i.deliveryFee) });
  rows.push({ label: 'Total due', value: formatUGX(i.total), strong: true });
  rows.push({ label: `VAT included (${rate}%)`, value: formatUGX(i.vatAmount) });
  rows.push({ label: 'Total excluding VAT', value: formatUGX(i.total - i.vatAmount) });
  let y = top;
  if (y + rows.length * 22 + 40 > CONTENT_BOTTOM) {
    doc.addPage();
    y = M;
  }
  const x = M + WIDTH * 0.45;
  const w = WIDTH * 0.33;
  doc.roundedRect(M, y, x - M - 24, 60, 8).fill(C.cream);
  label(doc, 'Please pay by', M + 14, y + 12);
  text(doc, kampalaDate(i.dueAt), M + 14, y + 28, { font: F.bold, size: 12, width: x - M - 52 });
  for (const r of rows) {
    if (r.strong) {
      rule(doc, y + 2, x, RIGHT, C.ink, 1);
      y += 10;
    }
    const font = r.strong ? F.bold : F.regular;
    const size = r.strong ? 12 : 9.5;
    text(doc, r.label, x, y, { font, size, color: r.strong ? C.ink : C.soft, width: w });
    const bottom = doc.y;
    text(doc, r.value, x, y, { font, size, width: RIGHT - x, align: 'right' });
    y = bottom + 7;
    if (r.strong) y += 4;
  }
}

function footer(doc: Doc, d: InvoicePdfData) {
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const y = PAGE.height - 90;
    rule(doc, y);
    text(
      doc,
      `Prices include VAT. Quote ${d.invoice.number} with your payment. Questions? Call ${d.shop.phone} or write to ${d.shop.email}. Amounts in Uganda shillings.`,
      M,
      y + 14,
      { size: 7.5, width: WIDTH, align: 'center', color: C.muted },
    );
    const page = range.count > 1 ? `  ·  Page ${p - range.start + 1} of ${range.count}` : '';
    text(doc, `Invoice ${d.invoice.number}  ·  Issued ${kampalaDate(d.invoice.issuedAt)}${page}`, M, y + 40, {
      size: 7.5,
      width: WIDTH,
      align: 'center',
      color: C.muted,
    });
  }
}
