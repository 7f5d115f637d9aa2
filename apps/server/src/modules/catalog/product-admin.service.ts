/** The back office's product rules: create, edit, stock, and delete that keeps order history whole. */
import type { AdminProduct } from '@meatshop/shared/admin-catalog';
import type { AdminProductInput } from '@meatshop/shared/admin-catalog';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { setTotalAtMainOutlet } from '../inventory/inventory.service.ts';
import { type AuditActor, type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import {
  archiveProduct,
  countOrderLinesOfProduct,
  deleteProductRow,
  findCategoryId,
  findLiveAdminProduct,
  findLiveAdminProducts,
  findLiveProductId,
  insertProduct,
  updateLiveProduct,
} from './products.repository.ts';

type ProductValues = z.output<typeof AdminProductInput>;

interface Row {
  id: string;
  name: string;
  description: string;
  price: number;
  discountPrice: number | null;
  stock: number;
  rating: number;
  imageUrls: string[];
  options: AdminProduct['options'];
  weighing: AdminProduct['weighing'];
  createdAt: Date;
  updatedAt: Date;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
}

function shape(r: Row): AdminProduct {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: r.price,
    discountPrice: r.discountPrice,
    stock: r.stock,
    rating: r.rating,
    imageUrls: r.imageUrls,
    options: r.options,
    weighing: r.weighing,
    category: r.categoryId ? { id: r.categoryId, name: r.categoryName ?? '', slug: r.categorySlug ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Every live product, newest first (archived ones stay only in order history). */
export async function listProducts(db: Db) {
  const rows = await findLiveAdminProducts(db);
  return rows.map(shape);
}

export async function getProduct(db: Tx, id: string) {
  const row = await findLiveAdminProduct(db, id);
  if (!row) throw notFound('Product not found');
  return shape(row);
}

async function assertCategory(tx: Tx, categoryId: string) {
  const c = await findCategoryId(tx, categoryId);
  if (!c) throw invalid('Category not found', { categoryId: 'Category not found' });
}

function values(input: ProductValues) {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    discountPrice: input.discountPrice ?? null,
    categoryId: input.categoryId,
    imageUrls: input.imageUrls,
    // Left out by an older form: the product keeps the options it has.
    ...(input.options !== undefined ? { options: input.options } : {}),
    ...(input.weighing !== undefined ? { weighing: input.weighing } : {}),
  };
}

/** What the trail keeps of a product: what staff edit, the category by name. */
function audited(p: AdminProduct): AuditFields {
  const { name, description, price, discountPrice, stock, imageUrls } = p;
  const soldBy = p.weighing
    ? `by weight: ${p.weighing.amounts.join(', ')} g${p.weighing.pieces ? ' pieces' : ''}, ±${p.weighing.tolerancePercent}%`
    : 'by the unit';
  const options = p.options.map((o) => `${o.name}: ${o.values.map((v) => v.label + (v.available ? '' : ' (unavailable)')).join(' / ')}`);
  return { name, description, price, discountPrice, stock, imageUrls, options, soldBy, category: p.category?.name ?? null };
}

const PRICE_FIELDS = new Set(['price', 'discountPrice']);

/** An edit that only moved the price reads as a price change in the trail. */
async function auditProductEdit(tx: Tx, by: AuditActor, before: AdminProduct, after: AdminProduct) {
  const change = changedFields(audited(before), audited(after));
  const keys = Object.keys(change.after);
  const action =
    keys.length > 0 && keys.every((k) => PRICE_FIELDS.has(k))
      ? 'price_change'
      : keys.length === 1 && keys[0] === 'stock'
        ? 'stock_set'
        : 'update';
  await recordAudit(tx, by, { entityType: 'product', entityId: after.id, action, ...change });
}

// The form's stock is the storefront total; it lives at outlets, so the difference goes to the main outlet.
export async function createProduct(db: Db, input: ProductValues, by: AuditActor) {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    const row = await insertProduct(tx, values(input));
    await setTotalAtMainOutlet(tx, row.id, input.stock, by.userId, 'Stock entered with the new product');
    const created = await getProduct(tx, row.id);
    await recordAudit(tx, by, { entityType: 'product', entityId: row.id, action: 'create', after: audited(created) });
    return created;
  });
}

export async function updateProduct(db: Db, id: string, input: ProductValues, by: AuditActor) {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    const before = await getProduct(tx, id);
    // Stock of a weighed product is in grams: switching how it is sold would read units as grams.
    const switches = input.weighing !== undefined && !!input.weighing !== !!before.weighing;
    if (switches && (before.stock > 0 || input.stock > 0)) {
      throw conflict(
        'Set its stock to 0 at every outlet before switching between sold by the unit and sold by weight (stock of a weighed product is counted in grams).',
      );
    }
    const row = await updateLiveProduct(tx, id, values(input));
    if (!row) throw notFound('Product not found');
    await setTotalAtMainOutlet(tx, id, input.stock, by.userId, 'Stock edited in Products');
    const after = await getProduct(tx, id);
    await auditProductEdit(tx, by, before, after);
    return after;
  });
}

/**
 * The inline stock edit of the products table: sets the storefront total, the difference received at
 * or taken from the main outlet, kept in the stock ledger like any other change (who, when, how much).
 */
export async function setProductStock(db: Db, id: string, stock: number, by: AuditActor) {
  return db.transaction(async (tx) => {
    const exists = await findLiveProductId(tx, id);
    if (!exists) throw notFound('Product not found');
    const before = await getProduct(tx, id);
    await setTotalAtMainOutlet(tx, id, stock, by.userId, 'Stock edited in Products');
    const after = await getProduct(tx, id);
    await auditProductEdit(tx, by, before, after);
    return after;
  });
}

/** Deletes a product, or archives it when past orders name it so their history stays whole. */
export async function deleteProduct(db: Db, id: string, by: AuditActor): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    const p = await findLiveProductId(tx, id);
    if (!p) throw notFound('Product not found');
    const before = audited(await getProduct(tx, id));
    const outcome = (await countOrderLinesOfProduct(tx, id)) > 0 ? 'archived' : 'deleted';
    if (outcome === 'archived') await archiveProduct(tx, id);
    else await deleteProductRow(tx, id);
    await recordAudit(tx, by, { entityType: 'product', entityId: id, action: outcome === 'archived' ? 'archive' : 'delete', before });
    return outcome;
  });
}
