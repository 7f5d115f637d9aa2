/** Sales and inventory reports. Days are Kampala days; amounts whole UGX. */
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

export const SALES_GROUPS = ['day', 'category', 'product', 'outlet', 'payment_method', 'channel'] as const;
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
  /** Web, phone, WhatsApp and walk-in orders: where the sales came in. */
  byChannel: z.array(SalesRow),
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

/**
 * Payments report: a range of Kampala days, by default the last 7. Both ends or neither; the same
 * range rules as the sales report.
 */
export const PaymentsReportQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from === !q.to, { message: 'Give both a start and an end date', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be on or before the end date', path: ['from'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `Choose a range of at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type PaymentsReportQuery = z.infer<typeof PaymentsReportQuery>;

/** How money came in and went out: mobile money and card through the provider, cash by hand. */
export const MONEY_CHANNELS = ['mobile_money', 'card', 'cash'] as const;
export type MoneyChannel = (typeof MONEY_CHANNELS)[number];
export const MONEY_CHANNEL_LABEL: Record<MoneyChannel, string> = { mobile_money: 'Mobile money', card: 'Card', cash: 'Cash' };

const PaymentsFigures = z.object({
  /** Payments recorded paid: provider payments completed, cash orders delivered. */
  payments: z.number(),
  paid: z.number(),
  /** Completed refunds, on the day they completed (cash taken off before delivery is not counted). */
  refunded: z.number(),
  net: z.number(),
});
export type PaymentsFigures = z.infer<typeof PaymentsFigures>;

export const PaymentsReportRow = PaymentsFigures.extend({ day: z.string(), method: z.enum(MONEY_CHANNELS), label: z.string() });
export type PaymentsReportRow = z.infer<typeof PaymentsReportRow>;

export const PaymentsReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Days and methods with any payment or refund, by day then method. */
  rows: z.array(PaymentsReportRow),
  byMethod: z.array(PaymentsFigures.extend({ method: z.enum(MONEY_CHANNELS), label: z.string() })),
  totals: PaymentsFigures,
});
export type PaymentsReport = z.infer<typeof PaymentsReport>;

/** A provider payment whose provider status does not agree with ours, for a person to act on. */
export const PaymentDifference = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  method: z.string(),
  methodLabel: z.string(),
  /** Our payment attempt's status: pending, completed, failed, reversed or invalid. */
  ourStatus: z.string(),
  /** The order's payment status (paid, refunded ...). */
  orderPaymentStatus: z.string(),
  providerStatus: z.string(),
  amount: z.number(),
  providerAmount: z.number().nullable(),
  difference: z.string(),
  since: z.string(),
  checkedAt: z.string(),
});
export type PaymentDifference = z.infer<typeof PaymentDifference>;

export const PaymentDifferences = z.object({
  differences: z.array(PaymentDifference),
  /** When the job last asked the provider about any payment; null before its first run. */
  lastCheckedAt: z.string().nullable(),
  /** Payments it has asked about in the lookback window. */
  checked: z.number(),
  /** The lookback window in days (RECONCILE_DAYS). */
  days: z.number(),
});
export type PaymentDifferences = z.infer<typeof PaymentDifferences>;

/** The answer to "Check again": the payment's difference now, or null when the provider agrees. */
export const PaymentCheckResult = z.object({ agrees: z.boolean(), providerStatus: z.string(), difference: z.string().nullable() });
export type PaymentCheckResult = z.infer<typeof PaymentCheckResult>;

/** Substitutions per product over a Kampala date range (orders placed then, cancelled ones left out). */
export const SubstitutionRateRow = z.object({
  productId: z.string(),
  name: z.string(),
  /** Order lines of the product. */
  lines: z.number(),
  /** Lines short at packing. */
  short: z.number(),
  /** Short lines packed with a substitute the customer kept. */
  substituted: z.number(),
  /** Short lines refunded: at packing, or because the customer refused the substitute. */
  refunded: z.number(),
  /** Substitutes the customer refused (counted in `refunded` too). */
  refused: z.number(),
  /** substituted / lines and refunded / lines, as percentages with one decimal. */
  substitutionRate: z.number(),
  refundRate: z.number(),
});
export type SubstitutionRateRow = z.infer<typeof SubstitutionRateRow>;

export const SubstitutionReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: SubstitutionRateRow.omit({ productId: true, name: true }),
  products: z.array(SubstitutionRateRow),
});
export type SubstitutionReport = z.infer<typeof SubstitutionReport>;
/**
 * Sold by weight, per product and outlet over a range of Kampala days (orders not cancelled): the
 * kg ordered and weighed, what the weighed lines were charged, and what was weighed above the
 * estimate and given away (grams and shillings).
 */
export const WeighedReportRow = z.object({
  productId: z.string(),
  productName: z.string(),
  outletId: z.string().nullable(),
  outletName: z.string(),
  lines: z.number().int(),
  /** Grams asked for at checkout, and grams weighed for the lines packed so far. */
  estimatedGrams: z.number().int(),
  weighedGrams: z.number().int(),
  /** Charged for these lines: final price once weighed, the estimate while unweighed. */
  charged: z.number().int(),
  /** Weighed above the estimate: the grams beyond it, and their price the shop absorbed. */
  givenAwayGrams: z.number().int(),
  givenAwayAmount: z.number().int(),
});
export type WeighedReportRow = z.infer<typeof WeighedReportRow>;
export const WeighedReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(WeighedReportRow),
  totals: WeighedReportRow.omit({ productId: true, productName: true, outletId: true, outletName: true }),
});
export type WeighedReport = z.infer<typeof WeighedReport>;
