/** Stock movements of an order. A cancelled order puts back what it took. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** Adds each item's quantity back to its product's stock; call inside the cancelling transaction. */
export async function restockOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE products p SET stock = p.stock + s.qty, updated_at = now()
    FROM (SELECT product_id, sum(quantity)::int AS qty FROM order_items WHERE order_id = ${orderId} GROUP BY product_id) s
    WHERE p.id = s.product_id`);
}
