/** Sales and inventory reports (issue 9 item 9), and their CSV export. */
import { LOW_STOCK_THRESHOLD } from '@meatshop/shared/constants';
import type { InventoryReport, SalesGroup, SalesReport, SalesRow } from '@meatshop/shared/reports';
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import {
  inventoryRows,
  type Range,
  salesByCategory,
  salesByDay,
  salesByOutlet,
  salesByPaymentMethod,
  salesByProduct,
  salesTotals,
} from './sales.repository.ts';

const toRow = (r: Record<string, unknown>, label?: string): SalesRow => ({
  key: String(r.key),
  label: label ?? String(r.label ?? r.key),
  orders: Number(r.orders ?? 0),
  units: Number(r.units ?? 0),
  revenue: Number(r.revenue ?? 0),
});

export async function salesReport(tx: Tx, range: Range): Promise<SalesReport> {
  const totals = await salesTotals(tx, range);
  const [byDay, byCategory, byProduct, byOutlet, byPayment] = [
    await salesByDay(tx, range),
    await salesByCategory(tx, range),
    await salesByProduct(tx, range),
    await salesByOutlet(tx, range),
    await salesByPaymentMethod(tx, range),
  ];
  return {
    ...range,
    totals: { ...totals, averageOrderValue: totals.orders ? Math.round(totals.revenue / totals.orders) : 0 },
    byDay: byDay.map((r) => toRow(r, String(r.key))),
    byCategory: byCategory.map((r) => toRow(r)),
    byProduct: byProduct.map((r) => toRow(r)),
    byOutlet: byOutlet.map((r) => toRow(r)),
    byPaymentMethod: byPayment.map((r) => toRow(r, PAYMENT_METHOD_LABEL[r.key as PaymentMethod] ?? String(r.key))),
  };
}

const GROUP_COLUMN: Record<SalesGroup, string> = {
  day: 'Date',
  category: 'Category',
  product: 'Product',
  outlet: 'Outlet',
  payment_method: 'Payment Method',
};

const GROUP_FIELD: Record<SalesGroup, keyof Pick<SalesReport, 'byDay' | 'byCategory' | 'byProduct' | 'byOutlet' | 'byPaymentMethod'>> = {
  day: 'byDay',
  category: 'byCategory',
  product: 'byProduct',
  outlet: 'byOutlet',
  payment_method: 'byPaymentMethod',
};

/** One breakdown as CSV, with a total line; amounts as plain integers so spreadsheets can sum them. */
export async function salesCsv(tx: Tx, range: Range, by: SalesGroup) {
  const report = await salesReport(tx, range);
  const lines = report[GROUP_FIELD[by]];
  const revenueHeader = by === 'category' || by === 'product' ? 'Item Sales (UGX)' : 'Revenue (UGX)';
  const body = lines.map((r) => [r.label, r.orders, r.units, r.revenue]);
  const total = ['Total', by === 'category' || by === 'product' ? '' : report.totals.orders, sum(lines, 'units'), sum(lines, 'revenue')];
  return {
    filename: `sales-by-${by.replace('_', '-')}-${range.from}-to-${range.to}.csv`,
    csv: toCsv([[GROUP_COLUMN[by], 'Orders', 'Units', revenueHeader], ...body, total]),
  };
}

const sum = (rows: SalesRow[], k: 'units' | 'revenue') => rows.reduce((s, r) => s + r[k], 0);

export async function inventoryReport(tx: Tx): Promise<InventoryReport> {
  const products = (await inventoryRows(tx)).map((r) => ({
    productId: String(r.product_id),
    name: String(r.name),
    category: String(r.category),
    stock: Number(r.stock),
    price: Number(r.price),
    value: Number(r.value),
  }));
  const byCategory = new Map<string, { category: string; products: number; units: number; value: number }>();
  for (const p of products) {
    const c = byCategory.get(p.category) ?? { category: p.category, products: 0, units: 0, value: 0 };
    c.products += 1;
    c.units += p.stock;
    c.value += p.value;
    byCategory.set(p.category, c);
  }
  return {
    totalValue: products.reduce((s, p) => s + p.value, 0),
    totalUnits: products.reduce((s, p) => s + p.stock, 0),
    byCategory: [...byCategory.values()].sort((a, b) => b.value - a.value),
    products,
    lowStock: products.filter((p) => p.stock <= LOW_STOCK_THRESHOLD).sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name)),
  };
}

export async function inventoryCsv(tx: Tx) {
  const r = await inventoryReport(tx);
  const rows = r.products.map((p) => [p.name, p.category, p.stock, p.price, p.value]);
  return toCsv([['Product', 'Category', 'Stock', 'Price (UGX)', 'Value (UGX)'], ...rows, ['Total', '', r.totalUnits, '', r.totalValue]]);
}
