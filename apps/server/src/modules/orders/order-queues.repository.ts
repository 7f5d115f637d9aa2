/**
 * The back office's order queues, oldest first so nothing waits unseen:
 * pending = placed and ready for a rider (paid, or cash on delivery); processing = with a rider.
 */
import type { QueuedOrder } from '@meatshop/shared/order-queues';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

type Row = Record<string, unknown>;

const SELECT = sql`
  SELECT o.id::text, o.status, o.payment_status, o.payment_method, o.total_amount, o.created_at,
         o.shipping_address->>'full_name' AS customer_name, o.shipping_address->>'phone' AS customer_phone,
         concat_ws(', ', nullif(o.shipping_address->>'street', ''), nullif(o.shipping_address->>'city', '')) AS address,
         ou.name AS outlet_name, r.full_name AS rider_name,
         (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = o.id) AS item_count`;

export async function listQueue(tx: Tx, queue: 'pending' | 'processing', now = new Date()): Promise<QueuedOrder[]> {
  const query =
    queue === 'pending'
      ? sql`${SELECT}, o.created_at AS since
          FROM orders o LEFT JOIN outlets ou ON ou.id = o.outlet_id LEFT JOIN delivery_riders r ON r.id = o.rider_id
          WHERE o.status = 'pending' AND (o.payment_status IN ('paid', 'on_account') OR o.payment_method = 'cash_on_delivery')
          ORDER BY o.created_at ASC LIMIT 500`
      : sql`${SELECT}, coalesce(o.assigned_at, o.created_at) AS since
          FROM orders o LEFT JOIN outlets ou ON ou.id = o.outlet_id LEFT JOIN delivery_riders r ON r.id = o.rider_id
          WHERE o.status IN ('assigned', 'picked_up')
          ORDER BY coalesce(o.assigned_at, o.created_at) ASC LIMIT 500`;
  const res = (await tx.execute(query)) as unknown as { rows: Row[] };
  return res.rows.map((r) => {
    const since = new Date(r.since as string | Date);
    return {
      id: String(r.id),
      status: r.status as QueuedOrder['status'],
      paymentStatus: r.payment_status as QueuedOrder['paymentStatus'],
      paymentMethod: r.payment_method as QueuedOrder['paymentMethod'],
      totalAmount: Number(r.total_amount),
      customerName: String(r.customer_name ?? ''),
      customerPhone: String(r.customer_phone ?? ''),
      address: String(r.address ?? ''),
      outletName: (r.outlet_name as string | null) ?? null,
      riderName: (r.rider_name as string | null) ?? null,
      itemCount: Number(r.item_count ?? 0),
      createdAt: new Date(r.created_at as string | Date).toISOString(),
      since: since.toISOString(),
      ageMinutes: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)),
    };
  });
}
