/**
 * Near-date stock: the live batches whose use-by falls in a range, of products sold by the unit in a
 * category with a markdown rule, where an active outlet offers the product. One grouped read for a
 * page or a placement, whatever the number of products (index stock_batches (status, use_by)).
 */
import { and, between, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productCategories, products } from '../../db/schema/catalog.ts';
import { outletProducts, outlets } from '../../db/schema/outlets.ts';
import { stockBatches } from '../../db/schema/stock.ts';

export function nearDateStock(tx: Tx, useByFrom: string, useByTo: string, productIds?: string[]) {
  return tx
    .select({
      productId: stockBatches.productId,
      outletId: stockBatches.outletId,
      useBy: sql<string>`${stockBatches.useBy}::text`,
      quantity: sql<number>`sum(${stockBatches.quantity})::int`,
      percent: sql<number>`${productCategories.markdownPercent}`,
      days: sql<number>`${productCategories.markdownDays}`,
      price: products.price,
      discountPrice: products.discountPrice,
    })
    .from(stockBatches)
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .innerJoin(outlets, eq(outlets.id, stockBatches.outletId))
    .innerJoin(
      outletProducts,
      and(eq(outletProducts.outletId, stockBatches.outletId), eq(outletProducts.productId, stockBatches.productId)),
    )
    .where(
      and(
        eq(stockBatches.status, 'live'),
        between(stockBatches.useBy, useByFrom, useByTo),
        gt(stockBatches.quantity, 0),
        isNotNull(productCategories.markdownPercent),
        isNull(products.weighing),
        eq(outlets.isActive, true),
        eq(outletProducts.isAvailable, true),
        productIds ? inArray(stockBatches.productId, productIds) : undefined,
      ),
    )
    .groupBy(
      stockBatches.productId,
      stockBatches.outletId,
      stockBatches.useBy,
      productCategories.markdownPercent,
      productCategories.markdownDays,
      products.price,
      products.discountPrice,
    );
}
