/**
 * A recall as an A4 landscape PDF for the regulator, a pure function of the recall and its full
 * trace (the same content as the CSV export): what was recalled and why, who opened it and when,
 * whether its sale was stopped; then every order that received it, with the customer, phone,
 * outlet, quantity, delivery date and whether the recall message reached them; then the outlets'
 * batches. Landscape, because seven columns of names and phone numbers do not fit a portrait page.
 */
import type { RecallSummary, RecallTrace } from '@meatshop/shared/recalls';
import { BATCH_STATUS_LABELS } from '@meatshop/shared/batches';
import { shortOrderId } from '@meatshop/shared/status';
import { formatGrams } from '@meatshop/shared/weighing';
import { drawLogoMark } from '../../platform/pdf-brand.ts';
import {
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

export interface RecallPdfData {
  shop: { name: string; phone: string; email: string };
  recall: RecallSummary;
  trace: RecallTrace;
  issuedAt: Date;
}

const PAGE = { width: 841.89, height: 595.28 };
const M = 40;
const RIGHT = PAGE.width - M;
const WIDTH = RIGHT - M;
const CONTENT_BOTTOM = PAGE.height - 52;

/** `2026-11-21` as people read it: 21 Nov 2026. */
const calendarDay = (d: string) => kampalaDate(new Date(`${d}T12:00:00+03:00`));
const quantity = (t: RecallTrace, n: number) => (t.grams ? formatGrams(n) : String(n));

export function recallFileName(id: string) {
  return `recall-${id.slice(0, 8)}.pdf`;
}

/** The batches the recall covers, as its header says them: the lot, or the production dates. */
export function recallScope(r: RecallSummary) {
  if (r.lotNumber) return `Batch ${r.lotNumber}`;
  const from = r.producedFrom ? calendarDay(r.producedFrom) : null;
  const to = r.producedTo ? calendarDay(r.producedTo) : null;
  if (from && to) return from === to ? `Produced on ${from}` : `Produced ${from} to ${to}`;
  return from ? `Produced from ${from}` : `Produced up to ${to}`;
}

/** A message's state per channel, as the regulator reads it: "SMS sent · Email failed". */
export function messageStatus(reached: RecallTrace['orders'][number]['reached']) {
  if (reached.length === 0) return 'Not told yet';
  return [...reached]
    .sort((a, b) => (a.channel === b.channel ? 0 : a.channel === 'sms' ? -1 : 1))
    .map((r) => `${r.channel === 'sms' ? 'SMS' : 'Email'} ${r.status}`)
    .join(' · ');
}

export async function buildRecallPdf(d: RecallPdfData): Promise<Buffer> {
  const { doc, done } = startPdf({
    size: 'A4',
    layout: 'landscape',
    margins: { top: M, bottom: 20, left: M, right: M },
    bufferPages: true,
    info: {
      Title: `Recall of ${d.trace.productName} (${recallScope(d.recall)})`,
      Author: d.shop.name,
      Subject: `${d.shop.name} food safety recall`,
      CreationDate: d.issuedAt,
    },
  });
  let y = header(doc, d);
  y = facts(doc, d, y + 18);
  y = ordersTable(doc, d, y + 22);
  batchesTable(doc, d, y + 22);
  footers(doc, d);
  doc.end();
  return done;
}

function header(doc: Doc, d: RecallPdfData) {
  doc.rect(0, 0, PAGE.width, 6).fill(C.brand);
  drawLogoMark(doc, M, M - 6, 40);
  text(doc, d.shop.name, M + 52, M - 2, { font: F.display, size: 17 });
  text(doc, `Tel ${d.shop.phone}  ·  ${d.shop.email}`, M + 52, M + 19, { size: 8.5, color: C.muted });
  label(doc, 'Food safety recall', M, M - 4, { width: WIDTH, align: 'right', color: C.brand });
  text(doc, d.trace.productName, M + WIDTH / 3, M + 8, { font: F.display, size: 17, width: (WIDTH * 2) / 3, align: 'right' });
  const y = Math.max(doc.y, M + 36) + 8;
  pdfRule(doc, y, M, RIGHT);
  return y;
}

/** The recall's facts (left) and its figures (right). */
function facts(doc: Doc, d: RecallPdfData, top: number) {
  const r = d.recall;
  const lots = [...new Set(d.trace.batches.map((b) => b.lotNumber).filter((l): l is string => !!l))].sort();
  const rows: [string, string][] = [
    ['Product', d.trace.productName],
    ['Recalled', recallScope(r)],
    ['Batches found', lots.length ? lots.join(', ') : 'None at any outlet'],
    ['Reason', r.reason],
    ['Opened', `${kampalaDateTime(new Date(r.createdAt))} by ${r.openedBy ?? 'a former staff member'}`],
    [
      'Sale',
      r.stoppedAt
        ? `Stopped everywhere ${kampalaDateTime(new Date(r.stoppedAt))} (${quantity(d.trace, r.stoppedUnits)} taken off sale)`
        : 'Not stopped',
    ],
    ['Customers told', r.notifiedAt ? `Message queued ${kampalaDateTime(new Date(r.notifiedAt))}` : 'Not yet'],
  ];
  const keyW = 92;
  const valueW = WIDTH * 0.66 - keyW;
  let y = top;
  for (const [k, v] of rows) {
    text(doc, k, M, y + 0.5, { font: F.bold, size: 8.5, color: C.muted });
    text(doc, v, M + keyW, y, { size: 9.5, width: valueW, font: k === 'Sale' && r.stoppedAt ? F.bold : F.regular });
    y = doc.y + 5;
  }

  const x = M + WIDTH * 0.7;
  const w = RIGHT - x;
  const figures: [string, string][] = [
    ['Orders', String(d.trace.orderCount)],
    ['Customers', String(d.trace.customers)],
    [d.trace.grams ? 'Weight sold' : 'Units sold', quantity(d.trace, d.trace.units)],
  ];
  doc.roundedRect(x, top - 4, w, 22 + figures.length * 22, 8).fill(C.cream);
  label(doc, 'Received by customers', x + 14, top + 6);
  figures.forEach(([k, v], i) => {
    const fy = top + 24 + i * 22;
    text(doc, k, x + 14, fy, { size: 10, color: C.soft });
    text(doc, v, x + 14, fy - 1, { size: 12, font: F.bold, width: w - 28, align: 'right' });
  });
  return Math.max(y, top + 22 + figures.length * 22);
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

/** A figure aligned right keeps a gutter from the column after it. */
const cellWidth = (c: Column) => c.width - (c.align === 'right' ? 16 : 8);

/** Draws a table with a repeated header on each page; each row's height is its tallest cell. */
function table(doc: Doc, title: string, top: number, columns: Column[], rows: string[][], empty: string) {
  let y = top;
  if (y + 70 > CONTENT_BOTTOM) {
    doc.addPage();
    y = M;
  }
  text(doc, title, M, y, { font: F.display, size: 13 });
  y += 20;
  const head = (at: number) => {
    doc.roundedRect(M, at, WIDTH, 20, 5).fill(C.creamDeep);
    let x = M + 8;
    for (const c of columns) {
      label(doc, c.title, x, at + 7, { width: cellWidth(c), align: c.align ?? 'left', lineBreak: false });
      x += c.width;
    }
    return at + 20;
  };
  y = head(y);
  if (rows.length === 0) {
    text(doc, empty, M + 8, y + 8, { size: 9.5, color: C.muted });
    return y + 26;
  }
  for (const row of rows) {
    doc.font(F.regular).fontSize(8.5);
    const h = Math.max(...row.map((cell, i) => doc.heightOfString(cell || ' ', { width: cellWidth(columns[i]!) }))) + 10;
    if (y + h > CONTENT_BOTTOM) {
      doc.addPage();
      y = head(M);
    }
    let x = M + 8;
    row.forEach((cell, i) => {
      const c = columns[i]!;
      text(doc, cell, x, y + 5, { size: 8.5, width: cellWidth(c), align: c.align ?? 'left', font: i === 0 ? F.bold : F.regular });
      x += c.width;
    });
    y += h;
    pdfRule(doc, y, M + 8, RIGHT - 8);
  }
  return y;
}

function ordersTable(doc: Doc, d: RecallPdfData, top: number) {
  const w = WIDTH - 8;
  const columns: Column[] = [
    { title: 'Order', width: w * 0.09 },
    { title: 'Customer', width: w * 0.17 },
    { title: 'Phone', width: w * 0.13 },
    { title: 'Outlet', width: w * 0.15 },
    { title: 'Batches', width: w * 0.1 },
    { title: 'Quantity', width: w * 0.08, align: 'right' },
    { title: 'Delivered', width: w * 0.12 },
    { title: 'Message', width: w * 0.16 },
  ];
  const rows = d.trace.orders.map((o) => [
    `#${shortOrderId(o.orderId)}`,
    o.customerName,
    o.phone ?? '—',
    o.outletName ?? '—',
    o.lots.join(', '),
    quantity(d.trace, o.quantity),
    o.deliveredAt ? kampalaDateTime(new Date(o.deliveredAt)) : `Not delivered (${o.status.replace(/_/g, ' ')})`,
    messageStatus(o.reached),
  ]);
  return table(doc, 'Orders that received it', top, columns, rows, 'No order received these batches.');
}

function batchesTable(doc: Doc, d: RecallPdfData, top: number) {
  const w = WIDTH - 8;
  const columns: Column[] = [
    { title: 'Outlet', width: w * 0.22 },
    { title: 'Batch', width: w * 0.16 },
    { title: 'Produced', width: w * 0.13 },
    { title: 'Use by', width: w * 0.13 },
    { title: 'State', width: w * 0.14 },
    { title: 'Received', width: w * 0.11, align: 'right' },
    { title: 'Held now', width: w * 0.11, align: 'right' },
  ];
  const rows = d.trace.batches.map((b) => [
    b.outletName,
    b.lotNumber ?? 'Unknown batch',
    b.productionDate ? calendarDay(b.productionDate) : '—',
    b.useBy ? calendarDay(b.useBy) : '—',
    BATCH_STATUS_LABELS[b.status],
    quantity(d.trace, b.received),
    quantity(d.trace, b.quantity),
  ]);
  return table(doc, 'Batches at the outlets', top, columns, rows, 'No outlet holds these batches.');
}

function footers(doc: Doc, d: RecallPdfData) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - 40;
    pdfRule(doc, y, M, RIGHT);
    const page = range.count > 1 ? `  ·  Page ${i - range.start + 1} of ${range.count}` : '';
    text(
      doc,
      `Recall ${d.recall.id.slice(0, 8)}  ·  ${d.trace.productName}, ${recallScope(d.recall)}  ·  Made ${kampalaDateTime(d.issuedAt)} (Kampala time)${page}`,
      M,
      y + 10,
      { size: 7.5, width: WIDTH, align: 'center', color: C.muted },
    );
  }
}
