/** The SQL of substitutions: remembered choices, substitute candidates, and an order's line. */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { writeAtCommit } from '../../db/commit-with.ts';
import { products } from '../../db/schema/catalog.ts';
import { orderItems, substitutionChoices } from '../../db/schema/orders.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';

/** Products a line may name as its alternative or substitute: not archived. */
export function findActiveProducts(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discountPrice: products.discountPrice,
      options: products.options,
      categoryId: products.categoryId,
      weighing: products.weighing,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isArchived, false)));
}

export async function upsertSubstitutionChoices(
  tx: Tx,
  userId: string,
  rows: { productId: string; preference: string; alternativeProductId: string | null }[],
) {
  if (rows.length === 0) return;
  await writeAtCommit(
    tx,
    tx
      .insert(substitutionChoices)
      .values(rows.map((r) => ({ ...r, userId, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: [substitutionChoices.userId, substitutionChoices.productId],
        set: {
          preference: sql`excluded.preference`,
          alternativeProductId: sql`excluded.alternative_product_id`,
          updatedAt: sql`excluded.updated_at`,
        },
      }),
  );
}

/** The customer's remembered choices for these products, and their newest choice of all. */
export async function findSubstitutionChoices(tx: Tx, userId: string, productIds: string[]) {
  const alt = sql<
    string | null
  >`(SELECT ${products.name} FROM ${products} WHERE ${products.id} = ${substitutionChoices.alternativeProductId} AND NOT ${products.isArchived})`;
  const columns = {
    productId: substitutionChoices.productId,
    preference: substitutionChoices.preference,
    alternativeProductId: substitutionChoices.alternativeProductId,
    alternativeName: alt,
  };
  const mine = productIds.length
    ? await tx
        .select(columns)
        .from(substitutionChoices)
        .where(and(eq(substitutionChoices.userId, userId), inArray(substitutionChoices.productId, productIds)))
    : [];
  const [latest] = await tx
    .select(columns)
    .from(substitutionChoices)
    .where(eq(substitutionChoices.userId, userId))
    .orderBy(desc(substitutionChoices.updatedAt))
    .limit(1);
  return { mine, latest };
}

/**
 * Products of the same category, not archived, in stock: at this outlet when one is given (where it
 * offers them), else their best figure at any active outlet.
 */
export async function findSubstituteCandidates(tx: Tx, product: { id: string; categoryId: string | null }, outletId?: string) {
  if (!product.categoryId) return [];
  const stock = outletId ? sql<number>`${outletProducts.stock}` : sql<number>`max(${outletProducts.stock})::int`;
  const base = tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discountPrice: products.discountPrice,
      options: products.options,
      imageUrls: products.imageUrls,
      stock,
    })
    .from(products)
    .innerJoin(outletProducts, eq(outletProducts.productId, products.id))
    .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .where(
      and(
        eq(products.categoryId, product.categoryId),
        ne(products.id, product.id),
        eq(products.isArchived, false),
        // Substitutes are counted in units; one sold by weight cannot stand in yet (see markLineShort).
        isNull(products.weighing),
        eq(outletProducts.isAvailable, true),
        eq(outlets.isActive, true),
        gt(outletProducts.stock, 0),
        outletId ? eq(outletProducts.outletId, outletId) : undefined,
      ),
    );
  return outletId ? base : base.groupBy(products.id);
}

/** A product on sale at this outlet (active outlet, offered there, not archived), with its stock there. */
export async function findOutletOffer(tx: Tx, outletId: string, productId: string) {
  const [row] = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discountPrice: products.discountPrice,
      options: products.options,
      imageUrls: products.imageUrls,
      stock: outletProducts.stock,
    })
    .from(products)
    .innerJoin(outletProducts, eq(outletProducts.productId, products.id))
    .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .where(
      and(
        eq(products.id, productId),
        eq(outletProducts.outletId, outletId),
        eq(products.isArchived, false),
        // Substitutes are counted in units; one sold by weight cannot stand in yet (see markLineShort).
        isNull(products.weighing),
        eq(outletProducts.isAvailable, true),
        eq(outlets.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

/** One line of an order, with its substitution columns. */
export async function findOrderLine(tx: Tx, orderId: string, lineId: string) {
  const [row] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)))
    .limit(1);
  return row;
}

export type OrderLineRow = typeof orderItems.$inferSelect;

/**
 * Writes a line's packing outcome, conditional on what the caller read (`expect`), so two packers at
 * once cannot both resolve it; returns the row or nothing.
 */
export async function writeOrderLine(
  tx: Tx,
  lineId: string,
  expect: { refused: boolean },
  values: Partial<Pick<OrderLineRow, SubstitutionWritable>>,
) {
  const [row] = await tx
    .update(orderItems)
    .set(values)
    .where(
      and(
        eq(orderItems.id, lineId),
        expect.refused ? sql`${orderItems.substituteRefusedAt} IS NOT NULL` : sql`${orderItems.substituteRefusedAt} IS NULL`,
      ),
    )
    .returning();
  return row;
}

type SubstitutionWritable =
  | 'shortQuantity'
  | 'shortOutcome'
  | 'substituteProductId'
  | 'substituteName'
  | 'substitutePrice'
  | 'substitutedAt'
  | 'refusableUntil'
  | 'substituteRefusedAt'
  | 'finalPrice';
