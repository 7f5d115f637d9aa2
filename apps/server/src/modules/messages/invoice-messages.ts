/**
 * A payment reminder for a trade account's unpaid invoices, by email to the owner and by SMS to the
 * business's contact phone. Through the outbox like every message, so a reminder that rolls back
 * tells nobody.
 */
import { SHOP } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import type { Tx } from '../../db/client.ts';
import { customerMessages } from '../../db/schema/delivery-ops.ts';

export interface InvoiceReminder {
  name: string;
  email: string;
  phone: string;
  businessName: string;
  invoices: { number: string; owed: number; due: string; overdue: boolean }[];
  link: string;
}

export async function queueInvoiceReminder(tx: Tx, r: InvoiceReminder) {
  const total = r.invoices.reduce((s, i) => s + i.owed, 0);
  const lines = r.invoices.map((i) => `- ${i.number}: ${formatUGX(i.owed)} ${i.overdue ? 'overdue since' : 'due'} ${i.due}`).join('\n');
  const overdue = r.invoices.some((i) => i.overdue);
  const subject = `${overdue ? 'Overdue invoices' : 'Invoices due'} for ${r.businessName}: ${formatUGX(total)}`;
  const body = `Hello ${r.name},\n\nA reminder from ${SHOP.name}: ${r.businessName} has ${formatUGX(total)} to pay on account.\n\n${lines}\n\nPlease pay by bank transfer or mobile money quoting the invoice number, or talk to us. ${overdue ? 'New orders on account wait until overdue invoices are paid. ' : ''}Your invoices and statement: ${r.link}`;
  const sms = `${SHOP.name}: ${r.businessName} has ${formatUGX(total)} to pay on account${overdue ? ' (overdue)' : ''}. Invoices: ${r.invoices.map((i) => i.number).join(', ')}. Details: ${r.link}`;
  await tx.insert(customerMessages).values([
    { orderId: null, event: 'invoice_reminder', channel: 'email', recipient: r.email, subject, body },
    { orderId: null, event: 'invoice_reminder', channel: 'sms', recipient: r.phone, subject: null, body: sms },
  ]);
}
