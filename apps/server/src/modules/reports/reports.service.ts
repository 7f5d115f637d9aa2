/** Sales and inventory reports, and their CSV export. */
import { LOW_STOCK_THRESHOLD } from '@meatshop/shared/constants';
import type { InventoryReport, SalesGroup, SalesReport, SalesRow } from '@meatshop/shared/reports';
import { ORDER_CHANNEL_LABEL, type OrderChannel, PAYMENT_METHOD_LABEL, type PaymentMethod } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { toCsv } from './csv.ts';
import { readySales } from './sales-rollup.service.ts';
import { salesByProduct } from './product-sales.ts';
import { inventoryRows, type Range, salesByCategory, salesByOrder } from './sales.repository.ts';

/** A breakdown row from a query row (numbers as numbers whatever the driver returns). */
export const toRow = (r: Record<string, unknown>, label?: string): SalesRow => ({
  key: String(r.key),
  label: label ?? String(r.label ?? r.key),
  orders: Number(r.orders ?? 0),
  units: Number(r.units ?? 0),
  revenue: Number(r.revenue ?? 0),
});

/** Every Kampala day from `from` to `to`, as YYYY-MM-DD. */
function daysOf({ from, to }: Range): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * After the rollups of the range are brought up to date: the order-grain parts in one pass over the
 * range's daily rollups and its open days' orders, the categories likewise, and the products from
 * the days' sums kept in memory (product-sales.ts). `at` stands for the clock in tests of the
 * midnight grace period.
 */
export async function salesReport(tx: Tx, range: Range, at?: Date): Promise<SalesReport> {
  const { lastClosed } = await readySales(tx, range, at);
  const byOrder = await salesByOrder(tx, range, lastClosed);
  const byCategory = await salesByCategory(tx, range, lastClosed);
  const byProduct = await salesByProduct(tx, range, lastClosed);
  const part = (list: Record<string, unknown>[], name: string) => list.filter((r) => r.part === name);
  const t = part(byOrder, 'total')[0] ?? {};
  const totals = {
    orders: Number(t.orders ?? 0),
    revenue: Number(t.revenue ?? 0),
    itemSales: Number(t.item_sales ?? 0),
    deliveryFees: Number(t.delivery_fees ?? 0),
    discounts: Number(t.discounts ?? 0),
  };
  // Every day of the range, with zeros on days without sales, so a chart shows the gaps.
  const days = new Map(part(byOrder, 'day').map((r) => [String(r.key), r]));
  return {
    ...range,
    totals: { ...totals, averageOrderValue: totals.orders ? Math.round(totals.revenue / totals.orders) : 0 },
    byDay: daysOf(range).map((day) => toRow(days.get(day) ?? { key: day }, day)),
    byCategory: byCategory.map((r) => toRow(r)),
    byProduct,
    byOutlet: part(byOrder, 'outlet').map((r) => toRow(r)),
    byPaymentMethod: part(byOrder, 'payment_method').map((r) => toRow(r, PAYMENT_METHOD_LABEL[r.key as PaymentMethod] ?? String(r.key))),
    byChannel: part(byOrder, 'channel').map((r) => toRow(r, ORDER_CHANNEL_LABEL[r.key as OrderChannel] ?? String(r.key))),
  };
}

const GROUP_COLUMN: Record<SalesGroup, string> = {
  day: 'Date',
  category: 'Category',
  product: 'Product',
  outlet: 'Outlet',
  payment_method: 'Payment Method',
  channel: 'Channel',
};

const GROUP_FIELD: Record<
  SalesGroup,
  keyof Pick<SalesReport, 'byDay' | 'byCategory' | 'byProduct' | 'byOutlet' | 'byPaymentMethod' | 'byChannel'>
> = {
  day: 'byDay',
  category: 'byCategory',
  product: 'byProduct',
  outlet: 'byOutlet',
  payment_method: 'byPaymentMethod',
  channel: 'byChannel',
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
