/** Client-side CSV export of subscriptions: Email, Type, Subscribed On. */
import type { AdminSubscription } from '@meatshop/shared/admin-orders';
import { formatDate } from '@/lib/format';

/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function subscriptionsCsv(rows: Pick<AdminSubscription, 'email' | 'type' | 'createdAt'>[]): string {
  const lines = [['Email', 'Type', 'Subscribed On'], ...rows.map((r) => [r.email, r.type, formatDate(r.createdAt)])];
  return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function downloadSubscriptionsCsv(rows: AdminSubscription[]) {
  const blob = new Blob([subscriptionsCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `subscriptions-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
