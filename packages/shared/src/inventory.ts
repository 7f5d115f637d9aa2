/** Stock across products and outlets, bulk adjustments and the stock movements history. */
import { z } from 'zod';
import { BatchLabel } from './batches.ts';

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
  /** Sold by weight: `stock` is grams. */
  soldByWeight: z.boolean(),
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
  /** Sold by weight: `stock`, `minStock` and `maxStock` are grams. */
  soldByWeight: z.boolean(),
});
export const OutletStockList = z.object({ items: z.array(OutletStockItem) });
export type OutletStockItem = z.infer<typeof OutletStockItem>;

export const StockAdjustInput = z
  .object({
    productIds: z.array(z.uuid()).min(1, 'Select at least one product').max(500),
    /** The outlet whose stock changes; without one, the main outlet (Settings, else the first active one). */
    outletId: z.uuid().nullable().optional(),
    /** For a change by an amount: a delivery from the factory, or an adjustment (the default). */
    kind: z.enum(['delivery', 'adjustment']).optional(),
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

/**
 * What a stock movement was. Every change of an outlet's figure is one ledger row of one kind, so the
 * figure always equals the sum of its rows. `catalogue` marks the history of the old company-wide
 * figure (no outlet), kept for reading only.
 */
export const STOCK_MOVEMENT_KINDS = [
  'opening',
  'order',
  'cancel',
  'return',
  'adjustment',
  'count',
  'delivery',
  'transfer_in',
  'transfer_out',
  'catalogue',
  'expiry',
  'recall',
] as const;

/** A batch's state: on sale, past its sell-by cut-off, stopped by a recall, or disposed of. */
export const BATCH_STATUSES = ['live', 'expired', 'stopped', 'written_off'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

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
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  orderId: z.string().nullable(),
  /** The batch moved (null only on old catalogue rows); a null lot number is the unknown batch. */
  batchId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  useBy: z.string().nullable(),
  reason: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export const StockMovementList = z.object({ movements: z.array(StockMovement) });
export type StockMovement = z.infer<typeof StockMovement>;

export const StockTransferInput = z.object({
  fromOutletId: z.uuid(),
  toOutletId: z.uuid(),
  items: z
    .array(z.object({ productId: z.uuid(), quantity: z.number().int('Use a whole number').min(1, 'Send at least 1').max(100_000) }))
    .min(1, 'Choose at least one product')
    .max(500)
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'Each product once'),
  reason: z.string().trim().max(300).optional(),
});
export type StockTransferInput = z.infer<typeof StockTransferInput>;

export const StockTransferResult = z.object({
  moved: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), fromAfter: z.number(), toAfter: z.number() })),
});

/** The outlet portal: its own outlet only, so no outlet id is sent. */
export const OutletStockAdjustInput = z
  .object({
    productIds: z.array(z.uuid()).min(1, 'Select at least one product').max(500),
    mode: z.enum(['delta', 'set']),
    kind: z.enum(['delivery', 'adjustment']).optional(),
    amount: z.number().int('Use a whole number').min(-100_000).max(100_000),
    reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(300),
  })
  .refine((v) => v.mode !== 'set' || v.amount >= 0, { message: 'Stock cannot be set below zero', path: ['amount'] })
  .refine((v) => v.mode !== 'delta' || v.amount !== 0, { message: 'Enter a change other than zero', path: ['amount'] });
export const OutletStockTransferInput = z.object({
  toOutletId: z.uuid('Choose the receiving outlet'),
  items: z
    .array(z.object({ productId: z.uuid(), quantity: z.number().int('Use a whole number').min(1, 'Send at least 1').max(100_000) }))
    .min(1, 'Enter the units to send of at least one product')
    .max(500),
  reason: z.string().trim().max(300).optional(),
});
export type OutletStockTransferInput = z.infer<typeof OutletStockTransferInput>;
export type StockTransferResult = z.infer<typeof StockTransferResult>;

/** The portal's stock list: its own outlet's products, and whether the caller may change them (the manager). */
export const OutletOwnStock = OutletStockList.extend({ canChange: z.boolean() });
export type OutletOwnStock = z.infer<typeof OutletOwnStock>;

const note = z.string().trim().max(300, 'Keep the note under 300 characters').optional();
const eachProductOnce = <T extends { productId: string }>(items: T[]) => new Set(items.map((i) => i.productId)).size === items.length;

/** Units received from the factory at the manager's own outlet, per product. */
export const OutletDeliveryInput = z.object({
  items: z
    .array(
      z.object({
        productId: z.uuid(),
        quantity: z.number().int('Use a whole number').min(1, 'Receive at least 1').max(100_000),
        /** The lot on the factory's label; without one the units join the outlet's unknown batch. */
        batch: BatchLabel.optional(),
      }),
    )
    .min(1, 'Enter the units received of at least one product')
    .max(500)
    .refine(eachProductOnce, 'Each product once'),
  note,
});
export type OutletDeliveryInput = z.infer<typeof OutletDeliveryInput>;

/** The back office records a delivery at any outlet: the same lines, with the outlet named. */
export const AdminDeliveryInput = OutletDeliveryInput.extend({ outletId: z.uuid('Choose the outlet') });
export type AdminDeliveryInput = z.infer<typeof AdminDeliveryInput>;

/** What the shelves hold after a count, per product; the ledger records each difference as a count. */
export const OutletCountInput = z.object({
  items: z
    .array(
      z.object({ productId: z.uuid(), counted: z.number().int('Use a whole number').min(0, 'A count cannot be below zero').max(100_000) }),
    )
    .min(1, 'Enter the count of at least one product')
    .max(500)
    .refine(eachProductOnce, 'Each product once'),
  note,
});
export type OutletCountInput = z.infer<typeof OutletCountInput>;

/** The other active outlets a manager can send stock to. */
export const TransferTargets = z.object({ outlets: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TransferTargets = z.infer<typeof TransferTargets>;

/** A product's stock for one delivery point: what the outlets that deliver there hold, nearest first. */
export const StockNearQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const StockNear = z.object({
  deliverable: z.boolean(),
  /** Units the outlets that deliver to the point hold together. */
  stock: z.number(),
  /** The most one order can have (one outlet packs each order). */
  perOrder: z.number(),
  outlets: z.array(z.object({ name: z.string(), stock: z.number(), km: z.number().nullable() })),
});
export type StockNear = z.infer<typeof StockNear>;
