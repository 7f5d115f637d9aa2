/** Sold by weight, reported: kg sold per product and outlet, and what weighing above the estimate cost. */
import type { WeighedReport } from '@meatshop/shared/reports';
import type { Db } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import { findWeighedLines } from './weighed-report.repository.ts';

type Range = { from: string; to: string };

export async function weighedReport(db: Db, range: Range): Promise<WeighedReport> {
  const rows = (await findWeighedLines(db, range.from, range.to)).map((r) => ({
    productId: r.product_id,
    productName: r.product_name,
    outletId: r.outlet_id,
    outletName: r.outlet_name ?? 'No outlet',
    lines: Number(r.lines),
    estimatedGrams: Number(r.estimated_grams),
    weighedGrams: Number(r.weighed_grams),
    charged: Number(r.charged),
    givenAwayGrams: Number(r.given_away_grams),
    givenAwayAmount: Number(r.given_away_amount),
  }));
  const sum = (k: keyof WeighedReport['totals']) => rows.reduce((s, r) => s + r[k], 0);
  return {
    ...range,
    rows,
    totals: {
      lines: sum('lines'),
      estimatedGrams: sum('estimatedGrams'),
      weighedGrams: sum('weighedGrams'),
      charged: sum('charged'),
      givenAwayGrams: sum('givenAwayGrams'),
      givenAwayAmount: sum('givenAwayAmount'),
    },
  };
}

const kg = (g: number) => Math.round(g) / 1000;

export async function weighedCsv(db: Db, range: Range) {
  const report = await weighedReport(db, range);
  const csv = toCsv([
    ['Product', 'Outlet', 'Lines', 'Kg ordered', 'Kg weighed', 'Charged (UGX)', 'Kg given away', 'Given away (UGX)'],
    ...report.rows.map((r) => [
      r.productName,
      r.outletName,
      r.lines,
      kg(r.estimatedGrams),
      kg(r.weighedGrams),
      r.charged,
      kg(r.givenAwayGrams),
      r.givenAwayAmount,
    ]),
  ]);
  return { filename: `weighed-${range.from}-to-${range.to}.csv`, csv };
}
