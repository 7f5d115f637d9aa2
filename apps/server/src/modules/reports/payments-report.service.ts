/** Admin > Reports > Payments: what we recorded as paid and refunded, per Kampala day and channel, and its CSV. */
import {
  MONEY_CHANNEL_LABEL,
  MONEY_CHANNELS,
  type MoneyChannel,
  type PaymentsFigures,
  type PaymentsReport,
  type PaymentsReportRow,
} from '@meatshop/shared/reports';
import type { Tx } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import { kampalaToday, paymentsByDayAndMethod } from './payments-report.repository.ts';
import type { Range } from './sales.repository.ts';

export const DEFAULT_PAYMENTS_DAYS = 7;

function addDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The range asked for, or the last seven Kampala days up to today. */
export async function paymentsRange(tx: Tx, q: { from?: string; to?: string }): Promise<Range> {
  if (q.from && q.to) return { from: q.from, to: q.to };
  const today = await kampalaToday(tx);
  return { from: addDays(today, -(DEFAULT_PAYMENTS_DAYS - 1)), to: today };
}

const zero = (): PaymentsFigures => ({ payments: 0, paid: 0, refunded: 0, net: 0 });
const add = (into: PaymentsFigures, r: PaymentsFigures) => {
  into.payments += r.payments;
  into.paid += r.paid;
  into.refunded += r.refunded;
  into.net += r.net;
};

export async function paymentsReport(tx: Tx, range: Range): Promise<PaymentsReport> {
  const order = (m: string) => MONEY_CHANNELS.indexOf(m as MoneyChannel);
  const rows: PaymentsReportRow[] = (await paymentsByDayAndMethod(tx, range))
    .filter((r) => order(r.method) >= 0)
    .sort((a, b) => a.day.localeCompare(b.day) || order(a.method) - order(b.method))
    .map((r) => {
      const method = r.method as MoneyChannel;
      return { ...r, method, label: MONEY_CHANNEL_LABEL[method], net: r.paid - r.refunded };
    });
  const totals = zero();
  const byMethod = MONEY_CHANNELS.map((method) => ({ method, label: MONEY_CHANNEL_LABEL[method], ...zero() }));
  for (const r of rows) {
    add(totals, r);
    add(byMethod[order(r.method)]!, r);
  }
  return { ...range, rows, byMethod, totals };
}

/** One line per day and channel, a line per channel's total, and the grand total; plain integers. */
export async function paymentsCsv(tx: Tx, range: Range) {
  const r = await paymentsReport(tx, range);
  const line = (day: string, label: string, f: PaymentsFigures) => [day, label, f.payments, f.paid, f.refunded, f.net];
  return {
    filename: `payments-${range.from}-to-${range.to}.csv`,
    csv: toCsv([
      ['Date', 'Method', 'Payments', 'Paid (UGX)', 'Refunded (UGX)', 'Net (UGX)'],
      ...r.rows.map((row) => line(row.day, row.label, row)),
      ...r.byMethod.map((m) => line('Total', m.label, m)),
      line('Total', 'All methods', r.totals),
    ]),
  };
}
