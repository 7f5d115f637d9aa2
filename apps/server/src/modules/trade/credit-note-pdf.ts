/**
 * A credit note as an A4 PDF in the invoice's hand: the shop, "Credit note" and its number, the
 * business credited with its TIN, the invoice it is against, the reason and the amount with the VAT
 * it contains at the invoice's rate. A pure function of the rows as written.
 */
import { formatUGX } from '@meatshop/shared/money';
import {
  A4,
  PDF_COLORS as C,
  type Doc,
  PDF_FONTS as F,
  kampalaDate,
  pdfLabel as label,
  pdfRule,
  pdfText as text,
  startPdf,
} from '../../platform/pdf-document.ts';
import { type InvoicePdfData, pdfHeader } from './invoice-pdf.ts';
import type { CreditNoteRow, InvoiceRow } from './invoices.repository.ts';

const M = A4.margin;
const RIGHT = A4.width - M;
const WIDTH = RIGHT - M;
const rule = (doc: Doc, y: number, x1: number = M, x2: number = RIGHT, color = C.line, width = 0.75) =>
  pdfRule(doc, y, x1, x2, color, width);

export interface CreditNotePdfData {
  shop: InvoicePdfData['shop'];
  note: CreditNoteRow;
  invoice: InvoiceRow;
}

export async function buildCreditNotePdf(d: CreditNotePdfData): Promise<Buffer> {
  const { doc, done } = startPdf({
    size: 'A4',
    margins: { top: M, bottom: 24, left: M, right: M },
    info: {
      Title: `Credit note ${d.note.number}`,
      Author: d.shop.name,
      Subject: `${d.shop.name} credit note`,
      CreationDate: d.note.issuedAt,
    },
  });
  let y = pdfHeader(doc, d.shop, 'Credit note', d.note.number);
  y = parties(doc, d, y + 24);
  y = body(doc, d, y + 24);
  totals(doc, d, y + 18);
  footer(doc, d);
  doc.end();
  return done;
}

function parties(doc: Doc, d: CreditNotePdfData, y: number) {
  const i = d.invoice;
  const colW = WIDTH / 2 - 16;
  label(doc, 'Credited to', M, y);
  text(doc, i.businessName, M, y + 14, { font: F.bold, size: 10.5, width: colW });
  text(doc, `TIN ${i.tin}`, M, doc.y + 2, { size: 9, color: C.soft, width: colW });
  text(doc, i.address, M, doc.y + 1, { size: 9, color: C.soft, width: colW, lineGap: 1.5 });
  const left = doc.y;
  const x = M + WIDTH / 2 + 16;
  const w = RIGHT - x;
  const rows: [string, string][] = [
    ['Credit note', d.note.number],
    ['Against invoice', i.number],
    ['Invoice date', kampalaDate(i.issuedAt)],
    ['Issue date', kampalaDate(d.note.issuedAt)],
  ];
  label(doc, 'Details', x, y);
  let right = y + 14;
  for (const [k, v] of rows) {
    text(doc, k, x, right, { size: 9, color: C.muted });
    text(doc, v, x, right, { size: 9, width: w, align: 'right' });
    right += 15;
  }
  return Math.max(left, right);
}

function body(doc: Doc, d: CreditNotePdfData, top: number) {
  doc.roundedRect(M, top, WIDTH, 24, 6).fill(C.creamDeep);
  label(doc, 'Reason', M + 12, top + 9);
  label(doc, 'Amount', RIGHT - 102, top + 9, { width: 90, align: 'right' });
  const y = top + 24;
  doc.font(F.regular).fontSize(10);
  const h = Math.max(doc.heightOfString(d.note.reason, { width: WIDTH * 0.65 }), 12) + 16;
  text(doc, d.note.reason, M + 12, y + 8, { width: WIDTH * 0.65 });
  text(doc, formatUGX(d.note.amount), RIGHT - 102, y + 8, { width: 90, align: 'right', font: F.bold });
  rule(doc, y + h, M + 12, RIGHT - 12);
  return y + h;
}

function totals(doc: Doc, d: CreditNotePdfData, top: number) {
  const rate = Number(d.invoice.vatRatePercent);
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Total credited', value: formatUGX(d.note.amount), strong: true },
    { label: `VAT included (${rate}%)`, value: formatUGX(d.note.vatAmount) },
    { label: 'Total excluding VAT', value: formatUGX(d.note.amount - d.note.vatAmount) },
  ];
  const x = M + WIDTH * 0.45;
  const w = WIDTH * 0.33;
  doc.roundedRect(M, top, x - M - 24, 60, 8).fill(C.cream);
  label(doc, 'Deducted from', M + 14, top + 12);
  text(doc, `Invoice ${d.invoice.number}`, M + 14, top + 28, { font: F.bold, size: 12, width: x - M - 52 });
  let y = top;
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

function footer(doc: Doc, d: CreditNotePdfData) {
  const y = A4.height - 90;
  rule(doc, y);
  text(
    doc,
    `This credit note lowers what invoice ${d.invoice.number} owes by ${formatUGX(d.note.amount)}. Questions? Call ${d.shop.phone} or write to ${d.shop.email}. Amounts in Uganda shillings.`,
    M,
    y + 14,
    { size: 7.5, width: WIDTH, align: 'center', color: C.muted },
  );
}
