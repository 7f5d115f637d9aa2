/**
 * Stock moves for orders. Taking stock is one conditional UPDATE per product (`stock >= qty`), so it
 * can never go below zero and two concurrent orders can never both get the last unit: on a PostgreSQL
 * server the second UPDATE waits for the first row lock and re-checks; on PGlite transactions run
 * one at a time.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema/catalog.ts';

/** Takes `quantity` units; returns the stock before and after, or undefined when there is not enough. */
export async function takeStock(tx: Tx, productId: string, quantity: number) {
  const [row] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(sql`${products.id} = ${productId} AND ${products.stock} >= ${quantity} AND ${products.isArchived} = false`)
    .returning({ stock: products.stock });
  return row ? { before: row.stock + quantity, after: row.stock } : undefined;
}

export async function currentStock(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, number>();
  const rows = await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.stock]));
}
