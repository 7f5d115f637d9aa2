/** Writes to product categories from the back office; the categories' list is in catalog.repository.ts. */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productCategories } from '../../db/schema/catalog.ts';

export type CategoryInsert = typeof productCategories.$inferInsert;

/** The category holding this slug, other than `exceptId`. */
export async function findCategoryBySlug(tx: Tx, slug: string, exceptId?: string) {
  const [hit] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(exceptId ? and(eq(productCategories.slug, slug), ne(productCategories.id, exceptId)) : eq(productCategories.slug, slug));
  return hit;
}

/** Returns the id, or undefined when there is no such category. */
export async function updateCategory(tx: Tx, id: string, values: Partial<CategoryInsert>) {
  const [row] = await tx.update(productCategories).set(values).where(eq(productCategories.id, id)).returning({ id: productCategories.id });
  return row;
}

export async function insertCategory(tx: Tx, values: CategoryInsert) {
  const [row] = await tx.insert(productCategories).values(values).returning({ id: productCategories.id });
  return row!;
}

/** Deletes the given ids; returns the ids that existed. */
export function deleteCategoriesByIds(tx: Tx, ids: string[]) {
  return tx
    .delete(productCategories)
    .where(inArray(productCategories.id, ids))
    .returning({ id: productCategories.id, name: productCategories.name, slug: productCategories.slug });
}
