/** Sales and inventory reports (issue 9 item 9). Days are Kampala days; amounts whole UGX. */
import { z } from 'zod';
import { calendarDay } from './text-rules.ts';

const day = calendarDay('Use a date like 2026-11-21');

/** Longest range one report covers, so a careless request cannot scan years of orders at once. */
export const REPORT_MAX_DAYS = 366;

export const SalesReportQuery = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: 'The start date must be on or before the end date', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `Choose a range of at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

export const SALES_GROUPS = ['day', 'category', 'product', 'outlet', 'payment_method'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

export const SalesCsvQuery = z.object({ from: day, to: day, by: z.enum(SALES_GROUPS).default('day') });

/** One row of a breakdown. Orders-level groups (day, outlet, payment method) count orders and revenue
 * (what customers paid, delivery included); item-level groups (category, product) count units and item sales. */
export const SalesRow = z.object({ key: z.string(), label: z.string(), orders: z.number(), units: z.number(), revenue: z.number() });
export type SalesRow = z.infer<typeof SalesRow>;

export const SalesReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    orders: z.number(),
    revenue: z.number(),
    itemSales: z.number(),
    deliveryFees: z.number(),
    discounts: z.number(),
    averageOrderValue: z.number(),
  }),
  byDay: z.array(SalesRow),
  byCategory: z.array(SalesRow),
  byProduct: z.array(SalesRow),
  byOutlet: z.array(SalesRow),
  byPaymentMethod: z.array(SalesRow),
});
export type SalesReport = z.infer<typeof SalesReport>;

export const InventoryValuationRow = z.object({
  productId: z.string(),
  name: z.string(),
  category: z.string(),
  stock: z.number(),
  price: z.number(),
  value: z.number(),
});
export const InventoryReport = z.object({
  totalValue: z.number(),
  totalUnits: z.number(),
  byCategory: z.array(z.object({ category: z.string(), products: z.number(), units: z.number(), value: z.number() })),
  products: z.array(InventoryValuationRow),
  lowStock: z.array(InventoryValuationRow),
});
export type InventoryReport = z.infer<typeof InventoryReport>;
