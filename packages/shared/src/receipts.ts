/**
 * Which orders have a receipt, and where it is downloaded. The server enforces the rule; the web uses
 * the same one to decide whether to show the receipt button, and only links to the server's PDF.
 */

/** Payment states that mean money was taken (a refunded order still has the receipt that shows it). */
const MONEY_TAKEN = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * A receipt exists once the order is paid (online) or delivered (cash handed over at the door). An
 * order on a trade account's terms has none: nothing was paid for it; its invoice is its document.
 */
export function hasReceipt(order: { status: string; paymentStatus: string }): boolean {
  if (order.paymentStatus === 'on_account') return false;
  return order.status === 'delivered' || MONEY_TAKEN.has(order.paymentStatus);
}

export const RECEIPT_NOT_READY = 'A receipt is available once the order is paid or delivered.';

/** The PDF for the order's customer, its outlet's staff and admins; `print` opens it in the browser. */
export function receiptUrl(orderId: string, mode: 'download' | 'print' = 'download'): string {
  return `/api/receipts/${orderId}${mode === 'print' ? '?print=1' : ''}`;
}
