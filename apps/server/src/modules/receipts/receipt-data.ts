/**
 * Everything a receipt shows, as plain data: the PDF builder is a pure function of this value, so a
 * test can hand it any order, payments and refunds without a database.
 */
import type { PaymentMethod } from '@meatshop/shared/status';
import type { RefundState } from '@meatshop/shared/refunds';

export interface ReceiptShop {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** URA Taxpayer Identification Number; empty when the admin has not set one (the line is left out). */
  tin: string;
}

export interface ReceiptOrder {
  /** The number the customer knows the order by (`customerOrderNumber`). */
  number: string;
  placedAt: Date;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  deliveryAddress: string;
  paymentMethod: PaymentMethod;
  subtotal: number;
  /** 0 when no coupon applied. */
  discount: number;
  couponCode: string | null;
  deliveryFee: number;
  total: number;
}

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPrice: number;
  /** What the line is charged: its final price once weighed, else unit price × quantity. */
  lineTotal?: number;
}

/** Money received for the order: a completed provider payment, or the cash handed over at delivery. */
export interface ReceiptPayment {
  method: PaymentMethod;
  amount: number;
  paidAt: Date;
  /** The provider's or our merchant reference, for support; null for cash. */
  reference: string | null;
}

export interface ReceiptRefund {
  amount: number;
  reason: string;
  state: RefundState;
  createdAt: Date;
}

export interface ReceiptData {
  shop: ReceiptShop;
  order: ReceiptOrder;
  lines: ReceiptLine[];
  payments: ReceiptPayment[];
  refunds: ReceiptRefund[];
  /** When this copy was made (printed in the footer). */
  issuedAt: Date;
}

export interface ReceiptFigures {
  paid: number;
  /** Refunds that reached the customer. */
  refunded: number;
  /** Refunds asked for or sent but not yet confirmed: shown, not subtracted. */
  refundPending: number;
  netPaid: number;
}

/** Paid, refunded and net: only completed refunds lower what the customer has paid; failed ones never show. */
export function receiptFigures(d: Pick<ReceiptData, 'payments' | 'refunds'>): ReceiptFigures {
  const paid = d.payments.reduce((s, p) => s + p.amount, 0);
  const refunded = d.refunds.filter((r) => r.state === 'completed').reduce((s, r) => s + r.amount, 0);
  const refundPending = d.refunds.filter((r) => r.state === 'requested' || r.state === 'sent').reduce((s, r) => s + r.amount, 0);
  return { paid, refunded, refundPending, netPaid: paid - refunded };
}

/** The refunds the receipt lists, oldest first: failed attempts returned nothing, so they are left out. */
export const listedRefunds = (refunds: ReceiptRefund[]) =>
  refunds.filter((r) => r.state !== 'failed').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
