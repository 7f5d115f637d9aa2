/** Outlets and their products as admins manage them, with each product's sales at the outlet. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outletEmployees } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';

export type OutletInsert = typeof outlets.$inferInsert;
export type OutletProductInsert = typeof outletProducts.$inferInsert;

/** Every outlet by name, with how many products it stocks. */
export function listOutletsWithProductCount(db: Tx) {
  return db
    .select({
      outlet: outlets,
      productCount: sql<number>`(select count(*)::int from outlet_products op where op.outlet_id = outlets.id)`,
    })
    .from(outlets)
    .orderBy(outlets.name);
}

/** Returns the id, or undefined when there is no such outlet. */
export async function updateOutlet(tx: Tx, id: string, values: Partial<OutletInsert>) {
  const [row] = await tx.update(outlets).set(values).where(eq(outlets.id, id)).returning({ id: outlets.id });
  return row;
}

export async function insertOutlet(tx: Tx, values: OutletInsert) {
  const [row] = await tx.insert(outlets).values(values).returning({ id: outlets.id });
  return row!;
}

/** Returns the id, or undefined when there is no such outlet. */
export async function deleteOutletById(tx: Tx, id: string) {
  const [row] = await tx.delete(outlets).where(eq(outlets.id, id)).returning({ id: outlets.id });
  return row;
}

export async function countOutletEmployees(tx: Tx, outletId: string): Promise<number> {
  const [staff] = await tx.select({ n: sql<number>`count(*)::int` }).from(outletEmployees).where(eq(outletEmployees.outletId, outletId));
  return Number(staff?.n ?? 0);
}

/** The outlet's products with the product's name, images and price, by product name. */
export function listOutletProductRows(db: Tx, outletId: string) {
  return db
    .select({ op: outletProducts, product: { id: products.id, name: products.name, imageUrls: products.imageUrls, price: products.price } })
    .from(outletProducts)
    .innerJoin(products, eq(products.id, outletProducts.productId))
    .where(eq(outletProducts.outletId, outletId))
    .orderBy(products.name);
}

/**
 * Quantity and revenue per product at this outlet from orders that are not cancelled: the last `days`
 * days (quantity and revenue) and the `days` before (revenue).
 */
export function sumOutletProductSales(db: Tx, outletId: string, days: number) {
  return db
    .select({
      productId: orderItems.productId,
      currentQty: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${orders.createdAt} >= now() - make_interval(days => ${days})), 0)::int`,
      currentRevenue: sql<number>`coalesce(sum(${orderItems.quantity} * ${orderItems.price}) filter (where ${orders.createdAt} >= now() - make_interval(days => ${days})), 0)::int`,
      previousRevenue: sql<number>`coalesce(sum(${orderItems.quantity} * ${orderItems.price}) filter (where ${orders.createdAt} < now() - make_interval(days => ${days})), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.outletId, outletId),
        sql`${orders.status} <> 'cancelled'`,
        sql`${orders.createdAt} >= now() - make_interval(days => ${days * 2})`,
      ),
    )
    .groupBy(orderItems.productId);
}

/** The product when it exists and is not archived. */
export async function findActiveProductId(tx: Tx, productId: string) {
  const [p] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isArchived, false)));
  return p;
}

export async function insertOutletProduct(tx: Tx, values: OutletProductInsert) {
  await tx.insert(outletProducts).values(values);
}

/** Updates the row only when it belongs to the outlet; returns undefined otherwise. */
export async function updateOutletProductRow(tx: Tx, outletId: string, id: string, values: Partial<OutletProductInsert>) {
  const [row] = await tx
    .update(outletProducts)
    .set(values)
    .where(and(eq(outletProducts.id, id), eq(outletProducts.outletId, outletId)))
    .returning({ id: outletProducts.id });
  return row;
}

/** Deletes the row only when it belongs to the outlet; returns undefined otherwise. */
export async function deleteOutletProductRow(tx: Tx, outletId: string, id: string) {
  const [row] = await tx
    .delete(outletProducts)
    .where(and(eq(outletProducts.id, id), eq(outletProducts.outletId, outletId)))
    .returning({ id: outletProducts.id, productId: outletProducts.productId, stock: outletProducts.stock });
  return row;
}

/** The outlet's row of a product, locked until the transaction ends (its stock is about to be set). */
export async function lockOutletProductRow(tx: Tx, outletId: string, id: string) {
  const [row] = await tx
    .select({
      stock: outletProducts.stock,
      productId: outletProducts.productId,
      outletPrice: outletProducts.outletPrice,
      minStock: outletProducts.minStock,
      maxStock: outletProducts.maxStock,
      isAvailable: outletProducts.isAvailable,
    })
    .from(outletProducts)
    .where(and(eq(outletProducts.id, id), eq(outletProducts.outletId, outletId)))
    .for('update');
  return row;
}

/** Products that are not archived, by name. */
export function listActiveProductOptions(db: Tx) {
  return db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(eq(products.isArchived, false))
    .orderBy(products.name);
}
