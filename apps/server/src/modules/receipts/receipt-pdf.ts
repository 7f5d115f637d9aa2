/**
 * The receipt as an A4 PDF (see docs/decisions/171-receipt-pdf-a4.md), a pure function of
 * `ReceiptData`, drawn with the shop's PDF helpers (platform/pdf-document.ts).
 */
import { formatUGX } from '@meatshop/shared/money';
import { PAYMENT_METHOD_LABEL } from '@meatshop/shared/status';
import { drawLogoMark } from '../../platform/pdf-brand.ts';
import {
  A4,
  A4_CONTENT_BOTTOM,
  type Doc,
  PDF_COLORS as C,
  PDF_FONTS as F,
  kampalaDate,
  kampalaDateTime,
  pdfLabel as label,
  pdfRule,
  pdfText as text,
  startPdf,
} from '../../platform/pdf-document.ts';
import { listedRefunds, type ReceiptData, type ReceiptFigures, receiptFigures } from './receipt-data.ts';

const PAGE = A4;
const M = A4.margin;
const RIGHT = PAGE.width - M;
const WIDTH = RIGHT - M;
/** Content stops here; below is the footer drawn on every page. */
const CONTENT_BOTTOM = A4_CONTENT_BOTTOM;

/** A minus that Helvetica's WinAnsi encoding has (U+2212 is not in it). */
const minus = (n: number) => `\u2013${formatUGX(n)}`;

export function receiptFileName(orderNumber: string) {
  return `receipt-${orderNumber}.pdf`;
}

export async function buildReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const { doc, done } = startPdf({
    size: 'A4',
    margins: { top: M, bottom: 24, left: M, right: M },
    bufferPages: true,
    info: {
      Title: `Receipt for order #${data.order.number}`,
      Author: data.shop.name,
      Subject: `${data.shop.name} receipt`,
      CreationDate: data.issuedAt,
    },
  });
  const figures = receiptFigures(data);
  let y = header(doc, data, figures);
  y = parties(doc, data, y + 26);
  y = lines(doc, data, y + 28);
  totals(doc, data, figures, y + 18);
  footers(doc, data);
  doc.end();
  return done;
}

function rule(doc: Doc, y: number, x1 = M, x2 = RIGHT, color = C.line, width = 0.75) {
  pdfRule(doc, y, x1, x2, color, width);
}

function statusOf(f: ReceiptFigures) {
  if (f.refunded > 0 && f.netPaid <= 0) return 'Refunded';
  if (f.refunded > 0) return 'Partially refunded';
  return 'Paid';
}

/** Brand bar, logo, shop details (name, address, phone, TIN) and the receipt's number. */
function header(doc: Doc, d: ReceiptData, f: ReceiptFigures) {
  doc.rect(0, 0, PAGE.width, 6).fill(C.brand);
  drawLogoMark(doc, M, M, 46);
  const x = M + 60;
  text(doc, d.shop.name, x, M + 2, { font: F.display, size: 19 });
  const contact = [d.shop.address, `Tel ${d.shop.phone}  ·  ${d.shop.email}`];
  if (d.shop.tin) contact.push(`TIN ${d.shop.tin}`);
  for (const [i, line] of contact.entries()) text(doc, line, x, M + 26 + i * 12, { size: 8.5, color: C.muted });

  label(doc, 'Receipt', M, M + 2, { width: WIDTH, align: 'right', color: C.brand });
  text(doc, `#${d.order.number}`, M, M + 14, { font: F.display, size: 19, width: WIDTH, align: 'right' });
  text(doc, statusOf(f), M, M + 38, { font: F.bold, size: 9, width: WIDTH, align: 'right', color: f.refunded > 0 ? C.muted : C.success });
  const bottom = M + 26 + contact.length * 12;
  rule(doc, bottom + 14);
  return bottom + 14;
}

/** Who it was for and where it went (left), the order's dates and payment (right). */
function parties(doc: Doc, d: ReceiptData, y: number) {
  const colW = WIDTH / 2 - 16;
  label(doc, 'Billed to', M, y);
  text(doc, d.order.customerName, M, y + 14, { font: F.bold, size: 10.5, width: colW });
  let left = doc.y + 2;
  for (const line of [d.order.customerPhone, d.order.customerEmail].filter(Boolean)) {
    text(doc, line, M, left, { size: 9, color: C.soft, width: colW });
    left = doc.y + 1;
  }
  label(doc, 'Delivered to', M, left + 10);
  text(doc, d.order.deliveryAddress, M, left + 24, { size: 9, color: C.soft, width: colW, lineGap: 1.5 });
  left = doc.y;

  const x = M + WIDTH / 2 + 16;
  const w = RIGHT - x;
  const paidAt = d.payments[0]?.paidAt;
  const rows: [string, string][] = [
    ['Order number', `#${d.order.number}`],
    ['Order date', kampalaDateTime(d.order.placedAt)],
    ['Payment method', PAYMENT_METHOD_LABEL[d.order.paymentMethod]],
    ['Paid on', paidAt ? kampalaDateTime(paidAt) : '—'],
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

/** Product, quantity, unit price and line total; a long order continues on a new page under a repeated header. */
function lines(doc: Doc, d: ReceiptData, top: number) {
  let y = tableHead(doc, top);
  for (const l of d.lines) {
    doc.font(F.regular).fontSize(10);
    const h = Math.max(doc.heightOfString(l.name, { width: ITEM_W }), 12) + 16;
    if (y + h > CONTENT_BOTTOM) {
      doc.addPage();
      y = tableHead(doc, M);
    }
    text(doc, l.name, M + 12, y + 8, { width: ITEM_W });
    text(doc, String(l.quantity), COL.qty - 60, y + 8, { width: 60, align: 'right' });
    text(doc, formatUGX(l.unitPrice), COL.unit - 90, y + 8, { width: 90, align: 'right', color: C.soft });
    text(doc, formatUGX(l.lineTotal ?? l.unitPrice * l.quantity), COL.amount - 102, y + 8, { width: 90, align: 'right', font: F.bold });
    y += h;
    rule(doc, y, M + 12, RIGHT - 12);
  }
  return y;
}

interface TotalRow {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
  color?: string;
  ruleAbove?: boolean;
}

/** Subtotal to total, then what was paid, each refund, and what the customer has paid net. */
function totals(doc: Doc, d: ReceiptData, f: ReceiptFigures, top: number) {
  const o = d.order;
  const rows: TotalRow[] = [{ label: 'Subtotal', value: formatUGX(o.subtotal) }];
  if (o.discount > 0)
    rows.push({ label: `Discount${o.couponCode ? ` (${o.couponCode})` : ''}`, value: minus(o.discount), color: C.success });
  rows.push({ label: 'Delivery fee', value: formatUGX(o.deliveryFee) });
  rows.push({ label: 'Total', value: formatUGX(o.total), strong: true, ruleAbove: true });
  for (const p of d.payments)
    rows.push({
      label: `Paid · ${PAYMENT_METHOD_LABEL[p.method]}`,
      note: kampalaDateTime(p.paidAt),
      value: formatUGX(p.amount),
      ruleAbove: p === d.payments[0],
    });
  for (const r of listedRefunds(d.refunds)) {
    const done = r.state === 'completed';
    rows.push({
      label: done ? `Refunded · ${kampalaDate(r.createdAt)}` : `Refund in progress · ${kampalaDate(r.createdAt)}`,
      note: r.reason,
      value: minus(r.amount),
      color: done ? C.brand : C.muted,
    });
  }
  if (f.refunded > 0 || f.refundPending > 0) rows.push({ label: 'Net paid', value: formatUGX(f.netPaid), strong: true, ruleAbove: true });

  const x = M + WIDTH * 0.45;
  const labelW = WIDTH * 0.33;
  const needed = rows.reduce((s, r) => s + (r.note ? 30 : 20) + (r.ruleAbove ? 8 : 0), 0) + 70;
  let y = top;
  if (y + needed > CONTENT_BOTTOM) {
    doc.addPage();
    y = M;
  }
  paymentNote(doc, d, y, x - M - 24);
  for (const r of rows) {
    if (r.ruleAbove) {
      rule(doc, y + 2, x, RIGHT, r.strong ? C.ink : C.line, r.strong ? 1 : 0.75);
      y += 10;
    }
    const size = r.strong ? 12 : 9.5;
    const font = r.strong ? F.bold : F.regular;
    text(doc, r.label, x, y, { font, size, color: r.strong ? C.ink : C.soft, width: labelW });
    let bottom = doc.y;
    text(doc, r.value, x, y, { font, size, width: RIGHT - x, align: 'right', color: r.color ?? C.ink });
    if (r.note) {
      text(doc, r.note, x, bottom + 1, { size: 8, color: C.muted, width: labelW });
      bottom = doc.y;
    }
    y = bottom + 7;
  }
}

/** Left of the totals: how the customer paid, with the reference support will ask for. */
function paymentNote(doc: Doc, d: ReceiptData, y: number, w: number) {
  const refs = d.payments.map((p) => p.reference).filter((r): r is string => !!r);
  const lines = [PAYMENT_METHOD_LABEL[d.order.paymentMethod]];
  if (refs.length) lines.push(`Ref. ${refs.join(', ')}`);
  const h = 34 + lines.length * 13;
  doc.roundedRect(M, y, w, h, 8).fill(C.cream);
  label(doc, 'Payment', M + 14, y + 12);
  for (const [i, line] of lines.entries()) {
    const first = i === 0;
    text(doc, line, M + 14, y + 26 + i * 13, {
      size: first ? 10 : 8.5,
      font: first ? F.bold : F.regular,
      color: first ? C.ink : C.muted,
      width: w - 28,
    });
  }
}

/** Thanks, how to reach the shop, when this copy was made and the page count, on every page. */
function footers(doc: Doc, d: ReceiptData) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - 90;
    rule(doc, y);
    text(doc, `Thank you for choosing ${d.shop.name}.`, M, y + 12, {
      font: F.italic,
      size: 11,
      width: WIDTH,
      align: 'center',
      color: C.brand,
    });
    text(
      doc,
      `Questions about this receipt? Call ${d.shop.phone} or write to ${d.shop.email}. Amounts in Uganda shillings; times in Kampala time (EAT).`,
      M,
      y + 30,
      { size: 7.5, width: WIDTH, align: 'center', color: C.muted },
    );
    const page = range.count > 1 ? `  ·  Page ${i - range.start + 1} of ${range.count}` : '';
    text(doc, `Receipt #${d.order.number}  ·  Issued ${kampalaDateTime(d.issuedAt)}${page}`, M, y + 52, {
      size: 7.5,
      width: WIDTH,
      align: 'center',
      color: C.muted,
    });
  }
}
