/**
 * Reports > Substitutions: per product, how often a line was short at packing and how it ended
 * (substituted and kept, or refunded, a refused substitute counting as refunded), with the rates
 * against all its lines; most often short first. CSV like the other reports.
 */
import type { SubstitutionRateRow, SubstitutionReport } from '@meatshop/shared/reports';
import type { Tx } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import type { Range } from './sales.repository.ts';
import { substitutionCounts } from './substitutions-report.repository.ts';

const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);

type Counts = Pick<SubstitutionRateRow, 'lines' | 'short' | 'substituted' | 'refunded' | 'refused'>;
const withRates = <T extends Counts>(c: T) => ({
  ...c,
  substitutionRate: rate(c.substituted, c.lines),
  refundRate: rate(c.refunded, c.lines),
});

export async function substitutionReport(tx: Tx, range: Range): Promise<SubstitutionReport> {
  const rows = await substitutionCounts(tx, range);
  const products = rows.map(withRates).sort((a, b) => b.short - a.short || b.refunded - a.refunded || a.name.localeCompare(b.name));
  const sum = (k: keyof Counts) => rows.reduce((s, r) => s + r[k], 0);
  const totals = withRates({
    lines: sum('lines'),
    short: sum('short'),
    substituted: sum('substituted'),
    refunded: sum('refunded'),
    refused: sum('refused'),
  });
  return { from: range.from, to: range.to, totals, products };
}

export async function substitutionCsv(tx: Tx, range: Range) {
  const r = await substitutionReport(tx, range);
  const line = (name: string, c: ReturnType<typeof withRates>) => [
    name,
    c.lines,
    c.short,
    c.substituted,
    c.refunded,
    c.refused,
    c.substitutionRate,
    c.refundRate,
  ];
  return {
    filename: `substitutions-${range.from}-to-${range.to}.csv`,
    csv: toCsv([
      ['Product', 'Lines', 'Short', 'Substituted', 'Refunded', 'Refused', 'Substitution rate (%)', 'Refund rate (%)'],
      ...r.products.map((p) => line(p.name, p)),
      line('Total', r.totals),
    ]),
  };
}
