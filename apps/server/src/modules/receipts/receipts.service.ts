/**
 * An order's receipt as a PDF: only for a paid or delivered order, and only for the people who may
 * see the order; anyone else gets the same 404 as for an order that does not exist.
 */
import { formatGrams } from '@meatshop/shared/weighing';
import { lineMarkdown, markdownLineLabel } from '@meatshop/shared/markdowns';
import { lineLabel } from '@meatshop/shared/product-options';
import { SHOP } from '@meatshop/shared/constants';
import { hasReceipt, RECEIPT_NOT_READY } from '@meatshop/shared/receipts';
import { customerOrderNumber, type PaymentMethod } from '@meatshop/shared/status';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../accounts/access.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import type { ReceiptData, ReceiptPayment } from './receipt-data.ts';
import { buildReceiptPdf, receiptFileName } from './receipt-pdf.ts';
import { findCompletedPayments, findReceiptLines, findReceiptOrder, findRefunds, type ReceiptOrderRow } from './receipts.repository.ts';
import { mayReadReceipt } from './receipts.policy.ts';

export const RECEIPT_ORDER_NOT_FOUND = 'Order not found';

export async function getReceipt(db: Db, actor: Actor, orderId: string, now = new Date()) {
  const order = await findReceiptOrder(db, orderId);
  if (!order || !mayReadReceipt(actor, order)) throw notFound(RECEIPT_ORDER_NOT_FOUND);
  if (!hasReceipt(order)) throw conflict(RECEIPT_NOT_READY);
  const data = await loadReceiptData(db, order, now);
  return { fileName: receiptFileName(data.order.number), pdf: await buildReceiptPdf(data) };
}

function weightNote(l: { gramsPerPack: number | null; quantity: number; weighedGrams: number | null }) {
  if (l.gramsPerPack == null) return '';
  const estimated = `estimated ${formatGrams(l.gramsPerPack * l.quantity)}`;
  return l.weighedGrams == null ? ` (${estimated})` : ` (${estimated}, weighed ${formatGrams(l.weighedGrams)})`;
}

async function loadReceiptData(db: Db, order: ReceiptOrderRow, now: Date): Promise<ReceiptData> {
  const [settings, lines, paid, refunds] = [
    await getShopSettings(db),
    // The cut and the note print with the product's name: the receipt says what was prepared.
    // A weighed line also says the weight estimated and the weight weighed, and is charged its final price.
    (await findReceiptLines(db, order.id)).map((l) => ({
      name: lineLabel(l.name, l.options, l.note) + weightNote(l) + markdownNote(l),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.finalPrice ?? l.unitPrice * l.quantity,
    })),
    await findCompletedPayments(db, order.id),
    await findRefunds(db, order.id),
  ];
  const a = order.shippingAddress;
  const method = order.paymentMethod as PaymentMethod;
  const payments: ReceiptPayment[] = paid.map((p) => ({
    method: p.method as PaymentMethod,
    amount: p.amount,
    paidAt: p.paidAt,
    reference: p.merchantReference,
  }));
  // Cash is handed to the rider at the door: the delivery is the payment.
  if (payments.length === 0 && method === 'cash_on_delivery' && order.deliveredAt) {
    payments.push({ method, amount: order.totalAmount, paidAt: order.deliveredAt, reference: null });
  }
  return {
    shop: {
      name: SHOP.name,
      address: SHOP.address,
      phone: displayPhone(settings.supportPhone),
      email: settings.supportEmail,
      tin: settings.tin,
    },
    order: {
      number: customerOrderNumber(order.id),
      placedAt: order.createdAt,
      customerName: a.full_name,
      customerPhone: displayPhone(a.phone),
      customerEmail: a.email,
      deliveryAddress: deliveryAddress(a),
      paymentMethod: method,
      subtotal: order.subtotalAmount,
      discount: order.discountAmount ?? 0,
      couponCode: order.couponCode,
      deliveryFee: order.deliveryFee,
      total: order.totalAmount,
    },
    lines,
    payments,
    refunds,
    issuedAt: now,
  };
}

/** The map's address, led by the street the customer typed when the map's line does not hold it. */
function deliveryAddress(a: ReceiptOrderRow['shippingAddress']) {
  const formatted = a.formatted_address?.trim() || [a.city, a.state, a.country].filter(Boolean).join(', ');
  const street = a.street.trim();
  return !street || formatted.includes(street) ? formatted : `${street}, ${formatted}`;
}

/** `+256772123456` → `+256 772 123456`, as the screens write Ugandan numbers; others as stored. */
function displayPhone(e164: string) {
  const m = /^\+256(\d{3})(\d{6})$/.exec(e164);
  return m ? `+256 ${m[1]} ${m[2]}` : e164;
}

/** A near-date line says so: "(Best before 28 Nov 2026 · 20% off)". */
function markdownNote(l: { markdownUseBy: string | null; markdownPercent: number | null; regularPrice: number | null }) {
  const m = lineMarkdown(l);
  return m ? ` (${markdownLineLabel(m)})` : '';
}
