/** The queries of trade price lists: a member's lines for some products, and the admin's editor. */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PriceLine } from '@meatshop/shared/trade-prices';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema/catalog.ts';
import { tradeAccounts, tradeMembers, tradePrices } from '../../db/schema/trade.ts';

/** The business and tier a person buys for: only an approved account's member has one. */
export async function findPricingMembership(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      accountId: tradeMembers.accountId,
      role: tradeMembers.role,
      approvalLimit: tradeMembers.approvalLimit,
      tierId: tradeAccounts.tierId,
    })
    .from(tradeMembers)
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeMembers.accountId))
    .where(and(eq(tradeMembers.userId, userId), eq(tradeAccounts.status, 'approved')));
  return row;
}

export type MemberPriceLine = PriceLine & { productId: string };

const lineColumns = {
  productId: tradePrices.productId,
  scope: sql<'account' | 'tier'>`CASE WHEN ${tradePrices.accountId} IS NULL THEN 'tier' ELSE 'account' END`,
  fixedPrice: tradePrices.fixedPrice,
  percentOff: tradePrices.percentOff,
  validFrom: tradePrices.validFrom,
  validTo: tradePrices.validTo,
  minQuantity: tradePrices.minQuantity,
  caseSize: tradePrices.caseSize,
};

/** Every line of the account's and its tier's lists, for these products (all of them when omitted): one query. */
export async function findMemberPriceLines(
  tx: Tx,
  accountId: string,
  tierId: string | null,
  productIds?: string[],
): Promise<MemberPriceLine[]> {
  if (productIds && productIds.length === 0) return [];
  const owner = tierId ? or(eq(tradePrices.accountId, accountId), eq(tradePrices.tierId, tierId)) : eq(tradePrices.accountId, accountId);
  return tx
    .select(lineColumns)
    .from(tradePrices)
    .where(productIds ? and(owner, inArray(tradePrices.productId, productIds)) : owner);
}

/** Every line of the account's and its tier's lists with its product's retail price, for the price sheet: one query. */
export async function findMemberPriceSheetLines(tx: Tx, accountId: string, tierId: string | null) {
  const owner = tierId ? or(eq(tradePrices.accountId, accountId), eq(tradePrices.tierId, tierId)) : eq(tradePrices.accountId, accountId);
  return tx
    .select({ ...lineColumns, price: products.price, discountPrice: products.discountPrice })
    .from(tradePrices)
    .innerJoin(products, eq(products.id, tradePrices.productId))
    .where(and(owner, eq(products.isArchived, false)));
}

// The admin's editor.
/** Products to price, by name (the editor's picker, for staff who may not open the catalog). */
export async function findProductChoices(tx: Tx) {
  return tx
    .select({ id: products.id, name: products.name, price: products.price, discountPrice: products.discountPrice })
    .from(products)
    .where(eq(products.isArchived, false))
    .orderBy(asc(products.name))
    .limit(2000);
}

export async function findPriceListLines(tx: Tx, owner: { tierId: string } | { accountId: string }) {
  return tx
    .select({
      id: tradePrices.id,
      productId: tradePrices.productId,
      productName: products.name,
      retailPrice: products.price,
      fixedPrice: tradePrices.fixedPrice,
      percentOff: tradePrices.percentOff,
      validFrom: tradePrices.validFrom,
      validTo: tradePrices.validTo,
      minQuantity: tradePrices.minQuantity,
      caseSize: tradePrices.caseSize,
    })
    .from(tradePrices)
    .innerJoin(products, eq(products.id, tradePrices.productId))
    .where('tierId' in owner ? eq(tradePrices.tierId, owner.tierId) : eq(tradePrices.accountId, owner.accountId))
    .orderBy(asc(products.name), asc(tradePrices.validFrom));
}

export async function insertPriceLine(tx: Tx, values: typeof tradePrices.$inferInsert) {
  const [row] = await tx.insert(tradePrices).values(values).returning();
  return row!;
}

export async function findPriceLineById(tx: Tx, id: string) {
  const [row] = await tx.select().from(tradePrices).where(eq(tradePrices.id, id));
  return row;
}

export async function updatePriceLine(tx: Tx, id: string, values: Partial<typeof tradePrices.$inferInsert>) {
  await tx.update(tradePrices).set(values).where(eq(tradePrices.id, id));
}

export async function deletePriceLine(tx: Tx, id: string) {
  await tx.delete(tradePrices).where(eq(tradePrices.id, id));
}

/** Accounts that have a list of their own or could have one (approved or suspended), for the editor's picker. */
export async function findPricedAccounts(tx: Tx) {
  return tx
    .select({ id: tradeAccounts.id, businessName: tradeAccounts.businessName })
    .from(tradeAccounts)
    .where(and(isNotNull(tradeAccounts.tierId), inArray(tradeAccounts.status, ['approved', 'suspended'])))
    .orderBy(asc(tradeAccounts.businessName));
}
