/**
 * Admin > Trade accounts > Price lists: a tier's or an account's lines, added, changed and removed,
 * each with its audit row; and new tiers.
 */
import type { AdminPriceLine, AdminPriceLineCreateData, AdminPriceLineData, AdminPriceList } from '@meatshop/shared/trade-prices';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound, pgErrorCode } from '../../platform/errors.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';
import { findProductsForPricing } from '../orders/orders.repository.ts';
import { findTradeAccountById, findTradeTierById, insertTradeTier } from './trade.repository.ts';
import { deletePriceLine, findPriceLineById, findPriceListLines, insertPriceLine, updatePriceLine } from './trade-prices.repository.ts';

type Owner = { tierId: string } | { accountId: string };
type LineData = AdminPriceLineData;

export async function priceList(db: Tx, owner: Owner): Promise<AdminPriceList> {
  const lines = await findPriceListLines(db, owner);
  return { lines: lines as AdminPriceLine[] };
}

async function checkOwner(tx: Tx, owner: Owner) {
  if ('tierId' in owner) {
    if (!(await findTradeTierById(tx, owner.tierId))) throw invalid('Choose a tier', { tierId: 'Unknown tier' });
  } else if (!(await findTradeAccountById(tx, owner.accountId)))
    throw invalid('Choose a trade account', { accountId: 'Unknown trade account' });
}

const values = (l: LineData) => ({
  productId: l.productId,
  fixedPrice: l.fixedPrice ?? null,
  percentOff: l.percentOff ?? null,
  validFrom: l.validFrom ?? null,
  validTo: l.validTo ?? null,
  minQuantity: l.minQuantity,
  caseSize: l.caseSize,
});

async function checkProduct(tx: Tx, productId: string) {
  if ((await findProductsForPricing(tx, [productId])).length === 0) throw invalid('Choose a product', { productId: 'Unknown product' });
}

export async function addPriceLine(db: Db, input: AdminPriceLineCreateData, by: AuditActor) {
  const owner: Owner = input.tierId ? { tierId: input.tierId } : { accountId: input.accountId! };
  return db.transaction(async (tx) => {
    await checkOwner(tx, owner);
    await checkProduct(tx, input.productId);
    const row = await insertPriceLine(tx, { ...owner, ...values(input) });
    await recordAudit(tx, by, { entityType: 'trade_price', entityId: row.id, action: 'create', after: { ...owner, ...values(input) } });
    return priceList(tx, owner);
  });
}

export async function changePriceLine(db: Db, id: string, input: LineData, by: AuditActor) {
  return db.transaction(async (tx) => {
    const row = await findPriceLineById(tx, id);
    if (!row) throw notFound('Price line not found');
    await checkProduct(tx, input.productId);
    const before = values(row);
    const after = values(input);
    await updatePriceLine(tx, id, after);
    await recordAudit(tx, by, { entityType: 'trade_price', entityId: id, action: 'price_change', ...changedFields(before, after) });
    return priceList(tx, row.tierId ? { tierId: row.tierId } : { accountId: row.accountId! });
  });
}

export async function removePriceLine(db: Db, id: string, by: AuditActor) {
  return db.transaction(async (tx) => {
    const row = await findPriceLineById(tx, id);
    if (!row) throw notFound('Price line not found');
    await deletePriceLine(tx, id);
    await recordAudit(tx, by, { entityType: 'trade_price', entityId: id, action: 'delete', before: values(row) });
    return priceList(tx, row.tierId ? { tierId: row.tierId } : { accountId: row.accountId! });
  });
}

/** A new tier; its id is its name in lower case with dashes ("Bakery & Café" → "bakery-cafe"). */
export async function addTier(db: Db, name: string, by: AuditActor) {
  const id =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'tier';
  try {
    await db.transaction(async (tx) => {
      await insertTradeTier(tx, { id, name });
      await recordAudit(tx, by, { entityType: 'trade_price', entityId: `tier:${id}`, action: 'create', after: { tier: name } });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict('A tier with this name already exists.');
    throw err;
  }
}
