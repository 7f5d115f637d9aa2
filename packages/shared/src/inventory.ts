/** Stock across products and outlets, bulk adjustments and the stock movements history (issue 9 item 6). */
import { z } from 'zod';

export const STOCK_LEVELS = ['low', 'between', 'full'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Catalogue stock has no per-product min/max: low at or below 10 (spec 9), full at 50 or more. */
export const CATALOG_FULL_STOCK = 50;

export const InventoryQuery = z.object({
  q: z.string().trim().max(100).optional(),
  level: z.enum(STOCK_LEVELS).optional(),
  categoryId: z.uuid().optional(),
});

export const InventoryItem = z.object({
  productId: z.string(),
  name: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number(),
  level: z.enum(STOCK_LEVELS),
  isArchived: z.boolean(),
});
export const InventoryList = z.object({ items: z.array(InventoryItem) });
export type InventoryItem = z.infer<typeof InventoryItem>;

export const OutletStockQuery = InventoryQuery.extend({ outletId: z.uuid().optional() });

export const OutletStockItem = z.object({
  outletId: z.string(),
  outletName: z.string(),
  productId: z.string(),
  name: z.string(),
  category: z.string(),
  stock: z.number(),
  minStock: z.number(),
  maxStock: z.number(),
  level: z.enum(STOCK_LEVELS),
  isAvailable: z.boolean(),
});
export const OutletStockList = z.object({ items: z.array(OutletStockItem) });
export type OutletStockItem = z.infer<typeof OutletStockItem>;

export const StockAdjustInput = z
  .object({
    productIds: z.array(z.uuid()).min(1, 'Select at least one product').max(500),
    /** Adjust outlet stock (outlet_products) at this outlet instead of the catalogue stock. */
    outletId: z.uuid().nullable().optional(),
    mode: z.enum(['delta', 'set']),
    amount: z.number().int('Use a whole number').min(-100_000).max(100_000),
    reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(300),
  })
  .refine((v) => v.mode !== 'set' || v.amount >= 0, { message: 'Stock cannot be set below zero', path: ['amount'] })
  .refine((v) => v.mode !== 'delta' || v.amount !== 0, { message: 'Enter a change other than zero', path: ['amount'] });
export type StockAdjustInput = z.infer<typeof StockAdjustInput>;

export const StockAdjustResult = z.object({
  adjusted: z.array(z.object({ productId: z.string(), name: z.string(), before: z.number(), after: z.number() })),
});

export const StockMovementsQuery = z.object({
  productId: z.uuid().optional(),
  outletId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const StockMovement = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  outletId: z.string().nullable(),
  outletName: z.string().nullable(),
  delta: z.number(),
  stockAfter: z.number(),
  reason: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export const StockMovementList = z.object({ movements: z.array(StockMovement) });
export type StockMovement = z.infer<typeof StockMovement>;
