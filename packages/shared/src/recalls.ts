/**
 * Food-safety recalls (Admin > Recalls): which stock (a product's batch, or its batches produced in
 * a date range), every order and customer that received it and every outlet still holding it; stop
 * its sale everywhere; tell the customers through the outbox; export the list for the regulator.
 */
import { z } from 'zod';

const day = z.iso.date('Use a date like 2026-11-30');

export const RecallTarget = z
  .object({
    productId: z.uuid('Choose the product'),
    lotNumber: z.string().trim().min(1).max(60).optional(),
    producedFrom: day.optional(),
    producedTo: day.optional(),
  })
  .refine((t) => t.lotNumber || t.producedFrom || t.producedTo, {
    path: ['lotNumber'],
    message: 'Enter the batch number, or the production dates to recall',
  })
  .refine((t) => !t.producedFrom || !t.producedTo || t.producedFrom <= t.producedTo, {
    path: ['producedTo'],
    message: 'The last production date must be on or after the first',
  });
export type RecallTarget = z.infer<typeof RecallTarget>;

export const RecallCreateInput = RecallTarget.and(
  z.object({ reason: z.string().trim().min(3, 'Please give the reason for the recall (at least 3 characters)').max(300) }),
);
export type RecallCreateInput = z.infer<typeof RecallCreateInput>;

export const RecallBatch = z.object({
  id: z.string(),
  outletName: z.string(),
  lotNumber: z.string().nullable(),
  productionDate: z.string().nullable(),
  useBy: z.string().nullable(),
  status: z.enum(['live', 'expired', 'stopped', 'written_off']),
  /** On the shelf now (for a stopped or expired batch: held for disposal). */
  quantity: z.number(),
  received: z.number(),
});

export const RecallOrder = z.object({
  orderId: z.string(),
  status: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  outletName: z.string().nullable(),
  customerName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Units (grams for a weighed product) of the recalled batches the order received. */
  quantity: z.number(),
  lots: z.array(z.string()),
  /** The recall messages to this customer: sent, failed, waiting in the outbox, or not sent yet. */
  reached: z.array(z.object({ channel: z.enum(['sms', 'email']), status: z.string() })),
});
export type RecallOrder = z.infer<typeof RecallOrder>;

export const RecallTrace = z.object({
  productName: z.string(),
  grams: z.boolean(),
  batches: z.array(RecallBatch),
  /** The latest orders (at most 500 on screen; the CSV export has every one). */
  orders: z.array(RecallOrder),
  orderCount: z.number(),
  customers: z.number(),
  units: z.number(),
});
export type RecallTrace = z.infer<typeof RecallTrace>;

export const RecallSummary = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  lotNumber: z.string().nullable(),
  producedFrom: z.string().nullable(),
  producedTo: z.string().nullable(),
  reason: z.string(),
  stoppedAt: z.string().nullable(),
  stoppedUnits: z.number(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Who opened the recall (null once their account is gone). */
  openedBy: z.string().nullable(),
});
export type RecallSummary = z.infer<typeof RecallSummary>;
export const RecallList = z.object({ recalls: z.array(RecallSummary) });
export const RecallDetail = z.object({ recall: RecallSummary, trace: RecallTrace });
export type RecallDetail = z.infer<typeof RecallDetail>;
export const RecallIdParams = z.object({ id: z.uuid('Recall not found') });
export const RecallNotifyResult = z.object({ queued: z.number(), customers: z.number() });
export const RecallProducts = z.object({ products: z.array(z.object({ id: z.string(), name: z.string() })) });
export type RecallProducts = z.infer<typeof RecallProducts>;
