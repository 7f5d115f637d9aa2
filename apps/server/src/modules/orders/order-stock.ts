/** Stock bookkeeping for orders: a cancelled order puts back what it took. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Returns every item's quantity to its product's stock. Call it inside the transaction that
 * cancels the order, after locking the order row, so it runs once per cancellation.
 */
export async function restockOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE products AS p SET stock = p.stock + s.quantity, updated_at = now()
    FROM (SELECT product_id, SUM(quantity)::int AS quantity FROM order_items WHERE order_id = ${orderId} GROUP BY product_id) AS s
    WHERE p.id = s.product_id`);
}
