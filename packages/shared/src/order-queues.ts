/** Back-office order queues: waiting for a rider, and in delivery; oldest first. */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './status.ts';

export const QueuedOrder = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalAmount: z.number(),
  customerName: z.string(),
  customerPhone: z.string(),
  address: z.string(),
  outletName: z.string().nullable(),
  riderName: z.string().nullable(),
  itemCount: z.number(),
  createdAt: z.string(),
  /** When the order entered this queue: placed (pending) or assigned / picked up (processing). */
  since: z.string(),
  ageMinutes: z.number(),
});
export type QueuedOrder = z.infer<typeof QueuedOrder>;

export const OrderQueue = z.object({ orders: z.array(QueuedOrder) });
export type OrderQueue = z.infer<typeof OrderQueue>;

export const QUEUES = ['pending', 'processing'] as const;
export const QueueParams = z.object({ queue: z.enum(QUEUES) });

/** "12 min", "3 h 05 min", "2 d 4 h": how long an order has waited. */
export function formatAge(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
