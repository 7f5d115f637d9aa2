/** Outlets and the products each one stocks, as admins manage them (spec section 2, Outlets). */
import type { AdminOutlet, AdminOutletProduct } from '@meatshop/shared/admin-outlets';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outletEmployees } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';
import { conflict, invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import { insertLedger } from '../inventory/outlet-stock.repository.ts';

/** The performance window: sales of the last 30 days against the 30 before. */
export const PERFORMANCE_DAYS = 30;

export async function listOutlets(db: Tx): Promise<AdminOutlet[]> {
  const rows = await db
    .select({
      outlet: outlets,
      productCount: sql<number>`(select count(*)::int from outlet_products op where op.outlet_id = outlets.id)`,
    })
    .from(outlets)
    .orderBy(outlets.name);
  return rows.map(({ outlet: o, productCount }) => ({
    id: o.id,
    name: o.name,
    address: o.address,
    city: o.city,
    country: o.country,
    phone: o.phone,
    openingHours: o.openingHours,
    managerName: o.managerName,
    latitude: o.latitude,
    longitude: o.longitude,
    isActive: o.isActive,
    productCount: Number(productCount),
  }));
}

async function getOutlet(tx: Tx, id: string) {
  const o = (await listOutlets(tx)).find((x) => x.id === id);
  if (!o) throw notFound('Outlet not found');
  return o;
}

type OutletValues = {
  name: string;
  address: string;
  city: string;
  country: string;
  phone: string;
  openingHours: string;
  managerName: string;
  latitude: number;
  longitude: number;
};

export async function saveOutlet(db: Db, input: OutletValues, id?: string) {
  return db.transaction(async (tx) => {
    if (id) {
      const [row] = await tx.update(outlets).set(input).where(eq(outlets.id, id)).returning({ id: outlets.id });
      if (!row) throw notFound('Outlet not found');
      return getOutlet(tx, id);
    }
    // New outlets are active (spec section 4).
    const [row] = await tx
      .insert(outlets)
      .values({ ...input, isActive: true })
      .returning({ id: outlets.id });
    return getOutlet(tx, row!.id);
  });
}

/** Deletes an outlet with its products; its past orders keep their history without an outlet. */
export async function deleteOutlet(db: Db, id: string) {
  await db.transaction(async (tx) => {
    // Employees would silently lose their workplace (the foreign key cascades): move them first.
    const [staff] = await tx.select({ n: sql<number>`count(*)::int` }).from(outletEmployees).where(eq(outletEmployees.outletId, id));
    if (Number(staff?.n ?? 0) > 0) throw conflict(EMPLOYEES_FIRST);
    const [row] = await tx.delete(outlets).where(eq(outlets.id, id)).returning({ id: outlets.id });
    if (!row) throw notFound('Outlet not found');
  });
}

export const EMPLOYEES_FIRST = 'This outlet still has employees. Move them to another outlet before deleting it.';

export async function listOutletProducts(db: Tx, outletId: string): Promise<AdminOutletProduct[]> {
  await getOutlet(db, outletId);
  const rows = await db
    .select({ op: outletProducts, product: { id: products.id, name: products.name, imageUrls: products.imageUrls, price: products.price } })
    .from(outletProducts)
    .innerJoin(products, eq(products.id, outletProducts.productId))
    .where(eq(outletProducts.outletId, outletId))
    .orderBy(products.name);
  const perf = await performance(db, outletId);
  return rows.map(({ op, product }) => {
    const p = perf.get(op.productId);
    const current = p?.currentRevenue ?? 0;
    const previous = p?.previousRevenue ?? 0;
    return {
      id: op.id,
      outletId: op.outletId,
      productId: op.productId,
      outletPrice: op.outletPrice,
      stock: op.stock,
      minStock: op.minStock,
      maxStock: op.maxStock,
      isAvailable: op.isAvailable,
      product,
      performance: {
        salesCount: p?.currentQty ?? 0,
        revenue: current,
        growthRate: previous > 0 ? Math.round(((current - previous) / previous) * 1000) / 10 : current > 0 ? 100 : null,
      },
    };
  });
}

/** Quantity and revenue per product at this outlet, this period and the one before, from real orders. */
async function performance(db: Tx, outletId: string) {
  const days = PERFORMANCE_DAYS;
  const rows = await db
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
  return new Map(
    rows.map((r) => [
      r.productId,
      { currentQty: Number(r.currentQty), currentRevenue: Number(r.currentRevenue), previousRevenue: Number(r.previousRevenue) },
    ]),
  );
}

type OutletProductValues = {
  productId: string;
  outletPrice: number;
  stock: number;
  minStock: number;
  maxStock: number;
  isAvailable?: boolean;
};

export async function addOutletProduct(db: Db, outletId: string, input: OutletProductValues) {
  try {
    await db.transaction(async (tx) => {
      await getOutlet(tx, outletId);
      const [p] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, input.productId), eq(products.isArchived, false)));
      if (!p) throw invalid('Product not found', { productId: 'Product not found' });
      // New outlet products are available (spec section 4).
      await tx.insert(outletProducts).values({ ...input, outletId, isAvailable: input.isAvailable ?? true });
      if (input.stock > 0)
        await insertLedger(tx, [
          {
            outletId,
            productId: input.productId,
            delta: input.stock,
            stockAfter: input.stock,
            kind: 'count',
            reason: 'Stock entered with the outlet product',
          },
        ]);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw invalid('This product is already in this outlet.', { productId: 'This product is already in this outlet.' });
    throw err;
  }
  return (await listOutletProducts(db, outletId)).find((x) => x.productId === input.productId)!;
}

export async function updateOutletProduct(db: Db, outletId: string, id: string, input: OutletProductValues) {
  // The product of a row never changes (the field is disabled when editing).
  const { productId: _ignored, ...values } = input;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ stock: outletProducts.stock, productId: outletProducts.productId })
      .from(outletProducts)
      .where(and(eq(outletProducts.id, id), eq(outletProducts.outletId, outletId)))
      .for('update');
    if (!before) throw notFound('Outlet product not found');
    await tx
      .update(outletProducts)
      .set({ ...values, isAvailable: values.isAvailable ?? true })
      .where(eq(outletProducts.id, id));
    // The figure typed in the form is a count: the ledger keeps the difference.
    if (values.stock !== before.stock)
      await insertLedger(tx, [
        {
          outletId,
          productId: before.productId,
          delta: values.stock - before.stock,
          stockAfter: values.stock,
          kind: 'count',
          reason: 'Stock set in Outlets',
        },
      ]);
  });
  return (await listOutletProducts(db, outletId)).find((x) => x.id === id)!;
}

export async function removeOutletProduct(db: Db, outletId: string, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(outletProducts)
      .where(and(eq(outletProducts.id, id), eq(outletProducts.outletId, outletId)))
      .returning({ id: outletProducts.id, productId: outletProducts.productId, stock: outletProducts.stock });
    if (!row) throw notFound('Outlet product not found');
    // Its units leave the outlet's books with it; the ledger says so (and starts from zero if it comes back).
    if (row.stock > 0)
      await insertLedger(tx, [
        {
          outletId,
          productId: row.productId,
          delta: -row.stock,
          stockAfter: 0,
          kind: 'adjustment',
          reason: 'Product removed from the outlet',
        },
      ]);
  });
}

/** Products an admin can add to an outlet, by name. */
export async function listProductOptions(db: Tx) {
  return db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(eq(products.isArchived, false))
    .orderBy(products.name);
}
